import { describe, expect, it } from 'vitest';
import { VERIFIERS } from '../features/provably-fair/verifier-games.ts';
import { GAME_THEME } from '../ui/game-theme.ts';
import source from './games.tsx?raw';
import { GAME_ROUTES, GAMES, gameName, gamePath, HOME_TILES, VERIFIER_TABS } from './games.tsx';

const keys = GAMES.map((g) => g.key);

/** Gaps left by CSS grid's row auto-placement of tiles `spans` wide on `columns` columns. */
function gridGaps(spans: number[], columns: number): number {
  let gaps = 0;
  let used = 0;
  for (const span of spans) {
    if (used + span > columns) {
      gaps += columns - used;
      used = 0;
    }
    used = (used + span) % columns;
  }
  return gaps + (used === 0 ? 0 : columns - used);
}

describe('the game registry', () => {
  it('registers each game once, with art, colours and a verifier, and every verifier has its game', () => {
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual(Object.keys(GAME_THEME).sort());
    expect([...keys].sort()).toEqual(Object.keys(VERIFIERS).sort());
  });

  it('puts every game in the menus, on a home tile and on a verifier tab, each place used once', () => {
    const places = (list: readonly unknown[]) => list.map((_, i) => i + 1);
    expect(GAMES.map((g) => g.tile.at).sort((a, b) => a - b)).toEqual(places(GAMES));
    expect(GAMES.map((g) => g.verifierTab).sort((a, b) => a - b)).toEqual(places(GAMES));
    expect(HOME_TILES.map((g) => g.key)).toEqual([
      'battles',
      'upgrader',
      'cases',
      'roulette',
      'crash',
      'dice',
      'limbo',
      'slots',
      'mines',
      'coinflip',
      'blackjack',
      'plinko',
      'wheel',
      'keno',
      'hilo',
    ]);
    expect(VERIFIER_TABS.slice(0, 6).map((g) => g.name)).toEqual([
      'Case Battles',
      'Cases',
      'Slots',
      'Crash',
      'Roulette',
      'Upgrader',
    ]);
  });

  it('links each game at /<key> and routes each path once', () => {
    for (const game of GAMES) expect(gamePath(game)).toBe(`/${game.key}`);
    const paths = GAME_ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toContain('/cases/:caseSlug');
  });

  it('fills the home grid on 4 and on 2 columns (the leaderboard tile, two wide, comes last)', () => {
    const spans = [...HOME_TILES.map((g) => (g.tile.wide ? 2 : 1)), 2];
    expect(gridGaps(spans, 4)).toBe(0);
    expect(gridGaps(spans, 2)).toBe(0);
  });

  it('names bets by their game', () => {
    expect(gameName('battles')).toBe('Case Battles');
    expect(gameName('blackjack')).toBe('Blackjack');
    expect(gameName('unknown')).toBe('unknown');
  });

  it('loads no page statically: every page is a lazy import()', () => {
    const staticImports = [...source.matchAll(/^import [^;]*from '([^']+)'/gm)].map((m) => m[1]);
    expect(
      staticImports.filter((from) => from?.startsWith('../features/') && !from.endsWith('verifier-games.ts')),
    ).toEqual([]);
    expect(source).toMatch(/^import type \{ VerifyGame \}/m);
  });
});

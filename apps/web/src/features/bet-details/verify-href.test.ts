import { cardLabel, hiloReplay, kenoDraw, kenoSettle, verifyOutcome } from '@coinsite/shared/fairness';
import { describe, expect, it } from 'vitest';
import { VERIFIERS } from '../provably-fair/verifier-games.ts';
import type { BetDetailsView } from '../profile/profile-api.ts';
import { prefillFrom, verifyHref } from './verify-href.ts';

const seeds = { serverSeedHash: 'h', serverSeed: 'revealed seed', clientSeed: 'my seed', nonce: 7 };
const bet = (game: string, outcome: unknown): BetDetailsView => ({
  id: '1',
  game,
  username: 'u',
  amount: 1,
  payout: 0,
  multiplier: 0,
  created: '',
  outcome,
  seeds,
});

/** The bet page's Verify link, read back as the verifier tab reads it, builds the bet's own input. */
function roundTrip(b: BetDetailsView) {
  const url = new URL(verifyHref(b), 'http://x');
  const built = VERIFIERS[b.game as 'keno' | 'hilo'].build(prefillFrom(url.searchParams));
  if (typeof built === 'string') throw new Error(built);
  return Object.fromEntries(verifyOutcome(built).map((l) => [l.label, l.value]));
}

describe('keno and hilo bets open the verifier filled in (issue 32)', () => {
  const s = { serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce };

  it('keno: risk and picks travel; the draw and hits re-derive', () => {
    const picks = [3, 14, 27, 40];
    const o = kenoSettle(kenoDraw(s), 100, 'high', picks);
    const lines = roundTrip(bet('keno', { risk: 'high', picks, drawn: o.drawn, hits: o.hits }));
    expect(lines['Drawn (draw order)']).toBe(o.drawn.join(', '));
    expect(lines.Hits).toBe(o.hits.length > 0 ? o.hits.join(', ') : 'none');
    expect(lines.Multiplier).toBe(`${(o.multiplier / 100).toFixed(2)}x`);
  });

  it('hilo: the guesses travel; the dealt cards re-derive', () => {
    const game = hiloReplay(s, ['skip', 'higher', 'lower', 'same']);
    const lines = roundTrip(bet('hilo', { cards: game.cards, steps: game.steps }));
    expect(lines['Cards in deal order']).toBe(game.cards.map(cardLabel).join(' '));
  });

  it('the verifier refuses picks out of range and unknown guesses with a sentence', () => {
    const base = { serverSeed: 'a', clientSeed: 'b', nonce: '0' };
    expect(VERIFIERS.keno.build({ ...base, risk: 'low', picks: '0, 5' })).toMatch(/1 to 40/);
    expect(VERIFIERS.keno.build({ ...base, risk: 'low', picks: '5, 5' })).toMatch(/once/);
    expect(VERIFIERS.hilo.build({ ...base, choices: 'up' })).toMatch(/higher, lower, same and skip/);
  });
});

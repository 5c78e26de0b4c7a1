import type { RouteObject } from 'react-router';
import type { VerifyGame } from '../features/provably-fair/verifier-games.ts';
import type { GameKey } from '../ui/game-theme.ts';
import { lazyPage } from './lazy.tsx';

/**
 * The web's game registry (issue 30): one registration per game, from which the routes
 * (routes.tsx), the Games menu and the phone menu (features/nav), the home tiles (features/home)
 * and the provably-fair verifier tabs are derived. A new game is its feature folder, its art in
 * ui/game-art.tsx and ui/game-theme.ts, and one entry here.
 *
 * Pages are lazy (each its own chunk, loaded when its route is first shown): this file is in the
 * first load, so it must never import a page statically (tests/e2e/bundle-budget.test.ts).
 *
 * Hotkeys are not listed here: each game screen binds its own (useBetHotkeys with the screen's
 * stake, blackjack's action keys), so there is no list to derive them from.
 */
export interface GameRegistration {
  /** Its art and colours (ui/game-theme.ts), the `game` of its bets, its verifier tab (?tab=). */
  key: GameKey & VerifyGame;
  /** Shown in the menus, on the home tile, in the live feed and on the verifier tab. */
  name: string;
  subtitle: string;
  /** Its screens; the first is `/<key>`, where the menus and the tile link. */
  routes: readonly [RouteObject, ...RouteObject[]];
  /** Its home tile: place among the tiles (from 1) and whether it spans two columns. */
  tile: { at: number; wide?: boolean };
  /** Place of its tab on /provably-fair (from 1; "How it works?" comes first). */
  verifierTab: number;
}

const BattlePage = lazyPage(() => import('../features/battles/battle-page.tsx'), 'BattlePage');
const BattlesPage = lazyPage(() => import('../features/battles/battles-page.tsx'), 'BattlesPage');
const BlackjackPage = lazyPage(() => import('../features/blackjack/blackjack-page.tsx'), 'BlackjackPage');
const CasePage = lazyPage(() => import('../features/cases/case-page.tsx'), 'CasePage');
const CasesPage = lazyPage(() => import('../features/cases/cases-page.tsx'), 'CasesPage');
const CoinflipPage = lazyPage(() => import('../features/coinflip/coinflip-page.tsx'), 'CoinflipPage');
const CrashPage = lazyPage(() => import('../features/crash/crash-page.tsx'), 'CrashPage');
const DicePage = lazyPage(() => import('../features/dice/dice-page.tsx'), 'DicePage');
const HiloPage = lazyPage(() => import('../features/hilo/hilo-page.tsx'), 'HiloPage');
const KenoPage = lazyPage(() => import('../features/keno/keno-page.tsx'), 'KenoPage');
const LimboPage = lazyPage(() => import('../features/limbo/limbo-page.tsx'), 'LimboPage');
const MinesPage = lazyPage(() => import('../features/mines/mines-page.tsx'), 'MinesPage');
const PlinkoPage = lazyPage(() => import('../features/plinko/plinko-page.tsx'), 'PlinkoPage');
const RoulettePage = lazyPage(() => import('../features/roulette/roulette-page.tsx'), 'RoulettePage');
const SlotPlayPage = lazyPage(() => import('../features/slots/slot-play-page.tsx'), 'SlotPlayPage');
const SlotsPage = lazyPage(() => import('../features/slots/slots-page.tsx'), 'SlotsPage');
const WheelPage = lazyPage(() => import('../features/wheel/wheel-page.tsx'), 'WheelPage');
const UpgraderPage = lazyPage(() => import('../features/upgrader/upgrader-page.tsx'), 'UpgraderPage');

/** Every game, in the Games menu's order (spec-2 §2's nine, then the later games). */
export const GAMES: readonly GameRegistration[] = [
  {
    key: 'battles',
    name: 'Case Battles',
    subtitle: 'Battle others opening the same cases',
    routes: [
      { path: '/battles', element: <BattlesPage /> },
      { path: '/battles/:battleId', element: <BattlePage /> },
    ],
    tile: { at: 1, wide: true },
    verifierTab: 1,
  },
  {
    key: 'slots',
    name: 'Slots',
    // the count comes from GET /api/slots (app/game-subtitle.tsx): the playable ones, as /slots says
    subtitle: 'Pragmatic Play slots',
    routes: [
      { path: '/slots', element: <SlotsPage /> },
      { path: '/slots/:identifier2', element: <SlotPlayPage /> },
    ],
    tile: { at: 8, wide: true },
    verifierTab: 3,
  },
  {
    key: 'upgrader',
    name: 'Upgrader',
    subtitle: 'Turn your balance into bigger items',
    routes: [{ path: '/upgrader', element: <UpgraderPage /> }],
    tile: { at: 2 },
    verifierTab: 6,
  },
  {
    key: 'limbo',
    name: 'Limbo',
    subtitle: 'Pick a target, beat the multiplier',
    routes: [{ path: '/limbo', element: <LimboPage /> }],
    tile: { at: 7 },
    verifierTab: 8,
  },
  {
    key: 'mines',
    name: 'Mines',
    subtitle: 'Dodge the mines, grow your payout',
    // route matching is case-insensitive, so this serves both /Mines (spec) and /mines (menu)
    routes: [{ path: '/mines', element: <MinesPage /> }],
    tile: { at: 9 },
    verifierTab: 9,
  },
  {
    key: 'dice',
    name: 'Dice',
    subtitle: 'Roll under your target',
    routes: [{ path: '/dice', element: <DicePage /> }],
    tile: { at: 6 },
    verifierTab: 7,
  },
  {
    key: 'cases',
    name: 'Cases',
    subtitle: 'Open cases, win items',
    routes: [
      { path: '/cases', element: <CasesPage /> },
      { path: '/cases/:caseSlug', element: <CasePage /> },
    ],
    tile: { at: 3 },
    verifierTab: 2,
  },
  {
    key: 'roulette',
    name: 'Roulette',
    subtitle: 'Red, black or the green 14x',
    routes: [{ path: '/roulette', element: <RoulettePage /> }],
    tile: { at: 4 },
    verifierTab: 5,
  },
  {
    key: 'crash',
    name: 'Crash',
    subtitle: 'Cash out before it crashes',
    routes: [{ path: '/crash', element: <CrashPage /> }],
    tile: { at: 5 },
    verifierTab: 4,
  },
  {
    key: 'coinflip',
    name: 'Coinflip',
    subtitle: 'Heads or tails against a player',
    routes: [{ path: '/coinflip', element: <CoinflipPage /> }],
    tile: { at: 10 },
    verifierTab: 11,
  },
  {
    key: 'blackjack',
    name: 'Blackjack',
    subtitle: 'Beat the dealer to 21',
    routes: [{ path: '/blackjack', element: <BlackjackPage /> }],
    tile: { at: 11, wide: true },
    verifierTab: 10,
  },
  {
    key: 'plinko',
    name: 'Plinko',
    subtitle: 'Drop the ball, hit the edges',
    routes: [{ path: '/plinko', element: <PlinkoPage /> }],
    tile: { at: 12 },
    verifierTab: 12,
  },
  {
    key: 'wheel',
    name: 'Wheel',
    subtitle: 'Spin for up to 49.50x',
    routes: [{ path: '/wheel', element: <WheelPage /> }],
    tile: { at: 13 },
    verifierTab: 13,
  },
  {
    key: 'keno',
    name: 'Keno',
    subtitle: 'Pick your numbers, watch the draw',
    routes: [{ path: '/keno', element: <KenoPage /> }],
    tile: { at: 14 },
    verifierTab: 14,
  },
  {
    key: 'hilo',
    name: 'Hilo',
    subtitle: 'Higher or lower, card after card',
    routes: [{ path: '/hilo', element: <HiloPage /> }],
    tile: { at: 15 },
    verifierTab: 15,
  },
];

const byPlace = (place: (game: GameRegistration) => number) => [...GAMES].sort((a, b) => place(a) - place(b));

/** The home tiles, in their order. */
export const HOME_TILES: readonly GameRegistration[] = byPlace((g) => g.tile.at);

/** The verifier tabs of /provably-fair after "How it works?", in their order. */
export const VERIFIER_TABS: readonly GameRegistration[] = byPlace((g) => g.verifierTab);

/** Every game screen, for the route table. */
export const GAME_ROUTES: readonly RouteObject[] = GAMES.flatMap((g) => g.routes);

/** The menus link a game at its first route. */
export const gamePath = (game: GameRegistration): string => game.routes[0].path ?? `/${game.key}`;

/** A game's display name from its key (dice → Dice, battles → Case Battles); unknown keys as given. */
export function gameName(key: string): string {
  return GAMES.find((g) => g.key === key)?.name ?? key;
}

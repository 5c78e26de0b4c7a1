/** Games that have generated art, with their tile colours. */
export type GameKey =
  | 'battles'
  | 'upgrader'
  | 'cases'
  | 'roulette'
  | 'crash'
  | 'dice'
  | 'limbo'
  | 'slots'
  | 'mines'
  | 'coinflip'
  | 'blackjack'
  | 'plinko'
  | 'wheel'
  | 'keno'
  | 'hilo';

/** Tile colours: [from, to, accent]. */
export const GAME_THEME: Record<GameKey, readonly [string, string, string]> = {
  battles: ['#3b1d60', '#150d2b', '#c084fc'],
  upgrader: ['#0f3d3a', '#07171a', '#2dd4bf'],
  cases: ['#4a2a0a', '#1a0f05', '#fbbf24'],
  roulette: ['#4a1020', '#17070c', '#f43f5e'],
  crash: ['#0c2f4d', '#06121f', '#38bdf8'],
  dice: ['#123a22', '#07160d', '#4ade80'],
  limbo: ['#3d1746', '#140818', '#e879f9'],
  slots: ['#4a1f0a', '#1a0b04', '#fb923c'],
  mines: ['#1a2a52', '#0a1022', '#818cf8'],
  coinflip: ['#463a0b', '#171305', '#facc15'],
  blackjack: ['#0f3b2b', '#06170f', '#34d399'],
  plinko: ['#40133a', '#150614', '#f472b6'],
  wheel: ['#0d3346', '#051219', '#22d3ee'],
  keno: ['#0e3a4a', '#06151c', '#22d3ee'],
  hilo: ['#4a1036', '#170613', '#f472b6'],
};

function isGameKey(key: string): key is GameKey {
  return Object.hasOwn(GAME_THEME, key);
}

/** The art for a route of the games menu ('/battles' → 'battles'), if there is one. */
export function gameKeyForPath(path: string): GameKey | undefined {
  const key = path.replace(/^\//, '').toLowerCase();
  return isGameKey(key) ? key : undefined;
}

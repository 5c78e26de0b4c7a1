/**
 * The VIP level table of economy.md: 500 levels driven by the total wagered amount.
 * Pure: no I/O, no clock. Amounts are integer cents (2 coins = 1 dollar).
 *
 * Level L (1..500), i = L − 1, N = 500:
 *   wagerNeeded(L)        = 502007 × (i/N)^2 coins, rounded to cents
 *   rakebackPercentage(L) = 21.66 / (1 + e^(−5 × (i/N − 0.5))), 2 decimals
 *   major rank name       = names[floor(i × 12 / N)]
 */

export const VIP_LEVEL_COUNT = 500;
/** wagerNeeded's scale in coins (the curve reaches it just past the last level). */
export const VIP_WAGER_SCALE_COINS = 502_007;
export const VIP_RAKEBACK_MAX_PCT = 21.66;

export const VIP_MAJOR_NAMES = [
  'Beginner',
  'Amateur',
  'Professional',
  'Elite',
  'Master',
  'Expert',
  'Champion',
  'Veteran',
  'Ace',
  'Prodigy',
  'Legend',
  'Crown',
] as const;

/** One colour per major rank, same order as VIP_MAJOR_NAMES. */
export const VIP_MAJOR_COLORS = [
  '#9CA3AF',
  '#84CC16',
  '#22C55E',
  '#14B8A6',
  '#38BDF8',
  '#6366F1',
  '#A855F7',
  '#EC4899',
  '#F43F5E',
  '#F97316',
  '#F59E0B',
  '#FACC15',
] as const;

export interface VipLevel {
  /** 1..500 */
  level: number;
  /** The level number as text ("1".."500"), as the wire's Level.name. */
  name: string;
  /** The major rank's name, e.g. "Beginner". */
  levelName: string;
  levelColor: string;
  wagerNeededCents: number;
  /** Percent with 2 decimals, e.g. 1.64. */
  rakebackPercentage: number;
}

export interface LevelProgress {
  level: number;
  levelName: string;
  levelColor: string;
  wagerNeededCents: number;
  /** null at the top level. */
  nextWagerNeededCents: number | null;
  /** 0..1 from this level's threshold to the next; 1 at the top level. */
  progress: number;
}

function checkLevel(level: number): number {
  if (!Number.isInteger(level) || level < 1 || level > VIP_LEVEL_COUNT) {
    throw new RangeError(`VIP level must be an integer 1..${VIP_LEVEL_COUNT}, got ${level}`);
  }
  return level - 1;
}

/**
 * Cents needed to reach a level. Exact integer math:
 * 502007 × i² / 500² coins = 50,200,700 × i² / 250,000 cents, rounded half up.
 */
export function wagerNeededCents(level: number): number {
  const i = checkLevel(level);
  const n2 = VIP_LEVEL_COUNT * VIP_LEVEL_COUNT;
  return Math.floor((VIP_WAGER_SCALE_COINS * 100 * i * i + n2 / 2) / n2);
}

export function rakebackPercentage(level: number): number {
  const x = checkLevel(level) / VIP_LEVEL_COUNT;
  const pct = VIP_RAKEBACK_MAX_PCT / (1 + Math.exp(-5 * (x - 0.5)));
  return Math.round(pct * 100) / 100;
}

export function majorIndex(level: number): number {
  return Math.floor((checkLevel(level) * VIP_MAJOR_NAMES.length) / VIP_LEVEL_COUNT);
}

function buildLevel(level: number): VipLevel {
  const major = majorIndex(level);
  return {
    level,
    name: String(level),
    levelName: VIP_MAJOR_NAMES[major] ?? 'Beginner',
    levelColor: VIP_MAJOR_COLORS[major] ?? '#9CA3AF',
    wagerNeededCents: wagerNeededCents(level),
    rakebackPercentage: rakebackPercentage(level),
  };
}

let table: readonly VipLevel[] | null = null;

/** All 500 levels, lowest first (computed once). */
export function vipLevels(): readonly VipLevel[] {
  if (!table) {
    table = Object.freeze(
      Array.from({ length: VIP_LEVEL_COUNT }, (_, k) => Object.freeze(buildLevel(k + 1))),
    );
  }
  return table;
}

/** The highest level whose threshold the wager has reached (binary search over the table). */
export function levelForWagerCents(wagerCents: number): LevelProgress {
  const levels = vipLevels();
  const wager = Number.isFinite(wagerCents) ? Math.max(0, wagerCents) : 0;
  let lo = 0;
  let hi = levels.length - 1;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    const candidate = levels[mid];
    if (candidate && candidate.wagerNeededCents <= wager) lo = mid;
    else hi = mid - 1;
  }
  const current = levels[lo] ?? buildLevel(1);
  const next = levels[lo + 1];
  const nextWagerNeededCents = next ? next.wagerNeededCents : null;
  let progress = 1;
  if (nextWagerNeededCents !== null) {
    const span = nextWagerNeededCents - current.wagerNeededCents;
    progress = span > 0 ? Math.min(1, Math.max(0, (wager - current.wagerNeededCents) / span)) : 1;
  }
  return {
    level: current.level,
    levelName: current.levelName,
    levelColor: current.levelColor,
    wagerNeededCents: current.wagerNeededCents,
    nextWagerNeededCents,
    progress,
  };
}

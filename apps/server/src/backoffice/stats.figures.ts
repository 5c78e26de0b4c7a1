import { BONUS_KINDS, type BonusKind, type StatsWindowQuery } from '@coinsite/shared';
import { gameEdgeBp } from '../economy/wager-hooks.ts';
import { Errors } from '../platform/errors.ts';
import type { LedgerKind } from '../platform/wallet.ts';
import { REFUND_KINDS, STAKE_KINDS, WIN_KINDS } from './stats.rollup.ts';

/**
 * The figures of a set of ledger sums (kind → summed delta and row count), the one place where
 * ledger kinds become wagered, paid, GGR, bonus cost, deposits and withdrawals. The rollup, the
 * player view and the test's recomputation from the ledger all go through it.
 */
export type KindSums = Map<string, { amount: number; entries: number }>;

/** Which ledger kinds make each bonus (all promotional, plus the players' tips into the rain pot). */
export const BONUS_LEDGER_KINDS: Record<BonusKind, LedgerKind[]> = {
  rakeback: ['rakeback'],
  affiliate: ['affiliate_bonus', 'affiliate_claim'],
  coupon: ['coupon'],
  faucet: ['faucet'],
  cases: ['daily_case'],
  // the house's part of a rain: what it paid out less what players tipped into the pot
  rain: ['rain', 'rain_tip'],
  trivia: ['trivia'],
  giveaway: ['giveaway'],
  race: ['race'],
  slotsPromo: ['slots-promo'],
};

export interface Figures {
  bets: number;
  wagered: number;
  paid: number;
  ggr: number;
  bonusByKind: Record<BonusKind, number>;
  bonusCost: number;
  adminCredits: number;
  ngr: number;
  deposits: number;
  withdrawalsRequested: number;
  withdrawalsRefunded: number;
  /** Sum of every delta: the change in the players' balances. */
  net: number;
}

const sumOf = (sums: KindSums, kinds: readonly string[], field: 'amount' | 'entries' = 'amount') =>
  kinds.reduce((t, k) => t + (sums.get(k)?.[field] ?? 0), 0);

/** −x without a negative zero (JSON and equality treat -0 apart). */
const neg = (x: number) => (x === 0 ? 0 : -x);

export function figuresOf(sums: KindSums): Figures {
  const staked = neg(sumOf(sums, STAKE_KINDS));
  const refunded = sumOf(sums, REFUND_KINDS);
  const wagered = staked - refunded;
  const paid = sumOf(sums, WIN_KINDS);
  const bonusByKind = Object.fromEntries(
    BONUS_KINDS.map((b) => [b, sumOf(sums, BONUS_LEDGER_KINDS[b])]),
  ) as Record<BonusKind, number>;
  const bonusCost = BONUS_KINDS.reduce((t, b) => t + bonusByKind[b], 0);
  const ggr = wagered - paid;
  let net = 0;
  for (const v of sums.values()) net += v.amount;
  return {
    bets: Math.max(0, sumOf(sums, STAKE_KINDS, 'entries') - sumOf(sums, REFUND_KINDS, 'entries')),
    wagered,
    paid,
    ggr,
    bonusByKind,
    bonusCost,
    adminCredits: sumOf(sums, ['admin']),
    ngr: ggr - bonusCost,
    deposits: sumOf(sums, ['deposit']),
    withdrawalsRequested: neg(sumOf(sums, ['withdraw'])),
    withdrawalsRefunded: sumOf(sums, ['withdraw_refund']),
    net,
  };
}

/** Rows of (kind, amount, entries) → KindSums (adds rows of the same kind). */
export function kindSums(
  rows: ReadonlyArray<{ kind: string; amount: number | string; entries: number | string }>,
): KindSums {
  const m: KindSums = new Map();
  for (const r of rows) {
    const prev = m.get(r.kind) ?? { amount: 0, entries: 0 };
    m.set(r.kind, { amount: prev.amount + Number(r.amount), entries: prev.entries + Number(r.entries) });
  }
  return m;
}

/** A percentage with 2 decimals (null when nothing was wagered). */
export const pct = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;

/**
 * A game's designed return (percent): 100 − its edge (wager-hooks.ts, the rake's edges; dice, limbo
 * and mines as configured). A provider slot ('slots:<code>') uses the slots' edge; a stake the
 * rollup could not place ('other') has none.
 */
export function theoreticalRtp(game: string): number | null {
  if (game === 'other' || game === '') return null;
  const base = game.startsWith('slots:') ? 'slots' : game;
  return 100 - gameEdgeBp(base) / 100;
}

/**
 * Each game's variance of one bet's return per unit stake at its common setting (the floor of the
 * band; docs/decisions/back-office.md): a 2× bet at the game's edge for dice, limbo, mines, crash;
 * red/black for roulette; 50 % chance for upgrader; a seat of a coinflip; blackjack's known ≈1.3; cases
 * and battles 1 (a case pays many small items and rare big ones); slots 10; plinko 16 rows medium ≈ 2,
 * wheel 10 segments medium ≈ 1.1, keno 10 picks classic ≈ 10 (rare big hits), hilo a 2-guess run ≈ 1.
 */
const UNIT_VARIANCE: Record<string, number> = {
  dice: 1,
  limbo: 1,
  mines: 1,
  crash: 1,
  roulette: 1,
  upgrader: 0.81,
  coinflip: 0.9,
  blackjack: 1.3,
  cases: 1,
  battles: 1,
  slots: 10,
  plinko: 2,
  wheel: 1.1,
  keno: 10,
  hilo: 1,
};

export function unitVariance(game: string): number {
  return UNIT_VARIANCE[game.startsWith('slots:') ? 'slots' : game] ?? 1;
}

/** Bets a game needs before its realised RTP can be flagged (below that the normal band is not trusted). */
export const MIN_BETS_TO_FLAG = 1000;

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export interface Window {
  from: Date;
  /** Exclusive. */
  to: Date;
  granularity: 'day' | 'hour';
}

/** The query's window in UTC: days (today and the N − 1 before), hours, or from..to dates (to included). */
export function windowOf(q: StatsWindowQuery, now: Date, fallbackDays = 7): Window {
  if (q.from && q.to) {
    const from = new Date(`${q.from}T00:00:00Z`);
    const to = new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS);
    if (to.getTime() - from.getTime() > 3660 * DAY_MS) throw Errors.badRequest('At most ten years.');
    return { from, to, granularity: to.getTime() - from.getTime() <= 2 * DAY_MS ? 'hour' : 'day' };
  }
  if (q.hours) {
    const end = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
    return { from: new Date(end - q.hours * HOUR_MS), to: new Date(end), granularity: 'hour' };
  }
  const days = q.days ?? fallbackDays;
  const end = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  return { from: new Date(end - days * DAY_MS), to: new Date(end), granularity: days <= 2 ? 'hour' : 'day' };
}

/** The UTC dates a window touches (the distinct counts are kept per day). */
export function daysOf(w: Window): { first: string; last: string } {
  const first = w.from.toISOString().slice(0, 10);
  const last = new Date(w.to.getTime() - 1).toISOString().slice(0, 10);
  return { first, last };
}

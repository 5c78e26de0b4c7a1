import { z } from 'zod';

/**
 * Issue 31: the back office's figures and the public transparency page. Amounts are coins (2
 * decimals) like the rest of the API; RTPs and their band are percents.
 */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const isoDate = z.string().regex(DATE_ONLY, { error: 'Use a date like 2026-11-26.' });

/** A window: the last N UTC days (today included), the last N hours, or from..to (UTC dates, both included). */
export const statsWindowQuery = z
  .object({
    days: z.coerce.number().int().min(1).max(3660).optional(),
    hours: z.coerce
      .number()
      .int()
      .min(1)
      .max(24 * 14)
      .optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !(q.from && !q.to) && !(q.to && !q.from), { error: 'Give both from and to.' })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to.' });
export type StatsWindowQuery = z.infer<typeof statsWindowQuery>;

export const statsPlayerParams = z.object({ id: z.string().regex(/^\d{1,15}$/, { error: 'Invalid user.' }) });

export const statsPlayerSearchQuery = z.object({
  q: z.string().trim().min(1, { error: 'Type a name, an email or an id.' }).max(100),
});

/** Controls other than a line break or a tab, and halves of a surrogate pair (no character at all). */
const NOT_NOTE_TEXT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const staffNoteBody = z.object({
  body: z
    .string({ error: 'Write the note.' })
    .trim()
    .min(1, { error: 'Write the note.' })
    .max(2000, { error: 'At most 2000 characters.' })
    .refine((s) => !NOT_NOTE_TEXT.test(s), { error: 'The note may only contain printable characters.' }),
});

export const backofficeSettingsBody = z.object({ transparencyEnabled: z.boolean() });

/** The bonus kinds the overview shows apart (each a set of ledger kinds: docs/decisions/back-office.md). */
export const BONUS_KINDS = [
  'rakeback',
  'affiliate',
  'coupon',
  'faucet',
  'cases',
  'rain',
  'trivia',
  'giveaway',
  'race',
  'slotsPromo',
] as const;
export type BonusKind = (typeof BONUS_KINDS)[number];

export interface StatsSeriesPoint {
  /** A UTC date (YYYY-MM-DD) or, for hourly series, an ISO instant at the hour. */
  date: string;
  wagered: number;
  paid: number;
  ggr: number;
  deposits: number;
  withdrawals: number;
  activePlayers: number;
  bonusCost: number;
  bets: number;
}

export interface StatsOverview {
  from: string;
  to: string;
  /** The rollup's last run (figures are as of then). */
  asOf: string | null;
  wagered: number;
  paid: number;
  ggr: number;
  bonusCost: number;
  bonusByKind: Record<BonusKind, number>;
  /** Operators' balance corrections (net), shown apart from the bonus cost. */
  adminCredits: number;
  ngr: number;
  holdPct: number | null;
  bets: number;
  activePlayers: number;
  newPlayers: number;
  firstDepositors: number;
  deposits: number;
  /** Requested minus refunded (the ledger's net withdrawals). */
  withdrawals: number;
  withdrawalsRequested: number;
  withdrawalsRefunded: number;
  /** Completed payouts of withdrawals requested in the window (cashier), and those still open now. */
  withdrawalsPaid: number;
  withdrawalsPending: number;
  liabilities: number;
  /** 'day' or 'hour' points. */
  granularity: 'day' | 'hour';
  series: StatsSeriesPoint[];
}

export interface StatsGameRow {
  game: string;
  bets: number;
  players: number;
  wagered: number;
  paid: number;
  ggr: number;
  rtp: number | null;
  theoreticalRtp: number | null;
  low: number | null;
  high: number | null;
  flagged: boolean;
  biggestMultiplier: number | null;
  /** betId: the bet page's id (/bets/:id): `123`, `crash-12`, `roulette-7`, `coinflip-5-2`; null without one. */
  biggestWins: Array<{ betId: string | null; userId: string; amount: number; at: string }>;
}

export interface StatsGames {
  from: string;
  to: string;
  /** Bets a game needs before it can be flagged. */
  minBets: number;
  games: StatsGameRow[];
}

export interface StatsPlayerGame {
  game: string;
  bets: number;
  wagered: number;
  paid: number;
  ggr: number;
  rtp: number | null;
}

export interface StatsPlayer {
  id: string;
  username: string;
  email: string | null;
  rank: number;
  banned: boolean;
  created: string;
  balance: number;
  wagered: number;
  paid: number;
  ggr: number;
  deposits: number;
  withdrawals: number;
  bonuses: number;
  bonusByKind: Record<BonusKind, number>;
  adminCredits: number;
  /** The house's net on the player: ggr − bonuses − admin credits. */
  houseNet: number;
  games: StatsPlayerGame[];
  responsibleGaming: {
    block: { kind: string; until: string | null } | null;
    limits: Record<string, number | null>;
  };
  /**
   * The player's chat mute (the chat's `.mute-user`, one row a player: a newer mute replaces the
   * old): until when, whether it still runs, and who set it. null: never muted.
   */
  chatMute: { until: string; active: boolean; mutedById: string | null; mutedByName: string | null } | null;
  /** Every chat mute set on the player, newest first (from the audit log: who, when, for how long). */
  muteHistory: Array<{ at: string; actorName: string | null; minutes: number | null; until: string | null }>;
  sessions: Array<{
    id: string;
    ip: string;
    device: string;
    created: string;
    lastSeen: string;
    active: boolean;
  }>;
  sharedWith: Array<{ id: string; username: string; via: 'ip' | 'device'; value: string }>;
  audit: Array<{ id: string; action: string; actorName: string | null; detail: unknown; created: string }>;
  notes: StaffNote[];
}

export interface StaffNote {
  id: string;
  authorName: string | null;
  body: string;
  created: string;
}

/** One alert of docs/operations.md as the answering node sees it. */
export interface StatsAlert {
  name: string;
  firing: boolean;
  value: string;
  rule: string;
}

export interface StatsHealth {
  alerts: StatsAlert[];
  runs: Array<{ at: string; ok: boolean; summary: string; problems: string[] }>;
  rollupAsOf: string | null;
  transparencyEnabled: boolean;
}

export interface TransparencyGame {
  game: string;
  bets: number;
  wagered: number;
  paid: number;
  rtp: number | null;
  rtp24h: number | null;
  rtp7d: number | null;
  theoreticalRtp: number | null;
  biggestMultiplier: number | null;
  /** Cumulative realised RTP by UTC day (the convergence chart). */
  series: Array<{ date: string; bets: number; rtp: number | null }>;
}

export interface Transparency {
  asOf: string | null;
  games: TransparencyGame[];
}

/**
 * The spread of a realised RTP under the designed edge (percent). `wagered`: the stakes' sum;
 * `stakeSq`: the sum of squared stakes; `paidSq`: the sum of squared wins; `unitVariance`: the game's
 * variance of one bet's return per unit stake at its common setting. The variance of the sum paid is
 * the larger of unitVariance × Σ stake² and the observed Σ win² − rtp² Σ stake² (bets at high
 * multipliers spread more than the declared setting): docs/decisions/back-office.md.
 */
export function rtpBand(args: {
  theoreticalRtp: number;
  wagered: number;
  stakeSq: number;
  paidSq: number;
  unitVariance: number;
  sigmas?: number;
}): { low: number; high: number } {
  const r = args.theoreticalRtp / 100;
  const sigmas = args.sigmas ?? 3;
  if (args.wagered <= 0) return { low: 0, high: Number.POSITIVE_INFINITY };
  const declared = args.unitVariance * args.stakeSq;
  const observed = args.paidSq - r * r * args.stakeSq;
  const sd = Math.sqrt(Math.max(declared, observed, 0)) / args.wagered;
  return { low: Math.max(0, (r - sigmas * sd) * 100), high: (r + sigmas * sd) * 100 };
}

import { z } from 'zod';
import { type CaseItemView, type CaseSummaryView, caseSlug } from './cases.ts';
import { INTEGER_STRING, wireNumber } from './common.ts';

export const BATTLE_EVENTS = {
  create: 'battles:create',
  join: 'battles:join',
  callBot: 'battles:callbot',
  created: 'battles:created',
  error: 'battles:error',
  success: 'battles:success',
  new: 'battles:new',
  joined: 'battles:join',
  expose: 'battles:expose',
  start: 'battles:start',
  round: 'battles:round',
  finished: 'battles:finished',
} as const;

/** Modes in the create dialog's order; gameType is the number the wire carries (spec-3 §3). */
export const BATTLE_MODES = ['1v1', '1v1v1', '1v1v1v1', '2v2'] as const;
export type BattleMode = (typeof BATTLE_MODES)[number];
export const BATTLE_MODE_INFO: Record<BattleMode, { gameType: 1 | 2 | 3 | 4; seats: number; label: string }> =
  {
    '1v1': { gameType: 1, seats: 2, label: '1v1' },
    '1v1v1': { gameType: 2, seats: 3, label: '3 Way' },
    '1v1v1v1': { gameType: 3, seats: 4, label: '4 Way' },
    '2v2': { gameType: 4, seats: 4, label: '2v2' },
  };
export function modeOfGameType(gameType: number): BattleMode {
  return BATTLE_MODES[gameType - 1] ?? '1v1';
}

export const BATTLE_STATUS = { waiting: 1, running: 2, finished: 3, refunded: 4 } as const;

/** At most this many rounds (cases) per battle. */
export const BATTLE_MAX_ROUNDS = 50;
/** Open (waiting) battles one player may have at once. */
export const BATTLE_MAX_OPEN_PER_USER = 10;

/**
 * Timings (spec-3 §4, §9). After the block is known the first round starts; each round's reel waits
 * 250 ms, scrolls about 3 s and settles by 3.25 s; balances add up at about 4 s; the next round
 * follows. The finish (and its update-wallet) comes once the last round is revealed.
 */
export const BATTLE_TIMING = {
  /** The target block is the beacon's head plus this many blocks. */
  blockLeadBlocks: 3,
  /** How often the loop asks the beacon while waiting for the block. */
  beaconPollMs: 500,
  /** From the block being known to round 1. */
  startDelayMs: 1000,
  spinDelayMs: 250,
  spinMs: 3000,
  revealMs: 3250,
  balanceMs: 4000,
  /** Between two rounds' events. */
  roundMs: 5000,
  /** From the last round's event to battles:finished (after its reveal and balances). */
  finishDelayMs: 4500,
  /** A battle whose block never arrives within this is refunded. */
  blockWaitLimitMs: 10 * 60 * 1000,
  /** A battle still waiting for players after this is refunded. */
  waitingLimitMs: 60 * 60 * 1000,
} as const;

/** The winning item's index in a battle reel (spec-3 §9) and the big-win factor for confetti. */
export const BATTLE_REEL_WINNER_INDEX = 27;
export const BATTLE_BIG_WIN_FACTOR = 2.2;

export const battleId = z
  .string({ error: 'Battle not found.' })
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{24}$/, 'Battle not found.');

const caseRef = z.union([caseSlug, z.object({ slug: caseSlug }).transform((c) => c.slug)], {
  error: 'Unknown case.',
});

/** battles:create cases, type, mode, totalCost, caseCount — the server re-prices from the catalogue. */
export const battlesCreatePayload = z.tuple([
  z
    .array(caseRef, { error: 'Please add at least one case.' })
    .min(1, 'Please add at least one case.')
    .max(BATTLE_MAX_ROUNDS, `A battle has at most ${BATTLE_MAX_ROUNDS} cases.`),
  z.enum(['standard', 'crazy'], { error: 'Unknown battle type.' }),
  z.enum(BATTLE_MODES, { error: 'Unknown battle mode.' }),
  z.unknown().optional(),
  z.unknown().optional(),
]);

/** battles:join / battles:callbot battleId, seatIndex (0-based, left to right). */
export const battleSeatPayload = z.tuple([
  battleId,
  wireNumber(
    z.number({ error: 'Invalid seat.' }).int('Invalid seat.').min(0, 'Invalid seat.').max(3, 'Invalid seat.'),
    INTEGER_STRING,
  ),
]);

export const battleGameBody = z.object({ gameId: battleId });

/** A seat: a player, a bot ("bot") or empty (null). */
export interface BattlePlayer {
  id: string | null;
  username: string | null;
  pfp: string | null;
}

/** One seat's item of one round. */
export interface BattleDrop {
  item: Omit<CaseItemView, 'ticketsStart' | 'ticketsEnd'>;
  /** The ticket, 1..100000. */
  result: number;
  /** The seat, 1-based. */
  team: number;
  userId: string | null;
}

export type BattleCaseView = CaseSummaryView & { items?: CaseItemView[] };

export interface BattleSummary {
  id: string;
  price: number;
  cases: BattleCaseView[];
  casesRoundResults: BattleDrop[][];
  players: BattlePlayer[];
  isCrazyMode: boolean;
  gameType: number;
  status: number;
  playerCount: number;
  creatorId: string;
  createdAt: string;
}

/** The end of a battle (battles:finished and the game view's win). */
export interface BattleWin {
  battleId: string;
  /** The winning side: a seat, or in 2v2 a team (1 = seats 1+2, 2 = seats 3+4). */
  winningTeam: number;
  /** What each winning seat receives, in coins. */
  winAmount: number;
  pc: number;
  bt: number;
  isEqual: boolean;
  /** Tied sides, 1-based (empty when there is no tie). */
  equals: number[];
  serverSeed: string;
  /** Totals per seat, coins. */
  totals: number[];
}

export interface BattleDetail extends BattleSummary {
  serverSeedHash: string;
  serverSeed: string | null;
  blockNumber: number | null;
  blockHash: string | null;
  win: BattleWin | null;
  roundCount: number;
}

export interface BattleRoundEvent {
  battleId: string;
  result: BattleDrop[];
  img: CaseItemView[];
  caseNumber: number;
}

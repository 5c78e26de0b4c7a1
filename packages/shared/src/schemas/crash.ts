import { z } from 'zod';
import { coinAmount, DECIMAL_STRING } from './common.ts';

/** Round status numbers of spec-3 §4. */
export const CRASH_STATUS = {
  NotStarted: 1,
  Starting: 2,
  InProgress: 3,
  Over: 4,
  Blocking: 5,
  Refunded: 6,
} as const;
export type CrashStatus = (typeof CRASH_STATUS)[keyof typeof CRASH_STATUS];

/** Event names of the /crash namespace (PROTOCOL.md §5). `bet-cashout` travels both ways. */
export const CRASH_EVENTS = {
  join: 'join-game',
  cashout: 'bet-cashout',
  starting: 'game-starting',
  start: 'game-start',
  tick: 'game-tick',
  end: 'game-end',
  bets: 'game-bets',
  betCashout: 'bet-cashout',
  joinSuccess: 'game-join-success',
  joinError: 'game-join-error',
  cashoutSuccess: 'bet-cashout-success',
  cashoutError: 'bet-cashout-error',
} as const;

/** Spec-3 §9: history of 50, countdown bar scaled to 9 s, auto-cashout default 2, bet cleared 1.5 s after a cash-out. */
export const CRASH_HISTORY_SIZE = 50;
export const CRASH_COUNTDOWN_MS = 9000;
export const CRASH_AUTO_CASHOUT_DEFAULT = 2;
export const CRASH_BET_CLEAR_MS = 1500;
/** A crash point below 2.00x is shown red, otherwise green. */
export const CRASH_RED_BELOW = 2;

/** null, undefined or '' mean "no auto-cashout"; numbers and decimal strings are hundredths. */
const autoCashoutTarget = z.preprocess(
  (v) =>
    v === undefined || v === null || v === ''
      ? null
      : typeof v === 'string' && DECIMAL_STRING.test(v)
        ? Number(v)
        : v,
  z.number({ error: 'Invalid auto cashout.' }).nullable(),
);

/** join-game: target (auto-cashout in hundredths, or null), betAmount (coins). */
export const crashJoinPayload = z.tuple([autoCashoutTarget, coinAmount]);
/** bet-cashout carries nothing. */
export const crashCashoutPayload = z.array(z.unknown()).max(1);

/** A player's VIP level as the bet lists show it. */
export interface PlayerLevel {
  /** "1".."500" */
  name: string;
  levelName: string;
  levelColor: string;
}

/** PROTOCOL.md §6 CrashBet. stoppedAt is hundredths; amounts are coins. */
export interface CrashBet {
  playerID: string;
  username: string;
  avatar: string;
  betAmount: number;
  /** 1 active, 2 cashed out */
  status: 1 | 2;
  level: PlayerLevel;
  stoppedAt?: number;
  winningAmount?: number;
}

/** A finished round (PROTOCOL.md §6 CrashHist); crashPoint is a decimal multiplier (2.91). */
export interface CrashHist {
  _id: string;
  /** crash's own round count from 1 (the number players see; `_id` is the row id) */
  number: number;
  createdAt: string;
  privateHash: string;
  privateSeed: string;
  publicSeed: string;
  crashPoint: number;
  refunded?: boolean;
  /**
   * Busted while no leader was broadcasting (a hand-over gap, issue 20): auto-cashouts below the
   * crash point were paid, the other uncashed bets voided (refunded).
   */
  handover?: boolean;
}

/** GET /api/crash `current`. crashPoint (hundredths) and privateSeed only once the round is over. */
export interface CrashCurrent {
  _id: string;
  /** crash's own round count from 1 */
  number: number;
  status: CrashStatus;
  startedAt: string | null;
  /** ms since the start (InProgress) */
  elapsed: number | null;
  /** ms until betting closes (Starting) */
  timeUntilStart: number | null;
  players: CrashBet[];
  privateHash: string;
  publicSeed: string;
  crashPoint?: number;
  privateSeed?: string;
}

export interface CrashState {
  current: CrashCurrent | null;
  history: CrashHist[];
  options: { maxProfit: number };
}

export interface CrashStartingEvent {
  _id: string;
  /** crash's own round count (ours; the original client reads `_id`) */
  number?: number;
  privateHash: string;
  timeUntilStart: number;
}

export interface CrashCashoutEvent {
  playerID: string;
  status: 2;
  stoppedAt: number;
  winningAmount: number;
}

/** The crash fairness dialog's note on a round that busted in a leader hand-over gap (issue 20). */
export const CRASH_HANDOVER_NOTE =
  'This round crashed while the game server was changing over, so nobody could cash out by hand: auto-cashouts below the crash point were paid, cash-outs made before stay paid, and every other bet was voided and refunded.';

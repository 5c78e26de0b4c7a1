import {
  CRASH_HISTORY_SIZE,
  CRASH_STATUS,
  type CrashBet,
  type CrashCashoutEvent,
  type CrashHist,
  type CrashState,
  type CrashStatus,
} from '@coinsite/shared/schemas/crash';
import { crashElapsedMsFor } from '@coinsite/shared/games';

/**
 * What the crash screen knows, rebuilt from the snapshot (GET /api/crash) and the events of
 * /crash. Times are this browser's clock (ms): the server's clock never needs to agree with it.
 */
export interface CrashView {
  status: CrashStatus;
  roundId: string | null;
  /** crash's own round count, the number shown (null until known) */
  roundNumber: number | null;
  privateHash: string;
  publicSeed: string;
  /** local time the curve started at (InProgress), kept in step by the ticks */
  startAt: number | null;
  /** local time betting closes (Starting) */
  bettingEndsAt: number | null;
  /** the last multiplier the server sent (decimal) and when */
  lastTick: number;
  lastTickAt: number;
  /** decimal, once the round is over */
  crashPoint: number | null;
  players: CrashBet[];
  history: CrashHist[];
  maxProfit: number;
  loaded: boolean;
}

export const initialCrashView: CrashView = {
  status: CRASH_STATUS.NotStarted,
  roundId: null,
  roundNumber: null,
  privateHash: '',
  publicSeed: '',
  startAt: null,
  bettingEndsAt: null,
  lastTick: 1,
  lastTickAt: 0,
  crashPoint: null,
  players: [],
  history: [],
  maxProfit: 0,
  loaded: false,
};

export type CrashAction =
  | { type: 'snapshot'; state: CrashState; now: number }
  | {
      type: 'starting';
      id: string;
      number: number | null;
      privateHash: string;
      timeUntilStart: number;
      now: number;
    }
  | { type: 'start'; id?: string; publicSeed: string; now: number }
  | { type: 'tick'; multiplier: number; now: number }
  | { type: 'end'; game: CrashHist }
  | { type: 'bets'; bets: CrashBet[] }
  | { type: 'cashout'; event: CrashCashoutEvent };

/** ms into the round that a multiplier (decimal) stands for. */
export function elapsedFor(multiplier: number): number {
  return crashElapsedMsFor(Math.max(100, Math.floor(Math.round(multiplier * 1e6) / 1e4)));
}

function upsert(players: CrashBet[], bet: CrashBet): CrashBet[] {
  const i = players.findIndex((p) => p.playerID === bet.playerID);
  if (i < 0) return [...players, bet];
  const next = players.slice();
  next[i] = bet;
  return next;
}

export function crashReducer(view: CrashView, action: CrashAction): CrashView {
  switch (action.type) {
    case 'snapshot': {
      const c = action.state.current;
      const base: CrashView = {
        ...initialCrashView,
        history: action.state.history,
        maxProfit: action.state.options.maxProfit,
        loaded: true,
      };
      if (!c) return base;
      return {
        ...base,
        status: c.status,
        roundId: c._id,
        roundNumber: c.number ?? null,
        privateHash: c.privateHash,
        publicSeed: c.publicSeed,
        players: c.players,
        startAt: c.status === CRASH_STATUS.InProgress ? action.now - (c.elapsed ?? 0) : null,
        bettingEndsAt: c.status === CRASH_STATUS.Starting ? action.now + (c.timeUntilStart ?? 0) : null,
        crashPoint: c.crashPoint !== undefined ? c.crashPoint / 100 : null,
      };
    }
    case 'starting':
      return {
        ...view,
        status: CRASH_STATUS.Starting,
        roundId: action.id,
        roundNumber: action.number,
        privateHash: action.privateHash,
        bettingEndsAt: action.now + action.timeUntilStart,
        startAt: null,
        crashPoint: null,
        lastTick: 1,
        players: [],
      };
    case 'start':
      return {
        ...view,
        status: CRASH_STATUS.InProgress,
        roundId: action.id ?? view.roundId,
        roundNumber: action.id === undefined || action.id === view.roundId ? view.roundNumber : null,
        publicSeed: action.publicSeed,
        bettingEndsAt: null,
        startAt: action.now,
        lastTick: 1,
        lastTickAt: action.now,
      };
    case 'tick': {
      // joined mid-round, or drifted by more than a tick: take the server's word for where we are
      const expected = action.now - elapsedFor(action.multiplier);
      const drift = view.startAt === null ? Infinity : Math.abs(view.startAt - expected);
      return {
        ...view,
        status: CRASH_STATUS.InProgress,
        startAt: drift > 150 ? expected : view.startAt,
        lastTick: action.multiplier,
        lastTickAt: action.now,
      };
    }
    case 'end': {
      const history = [action.game, ...view.history.filter((h) => h._id !== action.game._id)];
      return {
        ...view,
        status: action.game.refunded ? CRASH_STATUS.Refunded : CRASH_STATUS.Over,
        crashPoint: action.game.crashPoint,
        history: history.slice(0, CRASH_HISTORY_SIZE),
      };
    }
    case 'bets':
      return { ...view, players: action.bets.reduce(upsert, view.players) };
    case 'cashout': {
      const e = action.event;
      return {
        ...view,
        players: view.players.map((p) =>
          p.playerID === e.playerID
            ? { ...p, status: 2, stoppedAt: e.stoppedAt, winningAmount: e.winningAmount }
            : p,
        ),
      };
    }
  }
}

/** The curve's ms to draw to now: extrapolated between ticks, never far past the last one. */
export function drawElapsed(view: CrashView, now: number): number {
  if (view.status === CRASH_STATUS.Over || view.status === CRASH_STATUS.Refunded)
    return view.crashPoint !== null ? elapsedFor(view.crashPoint) : 0;
  if (view.status !== CRASH_STATUS.InProgress || view.startAt === null) return 0;
  const tickElapsed = view.lastTickAt - view.startAt;
  return Math.max(0, Math.min(now - view.startAt, tickElapsed + 150));
}

import { betAmountError } from '@coinsite/shared/games';
import { minesCountError } from '@coinsite/shared/fairness';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { useOpenGame } from '../dice/use-open-game.ts';
import type { SettledBet } from '../autobet/use-autobet.ts';
import { initialMines, minesReducer } from './mines-state.ts';

/** The spec's mines texts (spec-3 §8 and the server's messages). */
export const MINES_TEXT = {
  started: 'Game Has Been Started',
  noGameServer: 'No active game found.',
  noGame: 'No active game found',
  mineHit: 'You revealed a mine! Game over.',
  cashedOut: 'Cashout successful!',
  cashoutFailed: 'Error during cashout.',
  resultReceived: 'Game result received',
  error: 'An error occurred.',
} as const;

/** The server's spacing rule between two emits of one socket (10 ms), with a margin. */
const SPACING_MS = 15;
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const payoutCents = (payload: unknown) =>
  isRecord(payload) && typeof payload.payout === 'number' ? Math.round(payload.payout * 100) : 0;

/** The first of `events` on the mines namespace (rejects after 10 s without one). */
function nextMinesEvent(events: string[]): Promise<{ event: string; payload: unknown }> {
  return new Promise((resolve, reject) => {
    const offs: Array<() => void> = [];
    const timer = setTimeout(() => {
      for (const off of offs) off();
      reject(new Error('No reply from the server.'));
    }, 10_000);
    for (const event of events) {
      offs.push(
        onSocket('mines', event, (payload) => {
          clearTimeout(timer);
          for (const off of offs) off();
          resolve({ event, payload });
        }),
      );
    }
  });
}

/** GET /api/mines/me */
interface OpenGameView {
  status: 'inprogress';
  amount: number;
  minesCount: number;
  multiplier: number;
  profit: number;
  grid: Array<{ revealed: boolean }>;
}

type GridView = Array<{ isMine: boolean; revealed: boolean }>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const num = (v: unknown, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const isGrid = (v: unknown): v is GridView =>
  Array.isArray(v) && v.length === 25 && v.every((t) => isRecord(t) && typeof t.isMine === 'boolean');

/**
 * The mines game as the screen sees it: the events of PROTOCOL.md §5 drive a reducer; the open
 * game is loaded from GET /api/mines/me on arrival and after every (re)connect, so a reload or a
 * server restart resumes it.
 */
export function useMines() {
  const [state, dispatch] = useReducer(minesReducer, undefined, () => initialMines());
  /** True while an autobet plays: its games end without a toast each. */
  const quiet = useRef(false);

  const { resume, seen } = useOpenGame<OpenGameView>(
    'mines',
    (game) =>
      dispatch({
        type: 'resume',
        amount: game.amount,
        minesCount: game.minesCount,
        multiplier: game.multiplier,
        profit: game.profit,
        revealed: game.grid.map((t) => t.revealed),
      }),
    () => dispatch({ type: 'reset' }),
  );

  const showLastGrid = useCallback(async () => {
    try {
      const { grid } = await http.get<{ grid: unknown }>('/mines/reveal');
      if (isGrid(grid)) dispatch({ type: 'grid', mines: grid.map((t) => t.isMine) });
    } catch (err) {
      console.warn('mines: reveal failed', err);
    }
  }, []);

  const ready = useGameSocket('mines');

  useEffect(() => {
    const offs = [
      onSocket('mines', 'mines:start', () => {
        seen();
        dispatch({ type: 'started' });
      }),
      onSocket('mines', 'mines:tileRevealed', (raw) => {
        if (!isRecord(raw) || typeof raw.tileIndex !== 'number') return;
        seen();
        dispatch({
          type: 'revealed',
          tileIndex: raw.tileIndex,
          profit: num(raw.profit),
          multiplier: num(raw.multiplier, 1),
        });
      }),
      onSocket('mines', 'mines:gameEnd', (raw) => {
        const message = isRecord(raw) && typeof raw.message === 'string' ? raw.message : MINES_TEXT.mineHit;
        seen();
        if (!quiet.current) {
          toast.error(message);
          playSound('error');
        }
        dispatch({ type: 'bust' });
        void showLastGrid();
      }),
      onSocket('mines', 'mines:revealAllTiles', (raw) => {
        if (isGrid(raw)) dispatch({ type: 'grid', mines: raw.map((t) => t.isMine) });
      }),
      onSocket('mines', 'mines:cashoutSuccess', (raw) => {
        const message = isRecord(raw) && typeof raw.message === 'string' ? raw.message : MINES_TEXT.cashedOut;
        seen();
        if (!quiet.current) toast.success(message);
        dispatch({ type: 'cashedOut', payout: isRecord(raw) ? num(raw.payout) : 0 });
      }),
      onSocket('mines', 'mines:result', (raw) => {
        const error = isRecord(raw) && typeof raw.error === 'string' ? raw.error : null;
        seen();
        // "no game" is the bare text (the original client's wire form); other answers are objects
        const message =
          typeof raw === 'string'
            ? raw
            : isRecord(raw) && typeof raw.message === 'string'
              ? raw.message
              : null;
        if (message === MINES_TEXT.noGameServer) {
          toast.info(MINES_TEXT.noGame);
          dispatch({ type: 'reset' });
        } else if (message !== null && error === null) {
          toast.success(MINES_TEXT.resultReceived);
          dispatch({ type: 'reset' });
        } else {
          toast.error(error ?? MINES_TEXT.error);
          dispatch({ type: 'failed' });
          // e.g. "You already have a mines game in progress." from another tab: pick it up
          resume();
        }
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [resume, seen, showLastGrid]);

  const bet = (amountCents: number, minesCount: number) => {
    const problem = betAmountError(amountCents) ?? minesCountError(minesCount);
    if (problem) {
      toast.error(problem);
      return;
    }
    dispatch({ type: 'starting', amount: amountCents / 100, minesCount });
    getSocket('mines').emit('mines:bet', { amount: amountCents / 100, minescount: minesCount });
  };

  const reveal = (tileIndex: number) => {
    const tile = state.tiles[tileIndex];
    if (!ready || state.status !== 'inprogress' || state.pendingTile !== null || tile?.state !== 'hidden')
      return;
    dispatch({ type: 'reveal', tileIndex });
    getSocket('mines').emit('mines:revealTile', { tileIndex });
  };

  const cashout = () => {
    if (state.status !== 'inprogress' || state.cashingOut) return;
    const socket = getSocket('mines');
    if (!socket.connected || !ready) {
      toast.error(MINES_TEXT.cashoutFailed);
      return;
    }
    dispatch({ type: 'cashing' });
    socket.emit('mines:cashout');
  };

  /**
   * One autobet game: bet, reveal the pattern's tiles one by one, cash out. Settles with the stake
   * and what came back (0 on a mine); rejects when the server refuses a step.
   */
  const playPattern = async (
    amountCents: number,
    minesCount: number,
    tiles: readonly number[],
  ): Promise<SettledBet> => {
    const problem = betAmountError(amountCents) ?? minesCountError(minesCount);
    if (problem) {
      toast.error(problem);
      throw new Error(problem);
    }
    quiet.current = true;
    try {
      const socket = getSocket('mines');
      const started = nextMinesEvent(['mines:start', 'mines:result']);
      dispatch({ type: 'starting', amount: amountCents / 100, minesCount });
      socket.emit('mines:bet', { amount: amountCents / 100, minescount: minesCount });
      if ((await started).event !== 'mines:start') throw new Error('refused');
      for (const tileIndex of tiles) {
        await pause(SPACING_MS);
        const next = nextMinesEvent([
          'mines:tileRevealed',
          'mines:gameEnd',
          'mines:cashoutSuccess',
          'mines:result',
        ]);
        dispatch({ type: 'reveal', tileIndex });
        socket.emit('mines:revealTile', { tileIndex });
        const r = await next;
        if (r.event === 'mines:gameEnd') return { stake: amountCents, payout: 0 };
        if (r.event === 'mines:cashoutSuccess') return { stake: amountCents, payout: payoutCents(r.payload) };
        if (r.event === 'mines:result') throw new Error('refused');
      }
      await pause(SPACING_MS);
      const done = nextMinesEvent(['mines:cashoutSuccess', 'mines:result']);
      dispatch({ type: 'cashing' });
      socket.emit('mines:cashout');
      const r = await done;
      if (r.event !== 'mines:cashoutSuccess') throw new Error('refused');
      return { stake: amountCents, payout: payoutCents(r.payload) };
    } finally {
      quiet.current = false;
    }
  };

  return { state, ready, bet, reveal, cashout, playPattern };
}

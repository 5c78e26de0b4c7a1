import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useGameSettings } from '../../lib/game-settings.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { type SettledBet, useReply } from '../autobet/use-autobet.ts';
import { useBetLock } from './bet-lock.ts';
import { eventMessage } from './event-message.ts';
import { useGameSocket } from './use-game-socket.ts';

const HISTORY = 8;
/** In instant mode results are shown at most this often (a turbo autobet settles 25 a second). */
const INSTANT_PAINT_MS = 100;

/** What a game's result event gives the screen: the result plus what the player wins, in coins. */
export interface InstantResult {
  betId: string;
  win: boolean;
  /** Net profit in coins (0 on a loss). */
  payout: number;
  /**
   * What came back, in cents, when a bet can return part of its stake (plinko's 0.5x): the autobet
   * counts it. Without it a win returns stake + payout and a loss nothing.
   */
  grossCents?: number;
}

/**
 * One instant game's bet over its namespace (dice, limbo, plinko, wheel; PROTOCOL.md §5): `<game>:bet` out,
 * `<game>:result` or `game-creation-error` back. `read` turns a result (a plain object) and what was
 * sent with the bet (`nothingSent` until the first bet) into the screen's result, or null for a
 * result that is not one. The bet lock, the last 8 results and the autobet's settled promise are the
 * same for every game.
 */
export function useInstantBet<R extends InstantResult, S>(
  game: 'dice' | 'limbo' | 'plinko' | 'wheel',
  nothingSent: S,
  read: (raw: Record<string, unknown>, sent: S) => R | null,
  payload: (amountCents: number, sent: S) => unknown,
) {
  const ready = useGameSocket(game);
  const lock = useBetLock();
  const { settle, fail } = lock;
  const [result, setResult] = useState<R | null>(null);
  const [history, setHistory] = useState<R[]>([]);
  const sent = useRef<{ stake: number; with: S }>({ stake: 0, with: nothingSent });
  const reply = useReply<SettledBet>();
  const { resolve, reject } = reply;
  const readRef = useRef(read);
  readRef.current = read;
  // instant mode: results wait here and are painted together (one render per INSTANT_PAINT_MS)
  const unpainted = useRef<R[]>([]);
  const paintTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (paintTimer.current) clearTimeout(paintTimer.current);
    },
    [],
  );

  useEffect(() => {
    const offResult = onSocket(game, `${game}:result`, (raw) => {
      const bet = sent.current;
      if (typeof raw !== 'object' || raw === null) return;
      const r = readRef.current(raw as Record<string, unknown>, bet.with);
      if (!r) return;
      settle();
      if (useGameSettings.getState().instant[game] === true) {
        unpainted.current.push(r);
        paintTimer.current ??= setTimeout(() => {
          paintTimer.current = null;
          const rs = unpainted.current;
          unpainted.current = [];
          const last = rs.at(-1);
          if (last) setResult(last);
          setHistory((h) => [...rs.reverse(), ...h].slice(0, HISTORY));
        }, INSTANT_PAINT_MS);
      } else {
        setResult(r);
        setHistory((h) => [r, ...h].slice(0, HISTORY));
      }
      const gross = r.grossCents ?? (r.win ? Math.round(r.payout * 100) + bet.stake : 0);
      resolve({ stake: bet.stake, payout: gross });
    });
    const offError = onSocket(game, 'game-creation-error', (msg) => {
      fail();
      toast.error(eventMessage(msg));
      reject(new Error(eventMessage(msg)));
    });
    return () => {
      offResult();
      offError();
    };
  }, [game, settle, fail, resolve, reject]);

  /**
   * Sends the bet, or refuses it with `problem` (the check the server would make anyway). `quiet`:
   * an autobet's bet in instant mode, which neither locks the (hidden) Bet button nor plays a sound.
   */
  const send = (amountCents: number, bet: S, problem: string | null, quiet = false): Promise<SettledBet> => {
    if (problem) {
      toast.error(problem);
      return Promise.reject(new Error(problem));
    }
    sent.current = { stake: amountCents, with: bet };
    const turbo = quiet && useGameSettings.getState().instant[game] === true;
    if (!turbo) lock.start();
    const settled = reply.expect();
    if (!turbo) playSound('bet');
    getSocket(game).emit(`${game}:bet`, payload(amountCents, bet));
    return settled;
  };

  return { result, history, ready, locked: lock.locked || !ready, send, inputChanged: lock.inputChanged };
}

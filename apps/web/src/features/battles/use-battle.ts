import {
  BATTLE_BIG_WIN_FACTOR,
  BATTLE_REEL_WINNER_INDEX,
  BATTLE_TIMING,
} from '@coinsite/shared/schemas/battles';
import { useEffect, useReducer, useRef } from 'react';
import { toast } from 'sonner';
import { freshSnapshot } from '../../lib/fresh-snapshot.ts';
import { afterReveal, holdReveal } from '../../lib/reveal-hold.ts';
import { onSynced } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { buildStrip } from '../cases/reel-strip.ts';
import {
  type BattleDetail,
  type BattleEvent,
  type FinishedEvent,
  fetchBattle,
  onBattleEvents,
} from './battles-api.ts';
import type { VerticalSpin } from './vertical-reel.tsx';
import { fireConfetti } from '../../lib/confetti.ts';

export type Phase = 'loading' | 'missing' | 'waiting' | 'countdown' | 'spinning' | 'finished' | 'refunded';

export interface BattleView {
  battle: BattleDetail | null;
  phase: Phase;
  /** Rounds whose drops count in the results and balances (after their reveal). */
  revealed: number;
  /** The round on the reels now (0-based), its spin per seat, and whether it has stopped. */
  spinning: { round: number; spins: VerticalSpin[]; stopped: boolean } | null;
  refunded: boolean;
}

type Action =
  | { type: 'loaded'; battle: BattleDetail }
  | { type: 'missing' }
  | { type: 'event'; event: BattleEvent }
  | { type: 'stopped'; round: number }
  | { type: 'counted'; round: number };

let serial = 0;

function phaseOf(b: BattleDetail): Phase {
  if (b.status === 4) return 'refunded';
  if (b.status === 3) return 'finished';
  if (b.status === 2) return b.blockHash ? 'spinning' : b.blockNumber ? 'countdown' : 'waiting';
  return 'waiting';
}

function reduce(s: BattleView, a: Action): BattleView {
  if (a.type === 'missing') return { ...s, phase: 'missing' };
  if (a.type === 'loaded')
    return {
      ...s,
      battle: a.battle,
      phase: phaseOf(a.battle),
      revealed: a.battle.casesRoundResults.length,
      spinning: null,
    };
  if (a.type === 'stopped')
    return s.spinning?.round === a.round ? { ...s, spinning: { ...s.spinning, stopped: true } } : s;
  if (a.type === 'counted') return { ...s, revealed: Math.max(s.revealed, a.round + 1) };
  const b = s.battle;
  if (!b) return s;
  const e = a.event;
  switch (e.type) {
    case 'join':
      return { ...s, battle: { ...b, players: e.players } };
    case 'expose':
      return { ...s, phase: 'countdown', battle: { ...b, status: 2, blockNumber: e.blockNumber } };
    case 'start':
      return { ...s, phase: 'spinning', battle: { ...b, status: 2, blockHash: e.blockHash } };
    case 'round': {
      const round = e.round.caseNumber;
      if (round < b.casesRoundResults.length) return s;
      const spins = e.round.result.map((drop) => ({
        serial: ++serial,
        strip: buildStrip(e.round.img, {
          length: BATTLE_REEL_WINNER_INDEX + 4,
          winnerIndex: BATTLE_REEL_WINNER_INDEX,
          winner: { ...drop.item, ticketsStart: 0, ticketsEnd: 0 },
        }),
        winnerIndex: BATTLE_REEL_WINNER_INDEX,
        delayMs: BATTLE_TIMING.spinDelayMs,
        spinMs: BATTLE_TIMING.spinMs,
      }));
      return {
        ...s,
        phase: 'spinning',
        battle: { ...b, status: 2, casesRoundResults: [...b.casesRoundResults, e.round.result] },
        spinning: { round, spins, stopped: false },
      };
    }
    case 'finished': {
      const win = e.win as FinishedEvent;
      if (win.refunded) return { ...s, phase: 'refunded', refunded: true, battle: { ...b, status: 4 } };
      return {
        ...s,
        phase: 'finished',
        battle: {
          ...b,
          status: 3,
          serverSeed: win.serverSeed ?? b.serverSeed,
          win: win.serverSeed ? (win as BattleDetail['win']) : b.win,
        },
      };
    }
  }
}

/** One battle page's state: the detail, then its events; each round spins, reveals, then counts. */
export function useBattle(id: string): BattleView {
  const [state, dispatch] = useReducer(reduce, {
    battle: null,
    phase: 'loading',
    revealed: 0,
    spinning: null,
    refunded: false,
  });
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  useEffect(() => {
    // every event calls seen(): a detail asked for before one and answered after it is asked again
    // (applied, it took a started battle back to waiting and lost the round on the reels)
    const { load, seen } = freshSnapshot(
      () => fetchBattle(id),
      (battle) => dispatch({ type: 'loaded', battle }),
      (err: unknown) => {
        dispatch({ type: 'missing' });
        toast.error(err instanceof Error ? err.message : 'Could not load this battle.');
      },
    );
    load();
    /** Each round's reels hold the reveal until its totals are counted here (issue 28 item 5). */
    const holds = new Set<() => void>();
    const offEvents = onBattleEvents(id, (event) => {
      seen();
      // the winner is named once the last round has been counted on this screen
      if (event.type === 'finished') {
        afterReveal('battles', () => dispatch({ type: 'event', event }));
        return;
      }
      dispatch({ type: 'event', event });
      if (event.type !== 'round') return;
      const round = event.round.caseNumber;
      const release = holdReveal('battles');
      holds.add(release);
      timers.current.push(
        setTimeout(() => {
          dispatch({ type: 'stopped', round });
          playSound('notify', 0.075);
        }, BATTLE_TIMING.revealMs),
        setTimeout(() => {
          dispatch({ type: 'counted', round });
          holds.delete(release);
          release();
        }, BATTLE_TIMING.balanceMs),
      );
    });
    const offReconnect = onSynced('battles', load);
    return () => {
      offEvents();
      offReconnect();
      for (const t of timers.current) clearTimeout(t);
      timers.current = [];
      for (const release of holds) release();
    };
  }, [id]);

  // big wins: an item worth more than 2.2× its case, once per round when the reels stop
  const { battle, spinning } = state;
  useEffect(() => {
    if (!battle || !spinning?.stopped) return;
    const price = battle.cases[spinning.round]?.price ?? 0;
    const drops = battle.casesRoundResults[spinning.round] ?? [];
    if (drops.some((d) => d.item.price > BATTLE_BIG_WIN_FACTOR * price)) {
      playSound('win', 0.75);
      fireConfetti({ particleCount: 90, spread: 70, origin: { y: 0.45 } });
    }
  }, [battle, spinning]);

  return state;
}

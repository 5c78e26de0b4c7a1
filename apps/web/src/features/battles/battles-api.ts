import type {
  BattleDetail,
  BattleDrop,
  BattlePlayer,
  BattleRoundEvent,
  BattleSummary,
  BattleWin,
} from '@coinsite/shared/schemas/battles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { liveChanges } from '../../lib/fresh-snapshot.ts';
import { http } from '../../lib/http.ts';
import { onSocket, onSynced } from '../../lib/socket.ts';

export type { BattleDetail, BattleDrop, BattlePlayer, BattleRoundEvent, BattleSummary, BattleWin };

const LIST_KEY = ['battles'];
/**
 * The list's live changes made while it is on its way are applied on top of it: a snapshot older
 * than an event lost a new battle or kept a finished one (lib/fresh-snapshot.ts).
 */
const listChanges = liveChanges<BattleSummary[]>();

interface JoinEvent {
  battleId: string;
  newPlayers: BattlePlayer[];
}
interface StartEvent {
  battleId: string;
  blockHash: string;
}
export interface FinishedEvent extends Partial<BattleWin> {
  battleId: string;
  refunded?: boolean;
}

const idOf = (v: unknown): string | null =>
  typeof v === 'object' && v !== null && typeof (v as { battleId?: unknown }).battleId === 'string'
    ? (v as { battleId: string }).battleId
    : null;

/** Waiting battles first, then running; newest first within each (spec-3 §2.1). */
export function sortBattles(list: BattleSummary[]): BattleSummary[] {
  return [...list].sort((a, b) => a.status - b.status || b.createdAt.localeCompare(a.createdAt));
}

/**
 * GET /api/battles, kept live (spec-3 §4): battles:new adds, battles:join replaces the players,
 * battles:start marks running, battles:round appends a round, battles:finished removes.
 */
export function useBattleList() {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: LIST_KEY,
    queryFn: () => listChanges.fetch(() => http.get<BattleSummary[]>('/battles')),
  });
  useEffect(() => {
    const patch = (fn: (list: BattleSummary[]) => BattleSummary[]) => {
      const change = listChanges.change((list) => sortBattles(fn(list)));
      client.setQueryData<BattleSummary[]>(LIST_KEY, (old) => (old ? change(old) : old));
    };
    const offs = [
      onSocket('battles', 'battles:new', (raw) => {
        const b = raw as BattleSummary;
        if (typeof b?.id === 'string') patch((l) => [b, ...l.filter((x) => x.id !== b.id)]);
      }),
      onSocket('battles', 'battles:join', (raw) => {
        const ev = raw as JoinEvent;
        patch((l) => l.map((b) => (b.id === idOf(ev) ? { ...b, players: ev.newPlayers } : b)));
      }),
      onSocket('battles', 'battles:start', (raw) => {
        patch((l) => l.map((b) => (b.id === idOf(raw) ? { ...b, status: 2 } : b)));
      }),
      onSocket('battles', 'battles:round', (raw) => {
        const ev = raw as BattleRoundEvent;
        patch((l) =>
          l.map((b) =>
            // a list that already holds this round (asked after it) keeps it once
            b.id === idOf(ev) && b.casesRoundResults.length <= ev.caseNumber
              ? { ...b, status: 2, casesRoundResults: [...b.casesRoundResults, ev.result] }
              : b,
          ),
        );
      }),
      onSocket('battles', 'battles:finished', (raw) => {
        patch((l) => l.filter((b) => b.id !== idOf(raw)));
      }),
      onSynced('battles', () => void client.invalidateQueries({ queryKey: LIST_KEY })),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [client]);
  return query;
}

/** POST /api/battles/game {gameId}: one battle with its seeds, block and result. */
export function fetchBattle(id: string): Promise<BattleDetail> {
  return http.post<BattleDetail>('/battles/game', { gameId: id });
}

/** Events of one battle, as the page consumes them. */
export type BattleEvent =
  | { type: 'join'; players: BattlePlayer[] }
  | { type: 'expose'; blockNumber: number }
  | { type: 'start'; blockHash: string }
  | { type: 'round'; round: BattleRoundEvent }
  | { type: 'finished'; win: FinishedEvent };

/** Subscribes to the battles namespace for one battle id. */
export function onBattleEvents(battleId: string, handle: (e: BattleEvent) => void): () => void {
  const mine = (raw: unknown) => idOf(raw) === battleId;
  const offs = [
    onSocket('battles', 'battles:join', (raw) => {
      if (mine(raw)) handle({ type: 'join', players: (raw as JoinEvent).newPlayers });
    }),
    onSocket('battles', 'battles:expose', (raw) => {
      if (mine(raw))
        handle({ type: 'expose', blockNumber: Number((raw as { blockNumber: number }).blockNumber) });
    }),
    onSocket('battles', 'battles:start', (raw) => {
      if (mine(raw)) handle({ type: 'start', blockHash: (raw as StartEvent).blockHash });
    }),
    onSocket('battles', 'battles:round', (raw) => {
      if (mine(raw)) handle({ type: 'round', round: raw as BattleRoundEvent });
    }),
    onSocket('battles', 'battles:finished', (raw) => {
      if (mine(raw)) handle({ type: 'finished', win: raw as FinishedEvent });
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

import {
  battleResult,
  battleTicket,
  caseTicket,
  itemForTicket,
  type VerifyInput,
  type VerifyLine,
} from '@coinsite/shared/fairness';
import { modeOfGameType } from '@coinsite/shared/schemas/battles';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { type BattleDetail, fetchBattle } from '../battles/battles-api.ts';
import { type CaseItemView, useCase, useCaseList } from '../cases/cases-api.ts';
import type { FieldValues } from './verifier-games.ts';

const label = 'text-xs font-semibold tracking-wider text-ink-400 uppercase';

/** The item a case ticket names, from the case's loot table. */
export function caseItemLines(input: VerifyInput, items: readonly CaseItemView[] | undefined): VerifyLine[] {
  if (input.game !== 'cases') return [];
  if (!items) return [{ label: 'Item won', value: 'Choose the case to name the item' }];
  const item = itemForTicket(items, caseTicket(input));
  return [
    {
      label: 'Item won',
      value: `${item.name} · ${formatCoins(item.price)} (tickets ${item.ticketsStart}–${item.ticketsEnd})`,
    },
  ];
}

/** Each round's drop per seat, the totals and the winner, from the battle's cases and seats. */
export function battleLines(input: VerifyInput, battle: BattleDetail | null): VerifyLine[] {
  if (input.game !== 'battles' || !battle) return [];
  const seats = battle.players.length;
  if (input.seats !== seats || input.rounds !== battle.cases.length) return [];
  const totals = Array.from({ length: seats }, () => 0);
  const lines: VerifyLine[] = [];
  for (const [r, c] of battle.cases.entries()) {
    if (!c.items) return [];
    const drops = totals.map((_, i) => {
      const item = itemForTicket(c.items ?? [], battleTicket(input, r + 1, i + 1));
      totals[i] = (totals[i] ?? 0) + Math.round(item.price * 100);
      return `${seatName(battle, i + 1)}: ${item.name} ${formatCoins(item.price)}`;
    });
    lines.push({ label: `Round ${r + 1} · ${c.name}`, value: drops.join(' · ') });
  }
  const teams = modeOfGameType(battle.gameType) === '2v2';
  const result = battleResult(input, totals, { crazy: battle.isCrazyMode, teams });
  lines.push({
    label: 'Totals',
    value: totals.map((t, i) => `${seatName(battle, i + 1)} ${formatCoins(t / 100)}`).join(' · '),
  });
  // the seats the server pays: on a tie every tied side shares the pot (docs/decisions/cases.md, "Payouts")
  const seatNames = result.winningSeats.map((s) => seatName(battle, s)).join(' + ');
  const sides = teams
    ? `Team${result.tied.length > 1 ? 's' : ''} ${result.tied.join(' + ')} (${seatNames})`
    : seatNames;
  const rule = battle.isCrazyMode ? 'lowest total wins' : 'highest total wins';
  const tie = result.tied.length > 1;
  lines.push({ label: 'Battle winner', value: `${tie ? 'Tie, pot split: ' : ''}${sides} (${rule})` });
  if (tie) {
    const picked = teams ? `Team ${result.winner}` : seatName(battle, result.winner);
    lines.push({ label: 'Tie break (nonce 0)', value: `${picked}, reported as the winning team` });
  }
  return lines;
}

function seatName(battle: BattleDetail, seat: number): string {
  const p = battle.players[seat - 1];
  return `Seat ${seat}${p?.username ? ` ${p.username}` : ''}`;
}

/** The case verifier's loot table: which case was opened. */
export function CaseTablePicker({ onItems }: { onItems: (items: CaseItemView[] | undefined) => void }) {
  const list = useCaseList();
  // a case bet's Verify names its case (?case=slug): the item is named at once (issue 28 item 8)
  const [params] = useSearchParams();
  const [slug, setSlug] = useState(() => params.get('case')?.slice(0, 100) ?? '');
  const id = useId();
  useEffect(() => {
    if (!slug) onItems(undefined);
  }, [slug, onItems]);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={label}>
        Case opened
      </label>
      <select id={id} value={slug} onChange={(e) => setSlug(e.target.value)} className={inputClass}>
        <option value="">Choose the case…</option>
        {(list.data ?? []).map((c) => (
          <option key={c.slug} value={c.slug}>
            {c.name} · {formatCoins(c.price)}
          </option>
        ))}
      </select>
      {slug ? <CaseTable slug={slug} onItems={onItems} /> : null}
    </div>
  );
}

function CaseTable({
  slug,
  onItems,
}: {
  slug: string;
  onItems: (items: CaseItemView[] | undefined) => void;
}) {
  const items = useCase(slug).data?.items;
  useEffect(() => onItems(items), [items, onItems]);
  return null;
}

/** Loads a battle by its id (or ?battle= in the address) and fills the verifier's fields from it. */
export function BattleLoader({
  onBattle,
}: {
  onBattle: (battle: BattleDetail | null, values: FieldValues) => void;
}) {
  const [params] = useSearchParams();
  const [id, setId] = useState(params.get('battle') ?? '');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const load = (battleId: string) => {
    setError(null);
    fetchBattle(battleId.trim())
      .then((b) =>
        onBattle(b, {
          serverSeed: b.serverSeed ?? '',
          blockId: b.blockHash ?? '',
          rounds: String(b.cases.length),
          seats: String(b.players.length),
        }),
      )
      .catch((err: unknown) => {
        onBattle(null, {});
        setError(err instanceof Error ? err.message : 'Battle not found.');
      });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: load once for the address's battle
  useEffect(() => {
    const first = params.get('battle');
    if (first) load(first);
  }, []);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className={label}>
        Fill from a battle
      </label>
      <div className="flex gap-2">
        <input
          id={inputId}
          value={id}
          placeholder="Battle id"
          spellCheck={false}
          onChange={(e) => setId(e.target.value)}
          className={inputClass}
        />
        <Button variant="secondary" disabled={!id.trim()} onClick={() => load(id)}>
          Load
        </Button>
      </div>
      {error ? <p className="text-xs text-red-400">{error}</p> : null}
    </div>
  );
}

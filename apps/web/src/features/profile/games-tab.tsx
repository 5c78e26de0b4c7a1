import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { PROFIT_CLASS, profitOf } from '../../lib/profit.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { BetDetailsDialog } from './bet-details-dialog.tsx';
import {
  filterGames,
  GAME_FILTERS,
  type GameFilter,
  type GameRow,
  gameRows,
  multiplierTone,
} from './game-rows.ts';
import { useGameHistory } from './profile-api.ts';
import { formatDateTime, formatMultiplier } from './profile-format.ts';
import { CardFigure, FilterPills, HistoryList } from './table-parts.tsx';

const COLUMNS = ['Gamemode', 'Bet', 'Multiplier', 'Date and Time', 'Payout', 'Action'] as const;
/** spec-2 §9: nine skeleton rows while the history loads. */
const SKELETON_ROWS = 9;

const TONES = { win: 'text-accent-400', loss: 'text-red-400', even: 'text-white' } as const;
const CELL = 'px-3 py-2.5 whitespace-nowrap sm:px-4';

function Amount({ value }: { value: number }) {
  return (
    <span className="inline-flex items-center gap-1.5 font-semibold text-white tabular-nums">
      <CoinIcon className="h-3.5 w-3.5" />
      {formatCoins(value)}
    </span>
  );
}

/** The payout (spec-2's column), with what it did to the wallet under it: payout − bet, by sign. */
function Payout({ row }: { row: GameRow }) {
  const profit = profitOf(row.bet, row.payout);
  return (
    <span className="inline-flex flex-col">
      <Amount value={row.payout} />
      <span
        data-testid="game-row-profit"
        data-tone={profit.tone}
        className={cn('text-xs font-semibold tabular-nums', PROFIT_CLASS[profit.tone])}
      >
        {profit.text}
      </span>
    </span>
  );
}

function Multiplier({ value }: { value: number }) {
  return (
    <span className={cn('font-semibold tabular-nums', TONES[multiplierTone(value)])}>
      {formatMultiplier(value)}
    </span>
  );
}

function Details({ onClick }: { onClick: () => void }) {
  return (
    <Button variant="secondary" size="sm" onClick={onClick}>
      Details
    </Button>
  );
}

function GameLine({ row, onDetails }: { row: GameRow; onDetails: () => void }) {
  return (
    <tr data-testid="game-row" className="border-t border-ink-800 transition hover:bg-ink-800/40">
      <td className={cn(CELL, 'font-semibold text-white')}>{row.label}</td>
      <td className={CELL}>
        <Amount value={row.bet} />
      </td>
      <td className={CELL}>
        <Multiplier value={row.multiplier} />
      </td>
      <td className={cn(CELL, 'text-ink-300')}>{formatDateTime(row.created)}</td>
      <td className={CELL}>
        <Payout row={row} />
      </td>
      <td className="px-3 py-2 text-right sm:px-4">
        <Details onClick={onDetails} />
      </td>
    </tr>
  );
}

function GameCard({ row, onDetails }: { row: GameRow; onDetails: () => void }) {
  return (
    <li data-testid="game-row" className="flex flex-col gap-2.5 border-t border-ink-800 p-3 first:border-t-0">
      <div className="flex items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-white">{row.label}</p>
          <p className="text-xs text-ink-400">{formatDateTime(row.created)}</p>
        </div>
        <Details onClick={onDetails} />
      </div>
      <div className="grid grid-cols-3 gap-2">
        <CardFigure label="Bet">
          <Amount value={row.bet} />
        </CardFigure>
        <CardFigure label="Multiplier">
          <Multiplier value={row.multiplier} />
        </CardFigure>
        <CardFigure label="Payout">
          <Payout row={row} />
        </CardFigure>
      </div>
    </li>
  );
}

/** The profile's Games tab: every game the player finished, filterable by game. */
export function GamesTab() {
  const query = useGameHistory();
  const [filter, setFilter] = useState<GameFilter>('all');
  const [open, setOpen] = useState<GameRow | null>(null);
  const rows = useMemo(() => (query.data ? gameRows(query.data) : []), [query.data]);
  return (
    <div className="flex flex-col gap-3">
      <FilterPills label="Filter games" options={GAME_FILTERS} value={filter} onChange={setFilter} />
      <HistoryList
        columns={COLUMNS}
        rows={filterGames(rows, filter)}
        pending={query.isPending}
        skeletonRows={SKELETON_ROWS}
        empty="No Games"
        testId="games-table"
        rowKey={(row) => row.key}
        renderRow={(row) => <GameLine row={row} onDetails={() => setOpen(row)} />}
        renderCard={(row) => <GameCard row={row} onDetails={() => setOpen(row)} />}
      />
      <BetDetailsDialog row={open} onClose={() => setOpen(null)} />
    </div>
  );
}

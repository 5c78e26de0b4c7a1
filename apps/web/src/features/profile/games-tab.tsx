import { useMemo } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { PROFIT_CLASS, profitOf } from '../../lib/profit.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { BetDetailsDialog } from './bet-details-dialog.tsx';
import { filterGames, GAME_FILTERS, type GameRow, gameRows, multiplierTone } from './game-rows.ts';
import { useGameHistory } from './profile-api.ts';
import { formatDateTime, formatMultiplier } from './profile-format.ts';
import { CardFigure, Cell, FilteredHistory, HistoryCard, HistoryRow } from './table-parts.tsx';

const COLUMNS = ['Gamemode', 'Bet', 'Multiplier', 'Date and Time', 'Payout', 'Action'] as const;

const TONES = { win: 'text-accent-400', loss: 'text-red-400', even: 'text-white' } as const;

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

function GameLine({ row, onDetails }: { row: GameRow; onDetails: () => void }) {
  return (
    <HistoryRow testId="game-row" onDetails={onDetails}>
      <Cell strong>{row.label}</Cell>
      <Cell>
        <Amount value={row.bet} />
      </Cell>
      <Cell>
        <Multiplier value={row.multiplier} />
      </Cell>
      <Cell muted>{formatDateTime(row.created)}</Cell>
      <Cell>
        <Payout row={row} />
      </Cell>
    </HistoryRow>
  );
}

function GameCard({ row, onDetails }: { row: GameRow; onDetails: () => void }) {
  return (
    <HistoryCard
      testId="game-row"
      title={row.label}
      time={formatDateTime(row.created)}
      onDetails={onDetails}
      figures={3}
    >
      <CardFigure label="Bet">
        <Amount value={row.bet} />
      </CardFigure>
      <CardFigure label="Multiplier">
        <Multiplier value={row.multiplier} />
      </CardFigure>
      <CardFigure label="Payout">
        <Payout row={row} />
      </CardFigure>
    </HistoryCard>
  );
}

/** The profile's Games tab: every game the player finished, filterable by game. */
export function GamesTab() {
  const query = useGameHistory();
  const rows = useMemo(() => (query.data ? gameRows(query.data) : []), [query.data]);
  return (
    <FilteredHistory
      rows={rows}
      pending={query.isPending}
      filterLabel="Filter games"
      filters={GAME_FILTERS}
      keep={filterGames}
      columns={COLUMNS}
      empty="No Games"
      testId="games-table"
      renderRow={(row, onDetails) => <GameLine row={row} onDetails={onDetails} />}
      renderCard={(row, onDetails) => <GameCard row={row} onDetails={onDetails} />}
      renderDialog={(row, onClose) => <BetDetailsDialog row={row} onClose={onClose} />}
    />
  );
}

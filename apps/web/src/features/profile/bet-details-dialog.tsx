import { ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCoins } from '../../lib/format.ts';
import { AppDialog } from '../../ui/dialog.tsx';
import { BetDetails } from '../bet-details/bet-details.tsx';
import type { GameRow } from './game-rows.ts';
import { formatDateTime, formatMultiplier } from './profile-format.ts';
import { InfoLine } from './table-parts.tsx';
import { rouletteWinnerLabel } from '../roulette/roulette-state.ts';

/** Where a game's results are re-derived: its tab of /provably-fair. */
function VerifyLink({ game, children }: { game: string; children?: ReactNode }) {
  return (
    <Link
      to={`/provably-fair?tab=${encodeURIComponent(game)}`}
      className="inline-flex items-center gap-2 self-start rounded-lg bg-accent-500/15 px-3 py-2 text-sm font-semibold text-accent-300 ring-1 ring-accent-500/30 transition hover:bg-accent-500/25"
    >
      <ShieldCheck className="h-4 w-4" aria-hidden="true" />
      {children ?? 'Verify on the Provably Fair page'}
    </Link>
  );
}

function Summary({ row }: { row: GameRow }) {
  return (
    <>
      <InfoLine label="Game">{row.label}</InfoLine>
      <InfoLine label="Bet">{formatCoins(row.bet)}</InfoLine>
      <InfoLine label="Multiplier">{formatMultiplier(row.multiplier)}</InfoLine>
      <InfoLine label="Payout">{formatCoins(row.payout)}</InfoLine>
      <InfoLine label="Date and Time">{formatDateTime(row.created)}</InfoLine>
    </>
  );
}

/** Crash and roulette rounds have no bets row: the history entry holds everything shown. */
function RoundBody({ row }: { row: GameRow }) {
  const d = row.details;
  return (
    <div className="flex flex-col gap-4">
      <dl>
        {d.kind === 'crash' ? (
          <>
            <InfoLine label="Round">{d.entry._id}</InfoLine>
            <Summary row={row} />
            <InfoLine label="Cashed out at">
              {d.entry.stoppedAt === null ? '—' : formatMultiplier(d.entry.stoppedAt / 100)}
            </InfoLine>
            <InfoLine label="Crash point">
              {d.entry.status === 'refunded' ? 'Refunded' : formatMultiplier(d.entry.crashPoint)}
            </InfoLine>
          </>
        ) : null}
        {d.kind === 'roulette' ? (
          <>
            <InfoLine label="Round">{d.entry._id}</InfoLine>
            <Summary row={row} />
            <InfoLine label="Your bets">
              {d.entry.players.map((p) => `${formatCoins(p.betAmount)} on ${p.color}`).join(', ')}
            </InfoLine>
            <InfoLine label="Winning colour">
              <span className={rouletteWinnerLabel(d.entry.winner) === 'INVALID' ? '' : 'capitalize'}>
                {rouletteWinnerLabel(d.entry.winner)}
              </span>
            </InfoLine>
          </>
        ) : null}
      </dl>
      <VerifyLink game={row.game} />
    </div>
  );
}

/** Details of one Games-tab row: the bet, its result and the seeds that made it. */
export function BetDetailsDialog({ row, onClose }: { row: GameRow | null; onClose: () => void }) {
  return (
    <AppDialog
      open={row !== null}
      onOpenChange={(open) => !open && onClose()}
      title={row ? `${row.label} bet` : 'Bet'}
      width="max-w-xl"
    >
      {row?.details.kind === 'bet' ? <BetDetails betId={row.details.betId} onNavigate={onClose} /> : null}
      {row && row.details.kind !== 'bet' ? <RoundBody row={row} /> : null}
    </AppDialog>
  );
}

import { ExternalLink, ShieldCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/errors.ts';
import { formatCoins } from '../../lib/format.ts';
import { AppDialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { battleIdOf, outcomeLines } from './bet-outcome.ts';
import type { GameRow } from './game-rows.ts';
import { useBetDetails } from './profile-api.ts';
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

function BetBody({ row, betId }: { row: GameRow; betId: string }) {
  const query = useBetDetails(betId);
  if (query.isPending) {
    return (
      <div className="flex h-40 items-center justify-center text-accent-400">
        <Spinner className="h-7 w-7" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p className="py-8 text-center text-ink-300">{errorText(query.error, 'Could not load this bet.')}</p>
    );
  }
  const bet = query.data;
  const { seeds } = bet;
  const battleId = bet.game === 'battles' ? battleIdOf(bet.outcome) : null;
  return (
    <div className="flex flex-col gap-4">
      <dl>
        <InfoLine label="Bet ID">{bet.id}</InfoLine>
        <Summary row={row} />
        {outcomeLines(bet.game, bet.outcome).map((l) => (
          <InfoLine key={l.label} label={l.label}>
            {l.value}
          </InfoLine>
        ))}
      </dl>
      {seeds.serverSeedHash ? (
        <section className="rounded-xl bg-ink-950/50 px-4 py-2 ring-1 ring-ink-700">
          <h3 className="pt-2 text-sm font-bold text-white">Seeds</h3>
          <dl>
            <InfoLine label="Server seed hash">
              <span className="font-mono text-xs">{seeds.serverSeedHash}</span>
            </InfoLine>
            <InfoLine label="Server seed">
              {seeds.serverSeed ? (
                <span className="font-mono text-xs">{seeds.serverSeed}</span>
              ) : (
                <span className="text-ink-300">Not revealed yet: change your client seed to reveal it.</span>
              )}
            </InfoLine>
            <InfoLine label="Client seed">
              <span className="font-mono text-xs">{seeds.clientSeed ?? '—'}</span>
            </InfoLine>
            <InfoLine label="Nonce">{seeds.nonce ?? '—'}</InfoLine>
          </dl>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <VerifyLink game={bet.game} />
        {battleId ? (
          <Link
            to={`/battles/${battleId}`}
            className="inline-flex items-center gap-2 rounded-lg bg-ink-700 px-3 py-2 text-sm font-semibold text-ink-200 ring-1 ring-ink-600 transition hover:text-white"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open the battle
          </Link>
        ) : null}
      </div>
    </div>
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
      {row?.details.kind === 'bet' ? <BetBody row={row} betId={row.details.betId} /> : null}
      {row && row.details.kind !== 'bet' ? <RoundBody row={row} /> : null}
    </AppDialog>
  );
}

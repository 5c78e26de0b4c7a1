import { Check, ExternalLink, Link2, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/errors.ts';
import { formatCoins } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { battleIdOf, outcomeLines } from '../profile/bet-outcome.ts';
import { useBetDetails } from '../profile/profile-api.ts';
import { formatDateTime, formatMultiplier } from '../profile/profile-format.ts';
import { InfoLine } from '../profile/table-parts.tsx';
import { gameName } from '../../app/games.tsx';
import { isRoundGame, verifyHref } from './verify-href.ts';

const linkClass =
  'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ring-1 transition';

/** Copies the bet's shareable address (/bets/{id}). */
function ShareButton({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  const url = `${window.location.origin}/bets/${id}`;
  return (
    <button
      type="button"
      data-testid="bet-share"
      className={`${linkClass} bg-ink-700 text-ink-200 ring-ink-600 hover:text-white`}
      onClick={() => {
        void navigator.clipboard
          ?.writeText(url)
          .then(() => setCopied(true))
          .catch(() => undefined);
      }}
    >
      {copied ? (
        <Check className="h-4 w-4" aria-hidden="true" />
      ) : (
        <Link2 className="h-4 w-4" aria-hidden="true" />
      )}
      {copied ? 'Link copied' : 'Copy link'}
    </button>
  );
}

/**
 * One bet as GET /bets/{id} gives it: game, player, stake, multiplier, payout, time, result, the
 * seeds (the server seed only once its pair is revealed) and a Verify link that opens the
 * provably fair verifier filled in. Shown by the bet dialog and the /bets/{id} page.
 */
export function BetDetails({ betId, onNavigate }: { betId: string; onNavigate?: () => void }) {
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
  const round = isRoundGame(bet.game);
  const flip = bet.game === 'coinflip';
  return (
    <div className="flex flex-col gap-4" data-testid="bet-details">
      <dl>
        <InfoLine label="Bet ID">
          <span data-testid="bet-details-id">{bet.id}</span>
        </InfoLine>
        <InfoLine label="Game">{gameName(bet.game)}</InfoLine>
        <InfoLine label="Player">{bet.username}</InfoLine>
        <InfoLine label="Bet">{formatCoins(bet.amount)}</InfoLine>
        <InfoLine label="Multiplier">{formatMultiplier(bet.multiplier)}</InfoLine>
        <InfoLine label="Payout">
          <span data-testid="bet-details-payout">{formatCoins(bet.payout)}</span>
        </InfoLine>
        <InfoLine label="Date and Time">{formatDateTime(bet.created)}</InfoLine>
        {outcomeLines(bet.game, bet.outcome).map((l) => (
          <InfoLine key={l.label} label={l.label}>
            <span data-testid={`bet-outcome-${l.label.toLowerCase().replaceAll(' ', '-')}`}>{l.value}</span>
          </InfoLine>
        ))}
      </dl>
      {seeds.serverSeedHash ? (
        <section className="rounded-xl bg-ink-950/50 px-4 py-2 ring-1 ring-ink-700">
          <h3 className="pt-2 text-sm font-bold text-white">Seeds</h3>
          <dl>
            <InfoLine label={round ? "Round's hash" : 'Server seed hash'}>
              <span className="font-mono text-xs">{seeds.serverSeedHash}</span>
            </InfoLine>
            <InfoLine label={round ? "Round's seed" : 'Server seed'}>
              {seeds.serverSeed ? (
                <span className="font-mono text-xs" data-testid="bet-server-seed">
                  {seeds.serverSeed}
                </span>
              ) : (
                <span className="text-ink-300" data-testid="bet-server-seed-hidden">
                  {round
                    ? 'Revealed when the round is over.'
                    : flip
                      ? 'Revealed when the flip is decided.'
                      : 'Not revealed yet: the player must change their client seed first.'}
                </span>
              )}
            </InfoLine>
            {round ? (
              <InfoLine label="Public seed">
                <span className="font-mono text-xs">{seeds.publicSeed ?? '—'}</span>
              </InfoLine>
            ) : flip ? (
              <InfoLine label="EOS block">
                <span className="font-mono text-xs break-all">{seeds.blockId ?? '—'}</span>
              </InfoLine>
            ) : (
              <>
                <InfoLine label="Client seed">
                  <span className="font-mono text-xs">{seeds.clientSeed ?? '—'}</span>
                </InfoLine>
                <InfoLine label="Nonce">{seeds.nonce ?? '—'}</InfoLine>
              </>
            )}
          </dl>
        </section>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Link
          to={verifyHref(bet)}
          onClick={onNavigate}
          data-testid="bet-verify"
          className={`${linkClass} bg-accent-500/15 text-accent-300 ring-accent-500/30 hover:bg-accent-500/25`}
        >
          <ShieldCheck className="h-4 w-4" aria-hidden="true" />
          Verify
        </Link>
        <ShareButton id={bet.id} />
        {battleId ? (
          <Link
            to={`/battles/${battleId}`}
            onClick={onNavigate}
            className={`${linkClass} bg-ink-700 text-ink-200 ring-ink-600 hover:text-white`}
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> Open the battle
          </Link>
        ) : null}
      </div>
    </div>
  );
}

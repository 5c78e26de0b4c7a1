import { CHAT_EVENTS, type GiveawayState } from '@coinsite/shared/schemas/chat';
import { GIVEAWAY_RESULT_SHOWN_MS, GIVEAWAY_TEXT } from '@coinsite/shared/schemas/giveaway';
import { formatCountdown } from '@coinsite/shared/schemas/rain';
import { Gift, ShieldCheck, Trophy } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { toast } from 'sonner';
import { formatCoins } from '../../lib/format.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { useMsUntil } from '../../lib/use-clock.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useChatStore } from '../chat/chat-store.ts';

/** The ms left until entries close, ticking once a second (from the state's timeLeft when it arrived). */
function useEntriesLeft(g: GiveawayState | null): number {
  const closesAt = useMemo(() => (g?.active ? Date.now() + g.timeLeft : null), [g]);
  return useMsUntil(closesAt);
}

/** When this page first saw each giveaway drawn (its result is shown for a while from then). */
const drawnSeenAt = new Map<string, number>();

function Proof({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-[11px] uppercase tracking-wide text-ink-400">{label}</dt>
      <dd className="break-all font-mono text-[11px] leading-snug text-ink-200" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/**
 * The chat's giveaway panel (issue 10 item 5; first above trivia and rain): the prize, the time until
 * entries close, the entry rule and count, Join (→ Joined once the user's id is in players) and the
 * committed seed hash; when entries close the EOS block fixed for the draw; after the draw the winner
 * and everything needed to verify it (docs/decisions/chat.md "Giveaways": winner =
 * players[HMAC-SHA256(serverSeed, publicSeed) first 52 bits mod entries], publicSeed = the block's id).
 */
export function GiveawayPanel() {
  const g = useChatStore((s) => s.giveaway);
  const user = useAuthStore((s) => s.user);
  const left = useEntriesLeft(g);
  const [joining, setJoining] = useState(false);
  useEffect(() => {
    const offs = [
      onSocket('chat', CHAT_EVENTS.giveawayJoinSuccess, (message) => {
        setJoining(false);
        toast.success(typeof message === 'string' ? message : GIVEAWAY_TEXT.joined);
      }),
      onSocket('chat', CHAT_EVENTS.giveawayJoinError, (message) => {
        setJoining(false);
        toast.error(typeof message === 'string' ? message : 'Could not join the giveaway.');
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);
  // a drawn giveaway's result stays a while from when this page first saw it drawn (a remount of the
  // panel, the phone drawer closing and opening, does not start the while again), then goes; the
  // next giveaway replaces it at once
  const drawnId = g && !g.active ? g._id : null;
  useEffect(() => {
    if (drawnId === null) return;
    const seen = drawnSeenAt.get(drawnId) ?? Date.now();
    drawnSeenAt.set(drawnId, seen);
    const id = window.setTimeout(
      () => {
        const chat = useChatStore.getState();
        if (chat.giveaway?._id === drawnId && !chat.giveaway.active) chat.setGiveaway(null);
      },
      Math.max(0, seen + GIVEAWAY_RESULT_SHOWN_MS - Date.now()),
    );
    return () => window.clearTimeout(id);
  }, [drawnId]);
  const [proofOpen, setProofOpen] = useState(false);
  if (!g) return null;
  const joined = user !== null && g.players.includes(user._id);
  const open = g.active && left > 0;
  function join() {
    if (!g || joining) return;
    if (!user) {
      toast.error(GIVEAWAY_TEXT.signIn);
      return;
    }
    setJoining(true);
    getSocket('chat').emit(CHAT_EVENTS.joinGiveaway, g._id);
  }

  const proof = (
    <dl className="mt-1.5 grid gap-1.5" id={`giveaway-proof-${g._id}`}>
      {g.active ? null : (
        <Proof
          label="Entries"
          value={`${g.players.length} ${g.players.length === 1 ? 'entry' : 'entries'}`}
          testId="giveaway-drawn-entries"
        />
      )}
      <Proof label="Server seed hash (SHA-256)" value={g.serverSeedHash} testId="giveaway-hash" />
      {g.serverSeed ? <Proof label="Server seed" value={g.serverSeed} testId="giveaway-seed" /> : null}
      {g.blockNumber ? <Proof label="EOS Block" value={`#${g.blockNumber}`} testId="giveaway-block" /> : null}
      {g.publicSeed ? (
        <Proof
          label={
            g.publicSource === 'eos'
              ? 'Public value (EOS Block Hash)'
              : 'Public value (SHA-256 of the entry list)'
          }
          value={g.publicSeed}
          testId="giveaway-public"
        />
      ) : null}
      {g.winnerIndex !== null ? (
        <Proof
          label="Winning entry"
          value={`#${g.winnerIndex} = HMAC-SHA256(seed, public)[0..13] mod ${g.players.length}`}
          testId="giveaway-index"
        />
      ) : null}
    </dl>
  );
  const prize = (
    <span
      className="flex shrink-0 items-center gap-1 text-sm font-semibold text-white tabular-nums"
      data-testid="giveaway-prize"
    >
      <CoinIcon />
      {formatCoins(g.prize)}
    </span>
  );
  const frame =
    'mx-3 mt-3 shrink-0 rounded-xl border border-emerald-400/40 bg-gradient-to-br from-emerald-500/15 to-ink-800';

  // drawn: one line (who won, the prize) with a "proof" link that unfolds the proof (issue 28 item 2)
  if (!g.active) {
    return (
      <section
        aria-label={GIVEAWAY_TEXT.panelTitle}
        data-testid="giveaway-panel"
        className={`${frame} px-3 py-2`}
      >
        <div className="flex items-center gap-2 text-sm text-white">
          <Trophy className="h-4 w-4 shrink-0 text-amber-400" aria-hidden="true" />
          <p className="min-w-0 flex-1 truncate" data-testid="giveaway-winner">
            {g.winner ? (
              <>
                <span className="font-bold">{g.winner.username}</span> won
              </>
            ) : (
              GIVEAWAY_TEXT.noEntries
            )}
          </p>
          {prize}
          <button
            type="button"
            onClick={() => setProofOpen((o) => !o)}
            aria-expanded={proofOpen}
            aria-controls={`giveaway-proof-${g._id}`}
            className="flex shrink-0 items-center gap-1 rounded text-xs font-semibold text-emerald-300 underline-offset-2 hover:underline"
          >
            <ShieldCheck className="h-3.5 w-3.5" aria-hidden="true" />
            proof
          </button>
        </div>
        {proofOpen ? proof : null}
      </section>
    );
  }

  return (
    <section aria-label={GIVEAWAY_TEXT.panelTitle} data-testid="giveaway-panel" className={`${frame} p-3`}>
      <header className="flex items-center justify-between gap-2">
        <div className="flex items-center gap-1.5 text-sm font-bold text-white">
          <Gift className="h-4 w-4 text-emerald-300" aria-hidden="true" />
          {GIVEAWAY_TEXT.panelTitle}
        </div>
        {prize}
      </header>
      <div className="mt-2 flex items-center gap-3">
        <div className="min-w-0 flex-1 text-xs text-ink-300">
          <p>
            {open ? 'Ends in ' : g.blockNumber ? `Waiting for EOS Block #${g.blockNumber}` : 'Drawing…'}
            {open ? (
              <span
                className="font-mono font-semibold text-emerald-300 tabular-nums"
                data-testid="giveaway-timer"
              >
                {formatCountdown(left)}
              </span>
            ) : null}
            <span className="mx-1.5 text-ink-500" aria-hidden="true">
              ·
            </span>
            <span data-testid="giveaway-entries">
              {g.players.length} {g.players.length === 1 ? 'entry' : 'entries'}
            </span>
          </p>
          <p className="mt-0.5">
            {g.minWager > 0
              ? `Wager ${formatCoins(g.minWager)} in the last 7 days to join`
              : 'Open to everyone signed in'}
          </p>
        </div>
        <Button
          size="sm"
          variant={joined ? 'secondary' : 'primary'}
          disabled={joined || joining || !open}
          loading={joining && !joined}
          className={joined ? 'opacity-60' : undefined}
          onClick={join}
          data-testid="giveaway-join"
        >
          {joined ? GIVEAWAY_TEXT.joinedLabel : GIVEAWAY_TEXT.join}
        </Button>
      </div>
      <details className="group mt-2">
        <summary className="flex cursor-pointer list-none items-center gap-1 text-xs text-ink-400 hover:text-ink-200">
          <ShieldCheck className="h-3.5 w-3.5 text-emerald-300" aria-hidden="true" />
          Provably fair
        </summary>
        {proof}
      </details>
    </section>
  );
}

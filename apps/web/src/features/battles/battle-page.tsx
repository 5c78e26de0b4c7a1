import { ArrowLeft, Share2 } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { openDialog } from '../../lib/dialog-store.ts';
import { formatCoins } from '../../lib/format.ts';
import { getSocket } from '../../lib/socket.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { BattleFairButton } from './battle-fair-dialog.tsx';
import { CaseStrip, ModeBox } from './battle-parts.tsx';
import { SeatColumn } from './battle-seat.tsx';
import { battleRound } from './battle-round.ts';
import type { BattleDetail } from './battles-api.ts';
import { type BattleView, useBattle } from './use-battle.ts';
import { useBattleToasts } from './use-battle-toasts.ts';
import { ensureAgeAnswered } from '../account/age-gate.ts';

function share() {
  navigator.clipboard
    ?.writeText(window.location.href)
    .then(() => toast.success('Successfully copied battle link!'))
    .catch(() => toast.error('Failed to copy battle link'));
}

function Header({ b, view }: { b: BattleDetail; view: BattleView }) {
  const total = b.cases.length;
  const round = battleRound(view.spinning ? view.spinning.round : view.revealed, total);
  const current = round.index;
  const c = b.cases[current];
  const status =
    view.phase === 'finished'
      ? 'Finished'
      : view.phase === 'refunded'
        ? 'Refunded'
        : view.phase === 'waiting'
          ? 'Waiting for players'
          : round.label;
  return (
    <section className="flex flex-col gap-3 rounded-3xl bg-[radial-gradient(ellipse_at_50%_0%,#3b1d60,transparent_65%),linear-gradient(180deg,#141b31,#0b1020)] p-3 ring-1 ring-ink-700 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="flex items-center gap-1.5 font-mono text-xl font-black text-gold-300">
          <CoinIcon className="h-5 w-5" />
          {formatCoins(b.price)}
        </span>
        {c ? (
          <span className="text-sm text-ink-300">
            <span className="font-bold text-white">{c.name}</span> · {formatCoins(c.price)}
          </span>
        ) : null}
        <div className="flex items-center gap-3">
          <ModeBox gameType={b.gameType} crazy={b.isCrazyMode} showRegular />
          <span
            className="rounded-md bg-ink-950/70 px-2 py-1 text-xs font-bold text-white ring-1 ring-ink-700"
            data-testid="battle-status"
          >
            {status}
          </span>
        </div>
      </div>
      <CaseStrip cases={b.cases} current={current} />
      {view.phase === 'countdown' ? (
        <p className="animate-pulse text-center text-sm font-bold text-fuchsia-200" data-testid="eos-wait">
          Waiting for EOS Block #{b.blockNumber}
        </p>
      ) : null}
    </section>
  );
}

/** /battles/{id} (spec-3 §2.3). */
export function BattlePage() {
  const { battleId = '' } = useParams();
  const view = useBattle(battleId.toLowerCase());
  const user = useAuthStore((s) => s.user);
  const [pendingSeat, setPendingSeat] = useState<number | null>(null);
  useBattleToasts(useCallback(() => setPendingSeat(null), []));
  const b = view.battle;

  const act = (seatIndex: number, kind: 'join' | 'bot') => {
    if (!user) {
      openDialog({ name: 'signIn', view: 'login' });
      return;
    }
    setPendingSeat(seatIndex);
    const go = () =>
      getSocket('battles').emit(kind === 'bot' ? 'battles:callbot' : 'battles:join', battleId, seatIndex);
    if (kind === 'bot') go();
    // a seat is a stake: the first of an account without a date of birth waits for the dialog (issue 26)
    else void ensureAgeAnswered().then((ok) => (ok ? go() : setPendingSeat(null)));
  };

  if (!b) {
    return (
      <div className="flex justify-center py-24 text-ink-300">
        {view.phase === 'missing' ? <p>This battle does not exist.</p> : <Spinner className="h-8 w-8" />}
      </div>
    );
  }
  const isCreator = user !== null && user._id === b.creatorId;
  const seated = user !== null && b.players.some((p) => p.id === user._id);
  const waiting = b.status === 1;
  return (
    <div className="mx-auto flex w-full max-w-7xl animate-fade-in flex-col gap-4 p-3 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link
          to="/battles"
          className="inline-flex items-center gap-1.5 text-sm font-semibold text-ink-300 hover:text-white"
        >
          <ArrowLeft className="h-4 w-4" /> Back
        </Link>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" onClick={share}>
            <Share2 className="h-4 w-4" aria-hidden="true" /> Share Battle
          </Button>
          <BattleFairButton battle={b} />
        </div>
      </div>
      <Header b={b} view={view} />
      <div
        className={cn(
          'grid gap-2 sm:gap-3',
          b.playerCount === 2
            ? 'grid-cols-2'
            : b.playerCount === 3
              ? 'grid-cols-3'
              : 'grid-cols-2 lg:grid-cols-4',
        )}
      >
        {b.players.map((p, i) => (
          <div
            // biome-ignore lint/suspicious/noArrayIndexKey: seats are positions
            key={i}
            className={cn(
              b.gameType === 4 &&
                i === 2 &&
                'lg:border-l-2 lg:border-dashed lg:border-fuchsia-500/30 lg:pl-3',
            )}
          >
            <SeatColumn
              battle={b}
              seat={i + 1}
              player={p}
              revealed={view.revealed}
              spin={view.spinning?.spins[i] ?? null}
              stopped={view.spinning?.stopped ?? false}
              action={!waiting || p.id || i === 0 ? null : isCreator ? 'bot' : seated ? null : 'join'}
              pending={pendingSeat === i}
              onAction={() => act(i, isCreator ? 'bot' : 'join')}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

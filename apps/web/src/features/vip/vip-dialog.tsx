import { WagerToLevel } from '../../ui/wager-to-level.tsx';
import type { VipView } from '@coinsite/shared/schemas/economy';
import { ChevronLeft, ChevronRight, Crown } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Progress } from '../../ui/progress.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { LevelBadge } from './level-badge.tsx';
import { ClaimRakebackButton, VipRetry } from './rakeback-panel.tsx';
import { majorRanks, useVip, vipProgress } from './vip-api.ts';
import { useVipDialog } from './vip-store.ts';
import { formatXp, formatXpOf, XP_RULE } from '../../lib/xp.ts';

function RankCarousel({ v }: { v: VipView }) {
  const ranks = majorRanks(v);
  const strip = useRef<HTMLOListElement>(null);
  const currentName = v.currentLevel.levelName;
  useEffect(() => {
    const el = strip.current?.querySelector<HTMLElement>('[data-current="true"]');
    el?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, []);
  const scroll = (dir: number) => strip.current?.scrollBy({ left: dir * 200, behavior: 'smooth' });
  const arrow =
    'absolute top-1/2 z-10 -translate-y-1/2 rounded-full bg-ink-800/90 p-1.5 text-ink-200 ring-1 ring-ink-600 transition hover:text-white';
  return (
    <section aria-label="VIP ranks" className="relative">
      <button
        type="button"
        aria-label="Previous ranks"
        onClick={() => scroll(-1)}
        className={cn(arrow, '-left-2')}
      >
        <ChevronLeft className="h-4 w-4" />
      </button>
      {/* focusable, so a keyboard can scroll it with the arrow keys (its cards hold no control) */}
      <ol
        ref={strip}
        tabIndex={0}
        aria-label="VIP ranks"
        className="flex snap-x snap-mandatory gap-3 overflow-x-auto scroll-smooth px-6 py-2"
      >
        {ranks.map((r) => {
          const current = r.name === currentName;
          const reached = v.wager >= r.wagerNeeded;
          return (
            <li
              key={r.name}
              data-current={current}
              className={cn(
                'flex w-40 shrink-0 snap-center flex-col items-center gap-1.5 rounded-2xl bg-ink-950/60 p-4 text-center ring-1 ring-ink-700',
              )}
              style={current ? { boxShadow: `inset 0 0 0 2px ${r.color}` } : undefined}
            >
              {/* a rank not reached yet dims its crown only: its words stay readable */}
              <Crown
                className={cn('h-8 w-8', !reached && 'opacity-50')}
                style={{ color: r.color }}
                aria-hidden="true"
              />
              <p className="font-bold" style={{ color: r.color }}>
                {r.name}
              </p>
              <p className="text-xs text-ink-400">
                Levels {r.from}–{r.to}
              </p>
              <p className="text-xs text-ink-300">From {formatXp(r.wagerNeeded)}</p>
              <p className="text-xs font-semibold text-gold-300">{r.rakeback.toFixed(2)}% rakeback</p>
              {current ? (
                <span className="mt-1 rounded-full bg-white/10 px-2 py-0.5 text-[10px] font-bold tracking-wider text-white uppercase">
                  Current
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        aria-label="Next ranks"
        onClick={() => scroll(1)}
        className={cn(arrow, '-right-2')}
      >
        <ChevronRight className="h-4 w-4" />
      </button>
    </section>
  );
}

function VipBody({ v }: { v: VipView }) {
  const p = vipProgress(v);
  const color = v.currentLevel.levelColor;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <LevelBadge level={v.currentLevel.name} color={color} />
        <div className="min-w-0">
          <p className="text-sm text-ink-400">Your level</p>
          <p className="text-xl font-black text-white">
            Level {v.currentLevel.name} · <span style={{ color }}>{v.currentLevel.levelName}</span>
          </p>
          <p className="text-sm text-ink-300">
            Rakeback{' '}
            <span className="font-bold text-gold-300">{v.currentLevel.rakebackPercentage.toFixed(2)}%</span>
          </p>
        </div>
      </div>
      <div className="flex flex-col gap-2 rounded-2xl bg-ink-950/50 p-4 ring-1 ring-ink-700">
        <div className="flex justify-between text-xs font-semibold text-ink-300">
          <span>Level {v.currentLevel.name}</span>
          <span>{p.next ? `Level ${p.next.name}` : 'Top level'}</span>
        </div>
        <Progress value={p.value} color={color} label="VIP level progress" className="h-2.5" />
        <div className="flex flex-wrap justify-between gap-2 text-xs text-ink-400">
          <span title={XP_RULE}>
            <span className="font-semibold text-white" data-testid="vip-xp">
              {p.next ? formatXpOf(v.wager, p.next.wagerNeeded) : formatXp(v.wager)}
            </span>
          </span>
          <span>{p.next ? <WagerToLevel coins={p.remaining} /> : 'You reached the top level!'}</span>
        </div>
      </div>
      <RankCarousel v={v} />
      <div className="flex flex-col items-center gap-3 rounded-2xl bg-ink-950/50 p-4 ring-1 ring-ink-700 sm:flex-row">
        <div className="flex-1 text-center sm:text-left">
          <p className="text-xs font-semibold tracking-wider text-ink-400 uppercase">Rakeback balance</p>
          <p className="flex items-center justify-center gap-1.5 text-2xl font-black text-white sm:justify-start">
            <CoinIcon className="h-5 w-5" />
            <span data-testid="vip-rakeback">{formatCoins(v.rakebackBalance)}</span>
          </p>
        </div>
        <div className="w-full sm:w-56">
          <ClaimRakebackButton balance={v.rakebackBalance} minimum={v.minimumClaim} />
        </div>
      </div>
    </div>
  );
}

function VipContent() {
  const vip = useVip();
  if (vip.isPending) {
    return (
      <div className="flex h-64 items-center justify-center text-accent-400">
        <Spinner className="h-7 w-7" />
      </div>
    );
  }
  // the failure itself was a toast (useVip); here only the way to try again
  if (vip.isError) return <VipRetry onRetry={() => void vip.refetch()} />;
  return <VipBody v={vip.data} />;
}

/** The VIP dialog of spec-1: level badge, progress bar, carousel of major ranks, rakeback claim. */
export function VipDialog() {
  const open = useVipDialog((s) => s.open);
  const setOpen = useVipDialog((s) => s.setOpen);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return (
    <AppDialog open={open} onOpenChange={setOpen} title="VIP" width="max-w-2xl">
      {signedIn ? <VipContent /> : <LoginRequired message="Please log in to view your VIP progress." />}
    </AppDialog>
  );
}

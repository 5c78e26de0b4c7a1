import type { HiloView } from '@coinsite/shared';
import { ArrowDown, ArrowUp, Equal, SkipForward } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { PlayingCard } from '../blackjack/playing-card.tsx';
import { formatMultiplier } from '../dice/numeric.ts';

const STEP_ICON = { higher: ArrowUp, lower: ArrowDown, same: Equal, skip: SkipForward } as const;

/** The cards of the game so far, oldest first, each with the guess that dealt it. */
function Trail({ view }: { view: HiloView }) {
  return (
    <ol
      className="flex min-h-16 items-end gap-1.5 overflow-x-auto pb-1"
      aria-label="Cards dealt"
      data-testid="hilo-trail"
    >
      {view.cards.map((card, i) => {
        const step = i > 0 ? view.steps[i - 1] : undefined;
        const Icon = step ? STEP_ICON[step.choice] : null;
        const red = card.suit === '♦' || card.suit === '♥';
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a dealt card stays at its place in the trail
          <li key={`${i}-${card.index}`} className="flex shrink-0 flex-col items-center gap-1">
            <span
              className={cn(
                'flex h-5 w-5 items-center justify-center rounded-full',
                !step
                  ? 'bg-ink-700 text-ink-300'
                  : step.choice === 'skip'
                    ? 'bg-ink-600 text-ink-200'
                    : step.win
                      ? 'bg-emerald-400 text-ink-950'
                      : 'bg-red-500 text-white',
              )}
              title={step ? step.choice : 'start card'}
            >
              {Icon ? (
                <Icon className="h-3 w-3" aria-hidden="true" />
              ) : (
                <span className="text-[9px] font-bold">1</span>
              )}
            </span>
            <span
              className={cn(
                'flex h-10 w-8 flex-col items-center justify-center rounded-md bg-gradient-to-b from-white to-slate-200 font-mono text-xs font-black leading-none shadow',
                red ? 'text-red-600' : 'text-slate-900',
              )}
            >
              {card.rank}
              <span className="text-[10px]">{card.suit}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * The hilo table: the deck, the current card (flipped over as it is dealt, at once in instant
 * mode), the end-of-game banner and the trail of the cards dealt.
 */
export function HiloTable({ view, instant }: { view: HiloView | null; instant: boolean }) {
  const current = view ? view.cards[view.cards.length - 1] : undefined;
  const last = view && view.steps.length > 0 ? view.steps[view.steps.length - 1] : undefined;
  return (
    <div className="flex h-full flex-col gap-4 p-3 sm:p-6">
      <div className="relative flex flex-1 items-center justify-center gap-6 py-4 sm:gap-12">
        <div className="hidden flex-col items-center gap-2 text-xs font-bold text-ink-300 sm:flex">
          <span className="rounded-lg bg-ink-950/60 px-3 py-2 ring-1 ring-white/10">K is highest</span>
          <ArrowUp className="h-5 w-5 text-emerald-400" aria-hidden="true" />
        </div>
        <div className="relative">
          {/* the deck the cards come from */}
          <div className="absolute top-2 -left-3 -z-0 rotate-[-6deg] opacity-70">
            <PlayingCard card={null} className="w-[clamp(6.5rem,26vw,9rem)] animate-none" />
          </div>
          <div
            className="relative"
            data-testid="hilo-card"
            data-card={current ? `${current.rank}${current.suit}` : ''}
          >
            {current ? (
              <PlayingCard
                key={view?.cards.length}
                card={current}
                flip={!instant && view !== null && view.cards.length > 1}
                className={cn(
                  'w-[clamp(6.5rem,26vw,9rem)] text-[1.6rem]',
                  instant && 'animate-none',
                  view?.status === 'lost' && 'ring-4 ring-red-500',
                  last?.win && view?.status !== 'lost' && 'ring-4 ring-emerald-400/80',
                )}
              />
            ) : (
              <PlayingCard card={null} className="w-[clamp(6.5rem,26vw,9rem)] animate-none" />
            )}
          </div>
        </div>
        <div className="hidden flex-col items-center gap-2 text-xs font-bold text-ink-300 sm:flex">
          <ArrowDown className="h-5 w-5 text-rose-400" aria-hidden="true" />
          <span className="rounded-lg bg-ink-950/60 px-3 py-2 ring-1 ring-white/10">A is lowest</span>
        </div>
        {view && view.status !== 'active' ? (
          <div
            className="pointer-events-none absolute inset-0 flex items-center justify-center"
            aria-live="polite"
          >
            <div
              data-testid="hilo-banner"
              data-status={view.status}
              className={cn(
                'flex flex-col items-center gap-1 rounded-2xl border-2 bg-ink-900/95 px-8 py-4 shadow-2xl transition delay-300 duration-300 starting:scale-75 starting:opacity-0',
                view.status === 'cashed'
                  ? 'border-emerald-400 shadow-emerald-500/20'
                  : 'border-red-500 shadow-red-500/20',
              )}
            >
              {view.status === 'cashed' ? (
                <>
                  <span className="font-mono text-3xl font-black text-emerald-400">
                    {formatMultiplier(view.multiplier)}×
                  </span>
                  <span className="flex items-center gap-1.5 font-mono text-sm font-bold text-white">
                    {formatCoins(view.payout ?? 0)} <CoinIcon className="h-4 w-4" />
                  </span>
                </>
              ) : (
                <span className="text-xl font-black text-red-400">Wrong guess</span>
              )}
            </div>
          </div>
        ) : null}
      </div>
      {view ? (
        <Trail view={view} />
      ) : (
        <p className="text-center text-sm font-semibold text-ink-300">
          Guess whether the next card is higher or lower. Each right guess multiplies your win.
        </p>
      )}
    </div>
  );
}

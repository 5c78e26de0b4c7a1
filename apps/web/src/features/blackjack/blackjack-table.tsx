import type { BlackjackHandView, BlackjackView } from '@coinsite/shared';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { PlayingCard } from './playing-card.tsx';

/** "7/17" while a soft hand is open, else the best total; "BJ" for two cards making 21. */
function totalText(total: number, soft: boolean, cards: number, final = false): string {
  if (total === 21 && cards === 2) return 'BJ';
  return soft && total < 21 && !final ? `${total - 10}/${total}` : String(total);
}

function TotalBadge({ value, tone }: { value: string; tone?: 'win' | 'lose' | 'push' | 'active' }) {
  return (
    <span
      className={cn(
        'min-w-10 rounded-full px-2.5 py-1 text-center font-mono text-sm font-black tabular-nums shadow-lg ring-1',
        tone === 'win' && 'bg-accent-500 text-ink-950 ring-accent-300',
        tone === 'lose' && 'bg-red-500 text-white ring-red-300',
        tone === 'push' && 'bg-gold-400 text-ink-950 ring-gold-300',
        tone === 'active' && 'bg-white text-ink-950 ring-white',
        !tone && 'bg-ink-950/80 text-white ring-white/20',
      )}
    >
      {value}
    </span>
  );
}

const RESULT_TEXT = {
  blackjack: 'Blackjack!',
  win: 'Win',
  push: 'Push',
  lose: 'Lose',
  bust: 'Bust',
} as const;

function toneOf(h: BlackjackHandView, active: boolean): 'win' | 'lose' | 'push' | 'active' | undefined {
  if (h.result === 'win' || h.result === 'blackjack') return 'win';
  if (h.result === 'lose' || h.result === 'bust' || h.total > 21) return 'lose';
  if (h.result === 'push') return 'push';
  return active ? 'active' : undefined;
}

/** Delay of the k-th card of a row in the opening deal: player, dealer, player, dealer. */
const dealDelay = (row: 'player' | 'dealer', i: number) =>
  i < 2 ? (i * 2 + (row === 'dealer' ? 1 : 0)) * 160 : 0;

function Hand({ hand, index, view }: { hand: BlackjackHandView; index: number; view: BlackjackView }) {
  const active = view.status === 'playing' && view.phase === 'player' && view.active === index;
  const split = view.hands.length > 1;
  return (
    <div
      data-testid={`bj-hand-${index}`}
      data-active={active || undefined}
      className={cn(
        'flex flex-col items-center gap-2 rounded-2xl px-2 pt-2 pb-3 transition',
        split && active && 'bg-white/10 ring-2 ring-gold-400/70',
        split && !active && view.status === 'playing' && 'opacity-75',
      )}
    >
      <TotalBadge
        value={totalText(hand.total, hand.soft, hand.cards.length, hand.done)}
        tone={toneOf(hand, active)}
      />
      <div className="flex pl-[clamp(1.6rem,5.5vw,2.9rem)]">
        {hand.cards.map((c, i) => (
          <PlayingCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a hand's cards only grow; the position is the card
            key={i}
            card={c}
            delayMs={split ? 0 : dealDelay('player', i)}
            className="-ml-[clamp(1.6rem,5.5vw,2.9rem)]"
          />
        ))}
      </div>
      <div className="flex items-center gap-1.5 rounded-full bg-ink-950/60 px-2.5 py-0.5 text-xs font-bold text-white ring-1 ring-white/10">
        <CoinIcon className="h-3.5 w-3.5" />
        <span className="tabular-nums">{formatCoins(hand.stake)}</span>
        {hand.doubled ? <span className="ml-1 text-gold-300">2×</span> : null}
        {hand.result ? (
          <span
            data-testid={`bj-result-${index}`}
            className={cn(
              'ml-1 uppercase',
              toneOf(hand, false) === 'win' && 'text-accent-400',
              toneOf(hand, false) === 'lose' && 'text-red-400',
              toneOf(hand, false) === 'push' && 'text-gold-300',
            )}
          >
            {RESULT_TEXT[hand.result]}
          </span>
        ) : null}
      </div>
    </div>
  );
}

/** The felt: the dealer's row above the rules arc, the player's hand(s) below. */
export function BlackjackTable({
  view,
  rulesText,
  onInsurance,
}: {
  view: BlackjackView | null;
  rulesText: string;
  onInsurance: (accept: boolean) => void;
}) {
  const dealerCards = view?.dealer.cards ?? [];
  return (
    <div
      data-testid="bj-table"
      className="relative flex h-full min-h-[27rem] flex-col items-center justify-between overflow-hidden px-3 py-5 sm:min-h-[34rem] sm:py-8"
      style={{
        background: 'radial-gradient(ellipse 90% 75% at 50% 25%, #17694a 0%, #0f4d36 45%, #08301f 100%)',
      }}
    >
      {/* the rail and a soft vignette */}
      <div className="pointer-events-none absolute inset-0 shadow-[inset_0_0_120px_rgba(0,0,0,0.55)]" />
      <div className="pointer-events-none absolute -bottom-[55%] left-1/2 h-[95%] w-[135%] -translate-x-1/2 rounded-[50%] border-[3px] border-gold-400/25" />
      {/* the shoe */}
      <div className="absolute top-4 right-4 hidden h-16 w-12 rotate-6 rounded-md bg-[repeating-linear-gradient(45deg,#1e3a8a_0_6px,#172554_6px_12px)] shadow-xl ring-2 ring-white/70 sm:block" />

      <div className="relative flex flex-col items-center gap-2" data-testid="bj-dealer">
        <span className="text-[11px] font-bold tracking-[0.25em] text-white/50 uppercase">Dealer</span>
        {view ? (
          <TotalBadge
            value={
              view.dealer.hidden
                ? totalText(view.dealer.total, view.dealer.soft, 1, true)
                : totalText(
                    view.dealer.total,
                    view.dealer.soft,
                    dealerCards.length,
                    view.status === 'finished',
                  )
            }
          />
        ) : null}
        <div className="flex min-h-[clamp(4.3rem,15.4vw,7.6rem)] pl-[clamp(1.6rem,5.5vw,2.9rem)]">
          {dealerCards.map((c, i) => (
            <PlayingCard
              // biome-ignore lint/suspicious/noArrayIndexKey: the dealer's cards only grow
              key={`${view?.id}-${i}`}
              card={c}
              // the hole card turns over where it lies; the dealer's draws follow one by one
              flip={i === 1 && !view?.dealer.hidden}
              delayMs={view?.dealer.hidden ? dealDelay('dealer', i) : Math.max(0, i - 1) * 380}
              className="-ml-[clamp(1.6rem,5.5vw,2.9rem)]"
            />
          ))}
          {view?.dealer.hidden ? (
            <PlayingCard
              key={`${view.id}-hole`}
              card={null}
              delayMs={dealDelay('dealer', 1)}
              className="-ml-[clamp(1.6rem,5.5vw,2.9rem)]"
            />
          ) : null}
        </div>
      </div>

      <div className="relative my-3 flex flex-col items-center gap-1 text-center">
        <p className="font-serif text-[clamp(0.95rem,2.6vw,1.35rem)] font-bold tracking-[0.18em] text-gold-300/80 uppercase">
          Blackjack pays 3 to 2
        </p>
        <p className="text-[clamp(0.6rem,1.6vw,0.75rem)] font-semibold tracking-[0.2em] text-white/45 uppercase">
          {rulesText}
        </p>
        {view?.status === 'playing' && view.phase === 'insurance' ? (
          <div
            data-testid="bj-insurance"
            className="mt-3 flex flex-col items-center gap-2 rounded-xl bg-ink-950/80 px-4 py-3 ring-1 ring-gold-400/40 backdrop-blur"
          >
            <p className="text-sm font-bold text-white">Insurance? The dealer shows an ace.</p>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={() => onInsurance(true)}
                className="rounded-lg bg-gold-400 px-3 py-1.5 text-sm font-bold text-ink-950 hover:bg-gold-300"
              >
                Take {formatCoins(Math.floor(Math.round(view.amount * 100) / 2) / 100)}{' '}
                <kbd className="opacity-60">I</kbd>
              </button>
              <button
                type="button"
                onClick={() => onInsurance(false)}
                className="rounded-lg bg-ink-700 px-3 py-1.5 text-sm font-bold text-white hover:bg-ink-600"
              >
                No thanks <kbd className="opacity-60">N</kbd>
              </button>
            </div>
          </div>
        ) : null}
        {view?.status === 'finished' ? (
          <div
            data-testid="bj-outcome"
            // after the dealer's last card has landed
            style={{ animationDelay: `${Math.max(0, dealerCards.length - 1) * 380}ms` }}
            className={cn(
              'mt-3 rounded-xl px-4 py-2 text-center font-black shadow-xl ring-1 animate-fade-in',
              (view.payout ?? 0) > (view.staked ?? 0)
                ? 'bg-accent-500/90 text-ink-950 ring-accent-300'
                : (view.payout ?? 0) === (view.staked ?? 0)
                  ? 'bg-gold-400/90 text-ink-950 ring-gold-300'
                  : 'bg-ink-950/80 text-white ring-white/15',
            )}
          >
            <span className="text-lg">{(view.multiplier ?? 0).toFixed(2)}×</span>
            <span className="ml-2 text-sm font-bold">
              {(view.payout ?? 0) >= (view.staked ?? 0) ? '+' : '−'}
              {formatCoins(Math.abs((view.payout ?? 0) - (view.staked ?? 0)))}
            </span>
          </div>
        ) : null}
      </div>

      <div
        className="relative flex w-full flex-wrap items-end justify-center gap-3 sm:gap-8"
        data-testid="bj-player"
      >
        {view ? (
          view.hands.map((h, i) => (
            <Hand
              // biome-ignore lint/suspicious/noArrayIndexKey: one or two hands, by position
              key={`${view.id}-${i}`}
              hand={h}
              index={i}
              view={view}
            />
          ))
        ) : (
          <p className="pb-8 text-sm font-semibold text-white/60">Place a bet to deal.</p>
        )}
      </div>
    </div>
  );
}

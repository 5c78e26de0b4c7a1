import { memo, useState } from 'react';
import { HIGH_ROLLER_STAKE, LUCKY_WIN_MULTIPLIER } from '@coinsite/shared/constants';
import type { BetView } from '@coinsite/shared/schemas/games';
import { gameName } from '../../app/games.tsx';
import { cn } from '../../lib/cn.ts';
import { useCalm } from '../../lib/use-calm.ts';
import { formatCoins } from '../../lib/format.ts';
import { PROFIT_CLASS, profitOf } from '../../lib/profit.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { GameArt } from '../../ui/game-art.tsx';
import { gameKeyForPath } from '../../ui/game-theme.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { openBet } from '../bet-details/bet-dialog.tsx';
import { formatMultiplier } from '../dice/numeric.ts';
import { UserAvatarLink, UserNameLink } from '../profile/user-link.tsx';
import { type LiveGame, useLiveBets } from './live-feed-api.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit' });
function clock(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : timeFormat.format(d);
}

/** The feed's tabs: every bet, the big stakes, the big multipliers, the player's own. */
const TABS: ReadonlyArray<{
  value: 'all' | 'high' | 'lucky' | 'mine';
  label: string;
  /** The label on a phone, where four full labels do not fit. */
  short: string;
  empty: string;
}> = [
  { value: 'all', label: 'All bets', short: 'All', empty: 'No bets yet. Be the first!' },
  {
    value: 'high',
    label: 'High rollers',
    short: 'High',
    empty: `No bets of ${formatCoins(HIGH_ROLLER_STAKE)} or more yet.`,
  },
  {
    value: 'lucky',
    label: 'Lucky wins',
    short: 'Lucky',
    empty: `No wins of ${LUCKY_WIN_MULTIPLIER}× or more yet.`,
  },
  { value: 'mine', label: 'My bets', short: 'Mine', empty: 'You have no bets here yet.' },
];

const cell = 'px-2 py-2.5 sm:px-3';
const hideOnPhone = 'hidden sm:table-cell';

/** `fresh`: the row fades in (decided once, when it appears: a later busy spell never restarts it). */
function Row({ bet, fresh }: { bet: BetView; fresh: boolean }) {
  const [fadeIn] = useState(fresh);
  const profit = profitOf(bet.amount, bet.payout);
  const won = profit.tone === 'win';
  const key = gameKeyForPath(`/${bet.game}`);
  return (
    <tr
      className={cn('border-t border-ink-700/60 text-sm', fadeIn && 'animate-fade-in')}
      data-testid="live-bet-row"
    >
      <td className={cn(cell, hideOnPhone)}>
        <button
          type="button"
          onClick={() => openBet(bet.id)}
          title={`Bet #${bet.id}`}
          className="flex items-center gap-2 rounded font-semibold text-white hover:text-accent-300 focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          {key ? <GameArt game={key} className="h-5 w-7 shrink-0" /> : null}
          {gameName(bet.game)}
        </button>
      </td>
      <td className={cn(cell, 'max-w-[8rem] sm:max-w-none')}>
        <span className="flex min-w-0 items-center gap-2">
          <UserAvatarLink
            id={bet.user.id}
            name={bet.user.username}
            avatar={bet.user.avatar}
            className="h-6 w-6 text-xs"
          />
          <UserNameLink
            id={bet.user.id}
            name={bet.user.username}
            className="text-ink-200"
            testId="live-bet-user"
          />
        </span>
      </td>
      <td className={cn(cell, hideOnPhone, 'text-ink-400 tabular-nums')}>{clock(bet.created)}</td>
      <td className={cn(cell, 'text-right')}>
        <button
          type="button"
          data-testid="live-bet-open"
          aria-label={`Bet #${bet.id}: ${formatCoins(bet.amount)}`}
          onClick={() => openBet(bet.id)}
          className="inline-flex items-center gap-1.5 rounded font-mono text-white tabular-nums underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-accent-400"
        >
          {formatCoins(bet.amount)}
          <CoinIcon className="hidden h-3.5 w-3.5 sm:block" />
        </button>
      </td>
      <td
        className={cn(
          cell,
          hideOnPhone,
          'text-right font-mono tabular-nums',
          won ? 'text-white' : 'text-ink-400',
        )}
      >
        {formatMultiplier(bet.multiplier)}×
      </td>
      <td className={cn(cell, 'text-right')}>
        <span
          data-testid="live-bet-profit"
          data-tone={profit.tone}
          title={`Paid ${formatCoins(bet.payout)} on ${formatCoins(bet.amount)}`}
          className={cn(
            'inline-flex items-center gap-1.5 font-mono font-semibold tabular-nums',
            PROFIT_CLASS[profit.tone],
          )}
        >
          {profit.text}
          <CoinIcon className="h-3.5 w-3.5" />
        </span>
      </td>
    </tr>
  );
}

/**
 * The rows are a polite live region: a screen reader reads each new bet when it is idle, never
 * interrupting (removed rows are not read).
 */
function BetTable({ bets, empty, size }: { bets: BetView[]; empty: string; size: number }) {
  return (
    <div aria-live="polite" aria-relevant="additions text" data-testid="live-bet-rows">
      {bets.length === 0 ? (
        <p className="px-4 py-8 text-center text-sm text-ink-400">{empty}</p>
      ) : (
        <BetRows bets={bets} size={size} />
      )}
    </div>
  );
}

function BetRows({ bets, size }: { bets: BetView[]; size: number }) {
  // new rows fade in when bets arrive at a calm pace; a busy feed (a turbo autobet: a batch every
  // 250 ms) shows them at once rather than keep the table animating
  const calm = useCalm(bets[0]?.id);
  return (
    <div className="overflow-x-auto px-2 sm:px-1">
      <table className="w-full min-w-0 table-auto">
        <thead>
          <tr className="text-left text-xs font-semibold text-ink-400">
            <th className={cn(cell, hideOnPhone)}>Game</th>
            <th className={cell}>Player</th>
            <th className={cn(cell, hideOnPhone)}>Time</th>
            <th className={cn(cell, 'text-right')}>Bet</th>
            <th className={cn(cell, hideOnPhone, 'text-right')}>Multiplier</th>
            <th className={cn(cell, 'text-right')}>Profit</th>
          </tr>
        </thead>
        <tbody>
          {bets.slice(0, size).map((bet) => (
            <Row key={bet.id} bet={bet} fresh={calm} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The live feed under every game screen: the latest settled bets site-wide ("All bets") and the
 * player's own ("My bets"), kept live over the socket. Drop it in with the game's name:
 * `<LiveFeed game="crash" />` (no `game`: every game).
 */
function LiveFeedView({
  game,
  size = 10,
  className,
}: {
  game?: LiveGame;
  /** Rows shown per tab (at most 20). */
  size?: number;
  className?: string;
}) {
  const bets = useLiveBets(game);
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  return (
    <section
      aria-label="Live bets"
      className={cn('overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-ink-700', className)}
    >
      <Tabs defaultValue="all">
        <div className="flex flex-wrap items-center justify-between gap-3 px-4 pt-4 pb-3">
          <h2 className="flex items-center gap-2 text-base font-bold text-white">
            <span className="relative flex h-2.5 w-2.5" aria-hidden="true">
              <span className="absolute inline-flex h-full w-full animate-live-ping rounded-full bg-accent-400 opacity-60" />
              <span className="relative inline-flex h-2.5 w-2.5 rounded-full bg-accent-500" />
            </span>
            Live bets
          </h2>
          <TabsList className="w-full overflow-x-auto sm:w-auto">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="px-2 whitespace-nowrap sm:px-3">
                {/* a phone shows the short word; every reader hears the full name */}
                <span className="sm:hidden" aria-hidden="true">
                  {t.short}
                </span>
                <span className="hidden sm:inline" aria-hidden="true">
                  {t.label}
                </span>
                <span className="sr-only">{t.label}</span>
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {/* the panels exist from the first render: every tab's aria-controls names one */}
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {bets.isPending ? (
              <div className="flex justify-center py-8 text-ink-300">
                <Spinner className="h-5 w-5" />
              </div>
            ) : (
              <BetTable
                bets={bets.data?.[t.value] ?? []}
                size={size}
                empty={t.value === 'mine' && !signedIn ? 'Sign in to see your bets.' : t.empty}
              />
            )}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

/** Memoized: a game screen re-renders on every bet (turbo autobet), this part only when its props change. */
export const LiveFeed = memo(LiveFeedView);

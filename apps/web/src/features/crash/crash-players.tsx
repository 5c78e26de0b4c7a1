import { CRASH_STATUS, type CrashBet, type CrashStatus } from '@coinsite/shared/schemas/crash';
import { Users } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { UserAvatarLink, UserNameLink } from '../profile/user-link.tsx';
import { LevelLine } from '../vip/level-badge.tsx';

/** The bets of the round (spec-3 §2.9): who bet what, who cashed out where, with what. */
export function CrashPlayers({ players, status }: { players: CrashBet[]; status: CrashStatus }) {
  const sorted = [...players].sort((a, b) => b.betAmount - a.betAmount);
  const total = players.reduce((s, p) => s + p.betAmount, 0);
  const busted = status === CRASH_STATUS.Over;
  return (
    <section aria-label="Bets" className="flex min-h-0 flex-col rounded-2xl bg-ink-850 ring-1 ring-ink-700">
      <header className="flex items-center justify-between border-b border-ink-700 px-4 py-3 text-sm">
        <span className="inline-flex items-center gap-2 font-bold text-white">
          <Users className="h-4 w-4 text-accent-400" aria-hidden="true" />
          {players.length} {players.length === 1 ? 'player' : 'players'}
        </span>
        <span className="font-mono text-ink-300 tabular-nums">{formatCoins(total)}</span>
      </header>
      <div className="grid grid-cols-[minmax(0,1fr)_4rem_3.75rem_4.75rem] gap-2 px-4 pt-2 text-[11px] font-semibold tracking-wider text-ink-400 uppercase">
        <span>Player</span>
        <span className="text-right">Bet</span>
        <span className="text-right">Cashout</span>
        <span className="text-right">Profit</span>
      </div>
      <ul className="max-h-[26rem] overflow-y-auto px-2 pb-2" data-testid="crash-players">
        {sorted.length === 0 ? (
          <li className="px-2 py-6 text-center text-sm text-ink-400">No bets yet this round.</li>
        ) : null}
        {sorted.map((p) => {
          const cashed = p.status === 2;
          const lost = !cashed && busted;
          return (
            <li
              key={p.playerID}
              className={cn(
                'grid grid-cols-[minmax(0,1fr)_4rem_3.75rem_4.75rem] items-center gap-2 rounded-lg px-2 py-1.5 text-sm',
                cashed && 'bg-accent-500/10',
              )}
            >
              <span className="flex min-w-0 items-center gap-2">
                <UserAvatarLink
                  id={p.playerID}
                  name={p.username}
                  avatar={p.avatar}
                  className="h-7 w-7 text-xs"
                />
                <span className="min-w-0 leading-tight">
                  <UserNameLink
                    id={p.playerID}
                    name={p.username}
                    className="block font-semibold text-white"
                  />
                  <LevelLine level={p.level} />
                </span>
              </span>
              <span className="text-right font-mono text-ink-200 tabular-nums">
                {formatCoins(p.betAmount)}
              </span>
              <span
                className={cn(
                  'text-right font-mono tabular-nums',
                  cashed ? 'text-accent-300' : 'text-ink-400',
                )}
              >
                {cashed && p.stoppedAt ? `${(p.stoppedAt / 100).toFixed(2)}x` : '—'}
              </span>
              <span
                className={cn(
                  'text-right font-mono font-bold tabular-nums',
                  cashed ? 'text-accent-400' : lost ? 'text-red-400' : 'text-ink-400',
                )}
              >
                {cashed
                  ? `+${formatCoins((p.winningAmount ?? 0) - p.betAmount)}`
                  : lost
                    ? `-${formatCoins(p.betAmount)}`
                    : '—'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

import { WagerToLevel } from '../../ui/wager-to-level.tsx';
import type { PublicUser } from '@coinsite/shared/schemas/auth';
import type { ProfileView } from '@coinsite/shared/schemas/auth';
import { coinsToCents, centsToCoins } from '@coinsite/shared/money';
import { levelForWagerCents } from '@coinsite/shared/vip';
import { ArrowDownToLine, ArrowUpFromLine, Dices } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCoins, formatShortDate } from '../../lib/format.ts';
import { formatXpOf, XP_RULE } from '../../lib/xp.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { Progress } from '../../ui/progress.tsx';
import { LevelBadge } from '../vip/level-badge.tsx';

/** Avatar, username, level badge, join date and UID. */
export function ProfileHeader({ user, wager }: { user: PublicUser; wager: number }) {
  const level = levelForWagerCents(coinsToCents(wager));
  return (
    <header className="flex items-center gap-4 sm:gap-5">
      <Avatar
        src={user.avatar}
        name={user.username}
        className="h-16 w-16 text-2xl ring-2 ring-accent-500/40 sm:h-20 sm:w-20 sm:text-3xl"
      />
      <div className="flex min-w-0 flex-col gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h1 data-testid="profile-username" className="truncate text-2xl font-black text-white sm:text-3xl">
            {user.username}
          </h1>
          <span
            className="rounded-md px-2 py-0.5 text-xs font-bold uppercase ring-1"
            style={{ color: level.levelColor, boxShadow: `inset 0 0 0 1px ${level.levelColor}55` }}
          >
            Level {level.level} · {level.levelName}
          </span>
        </div>
        <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-ink-400">
          <span>
            Joined <span className="text-ink-200">{formatShortDate(user.created)}</span>
          </span>
          <span>
            UID:{' '}
            <span data-testid="profile-uid" className="font-mono text-ink-200">
              {user._id}
            </span>
          </span>
        </p>
      </div>
    </header>
  );
}

function StatBox({
  label,
  icon,
  value,
  testId,
}: {
  label: string;
  icon: ReactNode;
  value: number | null;
  testId: string;
}) {
  // a phone stacks the three as slim rows (label left, figure right); wider screens show three boxes
  return (
    <div
      data-testid={testId}
      className="flex items-center gap-3 rounded-2xl bg-ink-850/80 px-3 py-2.5 ring-1 ring-ink-700 sm:p-4"
    >
      <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-xl bg-ink-700/70 text-ink-300 sm:h-10 sm:w-10">
        {icon}
      </span>
      <div className="flex min-w-0 flex-1 items-center justify-between gap-3 sm:block">
        <p className="text-[11px] font-semibold tracking-wide text-ink-400 uppercase">{label}</p>
        <p className="flex items-center gap-1.5 font-bold text-white tabular-nums sm:mt-0.5 sm:text-lg">
          <CoinIcon />
          {value === null ? (
            <span className="inline-block h-4 w-16 animate-pulse rounded bg-ink-700" />
          ) : (
            formatCoins(value)
          )}
        </p>
      </div>
    </div>
  );
}

/** Total deposits, Total withdrawals, Total wagered (POST /user/profile). */
export function ProfileStats({ profile }: { profile: ProfileView | undefined }) {
  const icon = 'h-5 w-5';
  return (
    <div className="grid grid-cols-1 gap-2 sm:grid-cols-3 sm:gap-3">
      <StatBox
        label="Total deposits"
        testId="stat-deposits"
        icon={<ArrowDownToLine className={icon} aria-hidden="true" />}
        value={profile?.totalDeposited ?? null}
      />
      <StatBox
        label="Total withdrawals"
        testId="stat-withdrawals"
        icon={<ArrowUpFromLine className={icon} aria-hidden="true" />}
        value={profile?.totalWithdrawn ?? null}
      />
      <StatBox
        label="Total wagered"
        testId="stat-wagered"
        icon={<Dices className={icon} aria-hidden="true" />}
        value={profile?.wager ?? null}
      />
    </div>
  );
}

/** spec-2 §4: what is left is the next level's wager needed minus the current wager. */
export function LevelBanner({ wager }: { wager: number }) {
  const wagerCents = coinsToCents(wager);
  const level = levelForWagerCents(wagerCents);
  const next = level.nextWagerNeededCents;
  const remaining = next === null ? 0 : centsToCoins(Math.max(0, next - wagerCents));
  return (
    <section
      aria-label="Level progress"
      className="flex flex-col gap-3 rounded-2xl bg-[radial-gradient(ellipse_at_top_left,#1d3a2c,transparent_60%),linear-gradient(120deg,#141b31,#0b1020)] p-4 ring-1 ring-ink-700 sm:flex-row sm:items-center sm:gap-5 sm:p-5"
    >
      <span className="hidden sm:block">
        <LevelBadge level={String(level.level)} color={level.levelColor} className="h-12 w-12" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <p className="font-bold text-white">
            Level {level.level} <span style={{ color: level.levelColor }}>{level.levelName}</span>
          </p>
          <p data-testid="level-remaining" className="text-sm text-ink-300">
            {next === null ? 'Top level reached' : <WagerToLevel coins={remaining} />}
          </p>
        </div>
        <Progress
          value={level.progress}
          color={level.levelColor}
          label="Progress to the next level"
          className="h-2.5"
        />
        {next === null ? null : (
          <p className="flex items-center gap-1 text-xs text-ink-400 tabular-nums">
            {formatXpOf(wager, centsToCoins(next))} · {XP_RULE}
          </p>
        )}
      </div>
    </section>
  );
}

import { racePlacePrizeCoins, type RaceEntry } from '@coinsite/shared/schemas/race';
import { Crown } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';

/** spec-2 §2: the podium reveals second, third, first, 250 ms apart. */
export const PODIUM_STEP_MS = 250;
/** Left to right: second, first, third; each with its reveal step. */
const PODIUM = [
  {
    place: 2,
    step: 0,
    lift: 'mt-6 sm:mt-8',
    tone: 'from-slate-300/25 ring-slate-300/40',
    text: 'text-slate-200',
  },
  { place: 1, step: 2, lift: '', tone: 'from-gold-400/30 ring-gold-400/60', text: 'text-gold-300' },
  {
    place: 3,
    step: 1,
    lift: 'sm:mt-12',
    tone: 'from-amber-700/30 ring-amber-600/40',
    text: 'text-amber-500',
  },
] as const;

export function Coins({ value, className }: { value: number; className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 font-semibold tabular-nums', className)}>
      <CoinIcon className="h-3.5 w-3.5" />
      {formatCoins(value)}
    </span>
  );
}

/** A place that somebody holds (the original client's padding rows, if any, have no player). */
export function placeTaken(e: RaceEntry | undefined): e is RaceEntry {
  return e !== undefined && Boolean(e._user?.username);
}

/** No one holds this place yet: a dashed circle where the avatar would be. */
export function OpenPlaceAvatar({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex shrink-0 items-center justify-center rounded-full border-2 border-dashed border-ink-500 text-ink-400',
        className,
      )}
    >
      ?
    </span>
  );
}

export const OPEN_PLACE_TEXT = { name: 'Open place', hint: 'Wager to take it' } as const;

/**
 * The top three on steps, revealed by slide-up in the order second, third, first. A place nobody
 * holds yet shows as open, without a prize to nobody (issue 28 item 9).
 */
export function Podium({ entries, prize }: { entries: RaceEntry[]; prize: number }) {
  return (
    <div className="grid grid-cols-3 items-start gap-2 sm:gap-4" data-testid="race-podium">
      {PODIUM.map(({ place, step, lift, tone, text }) => {
        const e = entries[place - 1];
        return (
          <div
            key={place}
            data-place={place}
            data-reveal-step={step}
            className={cn(
              'motion-decorative flex min-w-0 animate-[podium-rise_500ms_ease-out_both] flex-col items-center gap-1.5 rounded-2xl bg-gradient-to-b to-ink-850 px-2 py-3 ring-1 sm:gap-2 sm:p-5',
              tone,
              lift,
            )}
            style={{ animationDelay: `${step * PODIUM_STEP_MS}ms` }}
          >
            <span
              className={cn('flex items-center gap-1 text-sm font-black tracking-widest uppercase', text)}
            >
              {place === 1 ? <Crown className="h-4 w-4" aria-hidden="true" /> : null}#{place}
            </span>
            {placeTaken(e) ? (
              <>
                <Avatar
                  src={e._user.avatar}
                  name={e._user.username}
                  className={cn(
                    'ring-2 ring-white/10',
                    place === 1
                      ? 'h-12 w-12 text-xl sm:h-16 sm:w-16 sm:text-2xl'
                      : 'h-10 w-10 sm:h-12 sm:w-12 sm:text-lg',
                  )}
                />
                <span className="max-w-full truncate text-sm font-bold text-white sm:text-base">
                  {e._user.username}
                </span>
                <span className="text-xs text-ink-300">Wagered</span>
                <Coins value={e.value} className="text-sm text-white sm:text-base" />
                <span className={cn('rounded-full bg-ink-900/60 px-2 py-1 text-xs sm:px-3 sm:text-sm', text)}>
                  <Coins value={e.prize ?? racePlacePrizeCoins(prize, place)} />
                </span>
              </>
            ) : (
              <>
                <OpenPlaceAvatar
                  className={
                    place === 1
                      ? 'h-12 w-12 text-xl sm:h-16 sm:w-16 sm:text-2xl'
                      : 'h-10 w-10 sm:h-12 sm:w-12'
                  }
                />
                <span
                  className="max-w-full truncate text-sm font-bold text-ink-300 sm:text-base"
                  data-testid="race-open-place"
                >
                  {OPEN_PLACE_TEXT.name}
                </span>
                <span className="text-center text-xs text-ink-400">{OPEN_PLACE_TEXT.hint}</span>
              </>
            )}
          </div>
        );
      })}
    </div>
  );
}

/** The ranked list: #, Player, Wagered, Prize, from place `from` (1-based). */
export function RaceTable({
  entries,
  prize,
  from,
  label,
}: {
  entries: RaceEntry[];
  prize: number;
  from: number;
  label: string;
}) {
  const rows = entries.slice(from - 1);
  return (
    <div className="overflow-x-auto rounded-2xl bg-ink-850/80 ring-1 ring-ink-700">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="text-xs tracking-wide text-ink-300 uppercase">
          <tr className="border-b border-ink-700">
            <th className="px-2 py-3 font-semibold sm:px-4">#</th>
            <th className="px-2 py-3 font-semibold sm:px-4">Player</th>
            <th className="px-2 py-3 font-semibold sm:px-4">Wagered</th>
            <th className="px-2 py-3 text-right font-semibold sm:px-4">Prize</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e, i) => {
            const place = from + i;
            return (
              <tr key={e._user._id || `place-${place}`} className="border-b border-ink-700/60 last:border-0">
                <td className="px-2 py-3 font-bold text-ink-200 sm:px-4">{place}</td>
                <td className="max-w-[6.5rem] px-2 py-3 sm:max-w-none sm:px-4">
                  <span className="flex min-w-0 items-center gap-2">
                    <span className="hidden sm:inline-flex">
                      <Avatar src={e._user.avatar} name={e._user.username} className="h-7 w-7 text-xs" />
                    </span>
                    <span className="truncate font-semibold text-white">{e._user.username}</span>
                  </span>
                </td>
                <td className="px-2 py-3 sm:px-4">
                  <Coins value={e.value} className="text-ink-100" />
                </td>
                <td className="px-2 py-3 text-right sm:px-4">
                  <Coins value={e.prize ?? racePlacePrizeCoins(prize, place)} className="text-accent-400" />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function partsUntil(endingDate: string, now: number) {
  const left = Math.max(0, new Date(endingDate).getTime() - now);
  const s = Math.floor(left / 1000);
  return {
    days: Math.floor(s / 86_400),
    hours: Math.floor(s / 3600) % 24,
    minutes: Math.floor(s / 60) % 60,
    seconds: s % 60,
  };
}

/** 'Ends In' days, hours, minutes, seconds, ticking every second. */
export function Countdown({ endingDate }: { endingDate: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, []);
  const p = partsUntil(endingDate, now);
  const cells: Array<[number, string]> = [
    [p.days, 'Days'],
    [p.hours, 'Hours'],
    [p.minutes, 'Minutes'],
    [p.seconds, 'Seconds'],
  ];
  return (
    <div className="flex flex-col items-center gap-2" data-testid="race-countdown">
      <span className="text-xs font-bold tracking-widest text-ink-300 uppercase">Ends In</span>
      <div className="flex gap-2">
        {cells.map(([v, label]) => (
          <div
            key={label}
            className="flex w-16 flex-col items-center rounded-xl bg-ink-850 py-2 ring-1 ring-ink-700"
          >
            <span className="text-xl font-black text-white tabular-nums">{String(v).padStart(2, '0')}</span>
            <span className="text-[10px] tracking-wide text-ink-300 uppercase">{label}</span>
          </div>
        ))}
      </div>
    </div>
  );
}

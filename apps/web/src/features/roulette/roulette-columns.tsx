import type { RouletteBetColor, RoulettePlayer } from '@coinsite/shared/schemas/roulette';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { UserAvatarLink, UserNameLink } from '../profile/user-link.tsx';
import { LevelLine } from '../vip/level-badge.tsx';

const COLUMNS: Array<{ color: RouletteBetColor; label: string; button: string; ring: string }> = [
  { color: 'red', label: 'Win 2x', button: 'from-rose-500 to-rose-700 text-white', ring: 'ring-rose-500/40' },
  {
    color: 'green',
    label: 'Win 14x',
    button: 'from-emerald-400 to-emerald-600 text-emerald-950',
    ring: 'ring-emerald-400/40',
  },
  { color: 'black', label: 'Win 2x', button: 'from-ink-500 to-ink-700 text-white', ring: 'ring-ink-500/60' },
];

/** One row per player and colour: several bets of one player on a colour add up. */
function merge(players: RoulettePlayer[], color: RouletteBetColor): RoulettePlayer[] {
  const byUser = new Map<string, RoulettePlayer>();
  for (const p of players) {
    if (p.color !== color) continue;
    const seen = byUser.get(p._id);
    byUser.set(
      p._id,
      seen ? { ...seen, betAmount: Math.round((seen.betAmount + p.betAmount) * 100) / 100 } : p,
    );
  }
  return [...byUser.values()].sort((a, b) => b.betAmount - a.betAmount);
}

/** The three colour columns (spec-3 §2.8): the bet button with its payout, then who bet what. */
export function RouletteColumns({
  players,
  disabled,
  winner,
  onBet,
}: {
  players: RoulettePlayer[];
  disabled: boolean;
  /** the rolled colour once the wheel has stopped */
  winner: RouletteBetColor | null;
  onBet: (color: RouletteBetColor) => void;
}) {
  return (
    <div className="grid gap-3 md:grid-cols-3">
      {COLUMNS.map((c) => {
        const rows = merge(players, c.color);
        const total = rows.reduce((s, p) => s + p.betAmount, 0);
        return (
          <section
            key={c.color}
            aria-label={`${c.color} bets`}
            className={cn(
              'flex flex-col gap-2 rounded-2xl bg-ink-850 p-3 ring-1 ring-ink-700 transition',
              winner === c.color && `ring-2 ${c.ring}`,
              // a losing column turns grey, not faint: its names and amounts stay readable (4.5:1)
              winner !== null && winner !== c.color && 'grayscale',
            )}
          >
            <button
              type="button"
              data-testid={`roulette-bet-${c.color}`}
              disabled={disabled}
              onClick={() => onBet(c.color)}
              className={cn(
                'flex h-12 items-center justify-between rounded-xl bg-gradient-to-b px-4 font-black shadow-lg transition hover:brightness-110 active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50',
                c.button,
              )}
            >
              <span className="capitalize">{c.color}</span>
              <span>{c.label}</span>
            </button>
            <div className="flex items-center justify-between px-1 text-xs font-semibold text-ink-400">
              <span>
                {rows.length} {rows.length === 1 ? 'bet' : 'bets'}
              </span>
              <span className="font-mono text-ink-200 tabular-nums">{formatCoins(total)}</span>
            </div>
            <ul
              className="flex max-h-72 flex-col gap-1 overflow-y-auto"
              data-testid={`roulette-column-${c.color}`}
            >
              {rows.map((p) => (
                <li
                  key={p._id}
                  className="flex items-center gap-2 rounded-lg bg-ink-950/40 px-2 py-1.5 text-sm"
                >
                  <UserAvatarLink
                    id={p._id}
                    name={p.username}
                    avatar={p.avatar}
                    className="h-7 w-7 text-xs"
                  />
                  <span className="min-w-0 flex-1 leading-tight">
                    <UserNameLink id={p._id} name={p.username} className="block font-semibold text-white" />
                    <LevelLine level={p.level} />
                  </span>
                  <span className="font-mono text-ink-200 tabular-nums">{formatCoins(p.betAmount)}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

import { seatsOfSides } from '@coinsite/shared/fairness';
import { Bot, UserPlus } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { rarityHex } from '../cases/rarity.ts';
import { WinnerCrown } from './battle-parts.tsx';
import type { BattleDetail, BattlePlayer } from './battles-api.ts';
import { VerticalReel, type VerticalSpin } from './vertical-reel.tsx';
import { UserAvatarLink, UserNameLink, useOwnIdentity } from '../profile/user-link.tsx';

/** Seats (1-based) that won: a tie's sides all win; in 2v2 a side is a team of two seats. */
export function winningSeats(b: BattleDetail): number[] {
  const w = b.win;
  if (!w) return [];
  return seatsOfSides(w.isEqual ? w.equals : [w.winningTeam], b.gameType === 4);
}

export function SeatColumn({
  battle,
  seat,
  player,
  revealed,
  spin,
  stopped,
  action,
  pending,
  onAction,
}: {
  battle: BattleDetail;
  /** 1-based. */
  seat: number;
  player: BattlePlayer;
  revealed: number;
  spin: VerticalSpin | null;
  stopped: boolean;
  /** What an empty seat offers this viewer. */
  action: 'join' | 'bot' | null;
  pending: boolean;
  onAction: () => void;
}) {
  const drops = battle.casesRoundResults.map((r) => r[seat - 1]);
  const total =
    drops.slice(0, revealed).reduce((s, d) => s + Math.round((d?.item.price ?? 0) * 100), 0) / 100;
  const done = battle.status === 3 && revealed >= battle.cases.length;
  const winners = done ? winningSeats(battle) : [];
  const won = winners.includes(seat);
  const lastDrop = revealed > 0 ? drops[revealed - 1] : undefined;
  const shown = useOwnIdentity(player.id, player.username, player.pfp);
  const currentCase = battle.cases[Math.min(revealed, battle.cases.length - 1)];
  const idle = lastDrop
    ? lastDrop.item
    : currentCase
      ? { image: currentCase.image, name: currentCase.name }
      : null;
  return (
    <div
      className={cn(
        'flex min-w-0 flex-col gap-2 rounded-2xl p-2 ring-1 transition sm:p-3',
        won ? 'bg-accent-500/10 ring-accent-500/60' : 'bg-ink-850 ring-ink-700',
      )}
      data-testid={`seat-${seat}`}
    >
      <VerticalReel spin={spin} revealed={stopped} idle={idle} />
      <div className="flex min-w-0 items-center gap-2 rounded-xl bg-ink-950/60 p-2 ring-1 ring-ink-700">
        {player.id ? (
          <>
            <UserAvatarLink
              id={player.id}
              name={shown.name ?? '?'}
              avatar={shown.avatar}
              className="h-8 w-8 text-xs"
            />
            <UserNameLink
              id={player.id}
              name={shown.name ?? '?'}
              className="flex-1 text-sm font-bold text-white"
            />
            {won ? <WinnerCrown /> : null}
          </>
        ) : action ? (
          <Button
            size="sm"
            className="w-full"
            variant={action === 'bot' ? 'secondary' : 'primary'}
            loading={pending}
            disabled={pending}
            onClick={onAction}
          >
            {action === 'bot' ? <Bot className="h-4 w-4" /> : <UserPlus className="h-4 w-4" />}
            {action === 'bot' ? 'Call Bot' : 'Join'}
          </Button>
        ) : (
          <span className="w-full py-1.5 text-center text-sm text-ink-400">Waiting for a player…</span>
        )}
      </div>
      <div
        className={cn(
          'flex items-center justify-between rounded-xl px-3 py-2 font-mono text-sm font-bold tabular-nums ring-1',
          done
            ? won
              ? 'bg-accent-500/15 text-accent-300 ring-accent-500/50'
              : 'bg-red-500/10 text-red-300 ring-red-500/30'
            : 'bg-ink-950/60 text-white ring-ink-700',
        )}
        data-testid={`seat-${seat}-balance`}
      >
        <span className="font-sans text-xs font-semibold">{done ? (won ? 'Winner' : 'Loser') : 'Total'}</span>
        <span className="flex items-center gap-1">
          <CoinIcon className="h-3.5 w-3.5" />
          {done ? formatCoins(won ? (battle.win?.winAmount ?? 0) : 0) : formatCoins(total)}
        </span>
      </div>
      <ol className="flex flex-col gap-1.5">
        {battle.cases.map((c, i) => {
          const d = i < revealed ? drops[i] : undefined;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: rounds are positions
              key={i}
              className="flex h-12 min-w-0 items-center gap-2 rounded-lg bg-ink-950/50 px-2 ring-1 ring-ink-700/70"
              style={d ? { boxShadow: `inset 3px 0 0 ${rarityHex(d.item.color)}` } : undefined}
            >
              {d ? (
                <>
                  <img src={d.item.image} alt="" className="h-9 w-9 shrink-0 object-contain" />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-xs font-semibold text-ink-200">{d.item.name}</span>
                    <span className="block font-mono text-xs font-bold text-white">
                      {formatCoins(d.item.price)}
                    </span>
                  </span>
                </>
              ) : (
                <span className="w-full text-center text-xs font-semibold text-ink-400" title={c.name}>
                  {i + 1}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

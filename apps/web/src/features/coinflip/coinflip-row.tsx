import type { CoinflipPlayer, CoinflipView } from '@coinsite/shared/schemas/coinflip';
import { Bot, Crown, ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { Coin } from './coin.tsx';
import { CoinflipFairDialog } from './coinflip-fair-dialog.tsx';
import { LevelLine } from '../vip/level-badge.tsx';

function Seat({
  player,
  side,
  winner,
  align,
}: {
  player: CoinflipPlayer;
  side: 'heads' | 'tails';
  winner: boolean;
  align: 'left' | 'right';
}) {
  return (
    <div
      className={cn('flex min-w-0 items-center gap-2.5', align === 'right' && 'flex-row-reverse text-right')}
    >
      <span className="relative">
        {player.id === 'bot' ? (
          <span className="flex h-10 w-10 items-center justify-center rounded-full bg-ink-600 text-ink-200 ring-1 ring-white/10">
            <Bot className="h-5 w-5" aria-hidden="true" />
          </span>
        ) : (
          <Avatar src={player.avatar} name={player.username} className="h-10 w-10 text-sm" />
        )}
        <Coin result={side} size="sm" className="absolute -right-1.5 -bottom-1.5" />
      </span>
      <span className="min-w-0 leading-tight">
        <span className="flex items-center gap-1 truncate font-semibold text-white">
          {winner ? <Crown className="h-4 w-4 shrink-0 text-gold-400" aria-label="Winner" /> : null}
          <span className="truncate">{player.username}</span>
        </span>
        {player.level ? (
          <LevelLine level={player.level} />
        ) : (
          <span className="block text-[10px] font-bold text-ink-400">House</span>
        )}
      </span>
    </div>
  );
}

/** One flip: the two seats, the amount, the coin (or the way to take the empty seat). */
export function CoinflipRow({
  flip,
  me,
  busy,
  spinUntil,
  onJoin,
  onCallBot,
  onCancel,
}: {
  flip: CoinflipView;
  me: string | null;
  busy: boolean;
  spinUntil?: number;
  onJoin: () => void;
  onCallBot: () => void;
  onCancel: () => void;
}) {
  const [fair, setFair] = useState(false);
  const [, redraw] = useState(0);
  useEffect(() => {
    const left = spinUntil === undefined ? 0 : spinUntil - Date.now();
    if (left <= 0) return;
    const t = setTimeout(() => redraw((n) => n + 1), left + 20);
    return () => clearTimeout(t);
  }, [spinUntil]);
  const other = flip.creatorSide === 'heads' ? 'tails' : 'heads';
  const spinning = spinUntil !== undefined && spinUntil > Date.now();
  const decided = flip.status === 'finished' && !spinning;
  const mine = me !== null && flip.creator.id === me;
  return (
    <li
      data-testid="coinflip-row"
      data-status={flip.status}
      className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 rounded-2xl bg-ink-850 p-3 ring-1 ring-ink-700 sm:grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)_auto] sm:p-4"
    >
      <Seat
        player={flip.creator}
        side={flip.creatorSide}
        winner={decided && flip.winnerId === flip.creator.id}
        align="left"
      />
      <div className="flex flex-col items-center gap-1">
        {flip.status === 'finished' && flip.winnerSide ? (
          <Coin result={flip.winnerSide} spinUntil={spinUntil} />
        ) : (
          <Coin result={flip.creatorSide} waiting={flip.status === 'waiting'} />
        )}
        <span className="font-mono text-sm font-bold text-white tabular-nums">
          {formatCoins(flip.amount)}
        </span>
      </div>
      <div className="flex min-w-0 justify-end">
        {flip.opponent ? (
          <Seat
            player={flip.opponent}
            side={other}
            winner={decided && flip.winnerId === flip.opponent.id}
            align="right"
          />
        ) : mine ? (
          <div className="flex gap-2">
            <Button size="sm" variant="secondary" disabled={busy} onClick={onCallBot}>
              <Bot className="h-4 w-4" aria-hidden="true" /> Call Bot
            </Button>
            <Button size="sm" variant="danger" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
          </div>
        ) : (
          <Button size="sm" disabled={busy || me === null} onClick={onJoin}>
            Join {formatCoins(flip.amount)}
          </Button>
        )}
      </div>
      <div className="col-span-3 flex items-center justify-between gap-2 border-t border-ink-700 pt-2 text-xs text-ink-400 sm:col-span-1 sm:flex-col sm:items-end sm:border-t-0 sm:border-l sm:pt-0 sm:pl-4">
        <span data-testid="coinflip-state">
          {flip.status === 'waiting'
            ? `Waiting for EOS Block #${flip.blockNumber}`
            : flip.status === 'finished'
              ? spinning
                ? 'Flipping…'
                : `${flip.winnerSide === 'heads' ? 'Heads' : 'Tails'} wins ${formatCoins(flip.payout)}`
              : 'Open'}
        </span>
        <button
          type="button"
          onClick={() => setFair(true)}
          className="inline-flex items-center gap-1 font-semibold text-ink-300 hover:text-white"
        >
          <ShieldCheck className="h-3.5 w-3.5 text-accent-400" aria-hidden="true" /> Fairness
        </button>
      </div>
      {fair ? <CoinflipFairDialog flip={flip} open onOpenChange={setFair} /> : null}
    </li>
  );
}

import type { CoinflipSide } from '@coinsite/shared/schemas/coinflip';
import { GameKeys } from '../bet-tools/game-toolbar.tsx';
import { GAME_HOTKEYS, useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { GameArt } from '../../ui/game-art.tsx';
import { GAME_THEME } from '../../ui/game-theme.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { AmountField } from '../dice/amount-field.tsx';
import { PlayButton } from '../dice/instant-game.tsx';
import { textToCents } from '../dice/numeric.ts';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { Coin } from './coin.tsx';
import { CoinflipRow } from './coinflip-row.tsx';
import { useCoinflip } from './use-coinflip.ts';

function SidePicker({ side, onSide }: { side: CoinflipSide; onSide: (s: CoinflipSide) => void }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold text-ink-300">Your side</span>
      <div className="grid grid-cols-2 gap-2" role="radiogroup" aria-label="Your side">
        {(['heads', 'tails'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={side === s}
            onClick={() => onSide(s)}
            className={cn(
              'flex h-12 items-center justify-center gap-2 rounded-xl text-sm font-bold capitalize ring-1 transition',
              side === s
                ? 'bg-gold-400/15 text-white ring-gold-400'
                : 'bg-ink-950/50 text-ink-300 ring-ink-600 hover:text-white',
            )}
          >
            <Coin result={s} size="md" />
            {s}
          </button>
        ))}
      </div>
    </div>
  );
}

/**
 * /coinflip: create a flip with an amount and a side; another player joins with the same amount,
 * or the creator calls the bot; an EOS block decides; the winner takes the pot less the house cut.
 */
export function CoinflipPage() {
  const flips = useCoinflip();
  const me = useAuthStore((s) => s.user?._id ?? null);
  const [amount, setAmount] = useState('0.00');
  const [side, setSide] = useState<CoinflipSide>('heads');
  const [from, to] = GAME_THEME.coinflip;
  const { open, recent, houseCutPct } = flips.state;
  const total = open.reduce((s, f) => s + f.amount * 2, 0);
  const create = () => flips.create((textToCents(amount) ?? 0) / 100, side);
  useBetHotkeys({ amount, setAmount, bet: flips.busy || !flips.ready ? undefined : create });
  const row = (f: (typeof open)[number]) => (
    <CoinflipRow
      key={f.id}
      flip={f}
      me={me}
      busy={flips.busy || !flips.ready}
      spinUntil={flips.spins[f.id]}
      onJoin={() => flips.join(f.id)}
      onCallBot={() => flips.callBot(f.id)}
      onCancel={() => flips.cancel(f.id)}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-[1250px] flex-col gap-4 p-3 animate-fade-in sm:p-6">
      <header className="flex items-center gap-2">
        <GameArt game="coinflip" className="h-9 w-12" />
        <h1 className="flex-1 text-xl font-black tracking-tight text-white sm:text-2xl">Coinflip</h1>
        <GameKeys rows={GAME_HOTKEYS.coinflip} />
      </header>
      <section
        aria-label="Create a coinflip"
        className="grid gap-4 rounded-2xl p-4 ring-1 ring-ink-700 sm:p-5 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_14rem] md:items-end"
        style={{ background: `radial-gradient(ellipse at 20% 0%, ${from}cc, ${to} 85%)` }}
      >
        <AmountField value={amount} onChange={setAmount} />
        <SidePicker side={side} onSide={setSide} />
        <PlayButton data-testid="coinflip-create" disabled={flips.busy || !flips.ready} onClick={create}>
          Create flip
        </PlayButton>
        <p className="text-xs text-ink-300 md:col-span-3">
          Someone joins with the same amount, or call the bot. The winner takes the pot less {houseCutPct}%.
        </p>
      </section>

      <section aria-label="Open coinflips" className="flex flex-col gap-3">
        <div className="flex items-center justify-between text-sm">
          <h2 className="font-bold text-white">
            Open flips <span className="text-ink-400">({open.length})</span>
          </h2>
          <span className="font-mono text-ink-300 tabular-nums">Total {formatCoins(total)}</span>
        </div>
        {!flips.loaded ? (
          <div className="flex justify-center py-8 text-ink-300">
            <Spinner className="h-6 w-6" />
          </div>
        ) : open.length === 0 ? (
          <p className="rounded-2xl bg-ink-850 p-6 text-center text-sm text-ink-400 ring-1 ring-ink-700">
            No open flips. Create one!
          </p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="coinflip-open">
            {open.map(row)}
          </ul>
        )}
      </section>

      <section aria-label="Recent coinflips" className="flex flex-col gap-3">
        <h2 className="text-sm font-bold text-white">Recent flips</h2>
        {recent.length === 0 ? (
          <p className="text-sm text-ink-400">No flip has been decided yet.</p>
        ) : (
          <ul className="flex flex-col gap-2 opacity-90" data-testid="coinflip-recent">
            {recent
              .filter((f) => !open.some((o) => o.id === f.id))
              .slice(0, 10)
              .map(row)}
          </ul>
        )}
      </section>
      <LiveFeed game="coinflip" />
    </div>
  );
}

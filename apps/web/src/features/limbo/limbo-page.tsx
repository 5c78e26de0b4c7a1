import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { usePillFade } from '../../lib/use-calm.ts';
import { formatCoins } from '../../lib/format.ts';
import { gameLimits } from '../../lib/site-store.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton, Readout } from '../dice/instant-game.tsx';
import { acceptsNumeric, centsToText, textToCents, textToNumber } from '../dice/numeric.ts';
import {
  formatChance,
  LIMBO_DEFAULT_TARGET,
  limboProfit,
  targetHundredths,
  winChancePct,
} from './limbo-math.ts';
import { useCountUp } from './use-count-up.ts';
import { type LimboResult, useLimbo } from './use-limbo.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';

const multiplierFormat = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** spec-3 §5: the limbo multiplier input accepts only numeric values. */
function TargetField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold text-ink-300">
        Target Multiplier
      </label>
      <div className="flex h-11 items-center rounded-lg border border-ink-600 bg-ink-950/70 pr-3 transition focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/30">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(e) => {
            const text = e.target.value.replace(',', '.');
            if (acceptsNumeric(text, 2, 7)) onChange(text);
          }}
          onBlur={() => {
            const n = textToNumber(value);
            if (n !== null) onChange(n.toFixed(2));
          }}
          className="h-full min-w-0 flex-1 bg-transparent px-3 font-mono text-sm font-bold text-white tabular-nums focus:outline-none"
        />
        <X className="h-4 w-4 text-ink-400" aria-hidden="true" />
      </div>
    </div>
  );
}

function BigResult({ result }: { result: LimboResult | null }) {
  const instant = useInstant('limbo');
  const count = useCountUp(result?.crashpoint ?? null, result?.betId ?? null, instant ? 0 : undefined);
  const tone = !result ? 'idle' : !count.done ? 'counting' : result.win ? 'win' : 'lose';
  return (
    <div className="relative flex flex-1 flex-col items-center justify-center gap-3 py-10" aria-live="polite">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 flex items-center justify-center"
      >
        {[18, 13, 8].map((size, i) => (
          <span
            key={size}
            className={cn(
              'absolute rounded-full border-2 transition-colors duration-300',
              tone === 'win'
                ? 'border-accent-400/25'
                : tone === 'lose'
                  ? 'border-red-400/20'
                  : 'border-white/10',
            )}
            style={{ width: `${size}rem`, height: `${size}rem`, opacity: 0.5 + i * 0.2 }}
          />
        ))}
      </div>
      <span
        data-testid="limbo-result"
        data-state={tone}
        className={cn(
          'relative font-mono text-[clamp(2.75rem,13vw,6.5rem)] leading-none font-black tabular-nums drop-shadow-lg transition-colors',
          tone === 'idle' && 'text-white/25',
          tone === 'counting' && 'text-white',
          tone === 'win' && 'text-accent-400',
          tone === 'lose' && 'text-red-400',
        )}
      >
        {multiplierFormat.format(count.value)}×
      </span>
      <span className="relative h-5 text-sm font-semibold text-ink-300">
        {result && count.done
          ? result.win
            ? `Target ${multiplierFormat.format(result.target / 100)}× reached: you won ${formatCoins(result.payout)}`
            : `Target ${multiplierFormat.format(result.target / 100)}× missed`
          : result
            ? ''
            : 'Beat your target multiplier to win'}
      </span>
    </div>
  );
}

function History({ items }: { items: LimboResult[] }) {
  const fade = usePillFade(items[0]?.betId);
  return (
    <ol className="flex h-7 justify-end gap-1.5 overflow-hidden" aria-label="Recent results">
      {[...items].reverse().map((r) => (
        <li
          key={r.betId}
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 font-mono text-xs font-bold',
            fade(r.betId),
            r.win ? 'bg-accent-400 text-ink-950' : 'bg-ink-600 text-ink-200',
          )}
        >
          {multiplierFormat.format(r.crashpoint)}×
        </li>
      ))}
    </ol>
  );
}

/** /limbo (spec-3 §2.10): pick a target; the result counts up and wins when it reaches it. */
export function LimboPage() {
  const [amount, setAmount] = useState('0.00');
  const [targetText, setTargetText] = useState(LIMBO_DEFAULT_TARGET);
  const limbo = useLimbo();
  const [mode, setMode] = useState<BetMode>('manual');
  const auto = useAutobet({
    place: (cents, p) =>
      limbo.place(cents, p?.multiplier != null ? targetHundredths(p.multiplier) : target, true),
    onParams: (p) => {
      if (p.multiplier != null) setTargetText(p.multiplier.toFixed(2));
    },
    game: 'limbo',
    connected: limbo.ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
  });
  const amountCents = textToCents(amount) ?? 0;
  const target = targetHundredths(textToNumber(targetText));
  const profit = target === null ? null : limboProfit(amountCents, target);
  const overMax = profit !== null && profit > gameLimits.maxProfitCents;
  const guardedBet = () => void confirmStake(amountCents).then((ok) => ok && limbo.bet(amountCents, target));
  useBetHotkeys({
    game: 'limbo',
    amount,
    setAmount: (v) => {
      if (auto.running) return;
      setAmount(v);
      limbo.inputChanged();
    },
    bet: auto.running ? auto.stop : mode === 'manual' && !limbo.locked ? () => guardedBet() : undefined,
  });

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
      <AmountField
        disabled={auto.running}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          limbo.inputChanged();
        }}
        profitOf={target === null ? undefined : (stake) => limboProfit(stake, target)}
      />
      <TargetField
        value={targetText}
        onChange={(v) => {
          setTargetText(v);
          limbo.inputChanged();
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <Readout
          label="Win Chance"
          value={target === null ? '—' : `${formatChance(winChancePct(target))}%`}
        />
        <Readout
          label="Profit on Win"
          value={profit === null ? '—' : centsToText(profit)}
          testId="limbo-profit"
          tone={overMax ? 'lose' : undefined}
        />
      </div>
      {mode === 'manual' ? (
        <PlayButton data-testid="limbo-bet" disabled={limbo.locked} onClick={() => guardedBet()}>
          Bet
        </PlayButton>
      ) : (
        <AutobetControls
          auto={auto}
          baseCents={amountCents}
          ready={limbo.ready}
          beforeStart={confirmStake}
          game="limbo"
          abilities={{ multiplier: true }}
        />
      )}
      <MaxProfitNote over={overMax}>
        Max profit per bet: {formatCoins(gameLimits.maxProfitCents / 100)}. A bet that could win more is
        refused.
      </MaxProfitNote>
    </>
  );

  const stage = (
    <div className="flex h-full min-h-[20rem] flex-col p-4 sm:p-6">
      <History items={limbo.history} />
      <BigResult result={limbo.result} />
    </div>
  );

  return <InstantGameScreen title="Limbo" game="limbo" panel={panel} stage={stage} />;
}

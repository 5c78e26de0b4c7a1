import {
  KENO_MAX_PICKS,
  KENO_NUMBERS,
  KENO_RISKS,
  type KenoRisk,
  kenoHitOdds,
  kenoRow,
  kenoTopMultiplier,
} from '@coinsite/shared/fairness';
import { Shuffle, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { usePillFade } from '../../lib/use-calm.ts';
import { formatCoins } from '../../lib/format.ts';
import { gameLimits } from '../../lib/site-store.ts';
import { Button } from '../../ui/button.tsx';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton, Readout } from '../dice/instant-game.tsx';
import { centsToText, formatMultiplier, textToCents } from '../dice/numeric.ts';
import { KenoBoard, KenoPayouts } from './keno-board.tsx';
import { type KenoRound, useKeno } from './use-keno.ts';

const RISK_LABEL: Record<KenoRisk, string> = {
  classic: 'Classic',
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};

/** `count` distinct numbers of 1..40, at random (the board's Auto pick; not an outcome). */
function randomPicks(count: number): number[] {
  const all = Array.from({ length: KENO_NUMBERS }, (_, i) => i + 1);
  for (let i = all.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [all[i], all[j]] = [all[j] as number, all[i] as number];
  }
  return all.slice(0, count);
}

const sameSet = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((n) => b.includes(n));

function RiskSwitch({
  risk,
  onRisk,
  disabled,
}: {
  risk: KenoRisk;
  onRisk: (r: KenoRisk) => void;
  disabled: boolean;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold text-ink-300">Risk</span>
      <div
        className="grid grid-cols-4 gap-1 rounded-lg bg-ink-950/60 p-1 ring-1 ring-ink-700"
        role="radiogroup"
        aria-label="Risk"
      >
        {KENO_RISKS.map((r) => (
          <button
            key={r}
            type="button"
            role="radio"
            aria-checked={risk === r}
            data-testid={`keno-risk-${r}`}
            disabled={disabled}
            onClick={() => onRisk(r)}
            className={cn(
              'h-8 rounded-md text-xs font-bold transition disabled:opacity-60',
              risk === r ? 'bg-ink-600 text-white shadow' : 'text-ink-300 enabled:hover:text-white',
            )}
          >
            {RISK_LABEL[r]}
          </button>
        ))}
      </div>
    </div>
  );
}

function History({ items }: { items: KenoRound[] }) {
  const fade = usePillFade(items[0]?.betId);
  return (
    <ol className="flex h-7 justify-end gap-1.5 overflow-hidden" aria-label="Recent draws">
      {items.map((r) => (
        <li
          key={r.betId}
          className={cn(
            'shrink-0 rounded-full px-2.5 py-1 font-mono text-xs font-bold',
            fade(r.betId),
            r.payout > 0 ? 'bg-cyan-400 text-ink-950' : 'bg-ink-600 text-ink-200',
          )}
        >
          {formatMultiplier(r.multiplier)}×
        </li>
      ))}
    </ol>
  );
}

/** /keno (issue 32): pick up to 10 of 40 numbers; ten are drawn; the hits pay by the risk's table. */
export function KenoPage() {
  const [amount, setAmount] = useState('0.00');
  const [risk, setRisk] = useState<KenoRisk>('classic');
  const [picks, setPicks] = useState<number[]>([]);
  const [mode, setMode] = useState<BetMode>('manual');
  const keno = useKeno();
  const auto = useAutobet({
    place: (cents) => keno.place(cents, risk, picks),
    game: 'keno',
    connected: keno.ready,
    onAmount: (cents) => setAmount(centsToText(cents)),
  });
  const amountCents = textToCents(amount) ?? 0;
  const busy = auto.running || keno.revealing;
  const guardedBet = () =>
    void confirmStake(amountCents).then((ok) => ok && keno.bet(amountCents, risk, picks));
  const changeAmount = (v: string) => {
    setAmount(v);
    keno.inputChanged();
  };
  useBetHotkeys({
    game: 'keno',
    amount,
    setAmount: (v) => (auto.running ? undefined : changeAmount(v)),
    bet: auto.running ? auto.stop : mode === 'manual' && !keno.locked ? guardedBet : undefined,
  });

  const toggle = (n: number) => {
    keno.inputChanged();
    setPicks((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length >= KENO_MAX_PICKS ? p : [...p, n]));
  };
  const row = picks.length > 0 ? kenoRow(risk, picks.length) : [0];
  const chances = useMemo(
    () =>
      row.map((_, h) => Number(kenoHitOdds(picks.length, h)[0]) / Number(kenoHitOdds(picks.length, h)[1])),
    [row, picks.length],
  );
  const top = picks.length > 0 ? kenoTopMultiplier(risk, picks.length) : 0;
  const topProfit = Math.floor((amountCents * top) / 100) - amountCents;
  const overMax = topProfit > gameLimits.maxProfitCents;
  // the last draw stays on the board while the picks are the ones it was played with
  const round = keno.round && sameSet(keno.round.picks, picks) ? keno.round : null;
  const lit = round && round.shown >= round.drawn.length ? round.hits.length : null;
  const pickProblem = picks.length === 0 ? 'Pick 1 to 10 numbers on the board.' : null;

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
      <AmountField value={amount} onChange={changeAmount} disabled={auto.running} />
      <RiskSwitch
        risk={risk}
        onRisk={(r) => {
          setRisk(r);
          keno.inputChanged();
        }}
        disabled={busy}
      />
      <div className="grid grid-cols-2 gap-2">
        <Button
          variant="secondary"
          data-testid="keno-auto-pick"
          disabled={busy}
          onClick={() => {
            keno.inputChanged();
            setPicks(randomPicks(picks.length > 0 ? picks.length : KENO_MAX_PICKS));
          }}
        >
          <Shuffle className="h-4 w-4" aria-hidden="true" /> Auto pick
        </Button>
        <Button variant="ghost" disabled={busy || picks.length === 0} onClick={() => setPicks([])}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Clear
        </Button>
      </div>
      <Readout
        label={`Profit on top hit (${formatMultiplier(top / 100)}×)`}
        value={centsToText(Math.max(0, topProfit))}
        testId="keno-profit"
        tone={overMax ? 'lose' : undefined}
      />
      {mode === 'manual' ? (
        <PlayButton data-testid="keno-bet" disabled={keno.locked || picks.length === 0} onClick={guardedBet}>
          Bet
        </PlayButton>
      ) : (
        <AutobetControls
          auto={auto}
          baseCents={amountCents}
          ready={keno.ready}
          startProblem={pickProblem}
          beforeStart={confirmStake}
        />
      )}
      <MaxProfitNote over={overMax}>
        Max profit per bet: {formatCoins(gameLimits.maxProfitCents / 100)}. A bet whose top hit could win more
        is refused.
      </MaxProfitNote>
    </>
  );

  const stage = (
    <div className="flex h-full flex-col gap-4 p-3 sm:gap-5 sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <span className="shrink-0 text-xs font-bold text-ink-300" data-testid="keno-pick-count">
          {picks.length} / {KENO_MAX_PICKS} picked
        </span>
        <History items={keno.history} />
      </div>
      <div className="flex flex-1 flex-col justify-center gap-4">
        <KenoBoard picks={picks} round={round} onToggle={toggle} disabled={busy} />
        <KenoPayouts row={row} chances={chances} lit={lit} />
      </div>
    </div>
  );

  return <InstantGameScreen title="Keno" game="keno" panel={panel} stage={stage} />;
}

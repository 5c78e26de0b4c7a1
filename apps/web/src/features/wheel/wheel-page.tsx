import {
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelRisk,
  type WheelSegments,
  wheelMaxMultiplier,
  wheelTable,
} from '@coinsite/shared/fairness';
import { WHEEL_SPIN_MS } from '@coinsite/shared/schemas/wheel';
import { useCallback, useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { usePillFade } from '../../lib/use-calm.ts';
import { formatCoins } from '../../lib/format.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { gameLimits } from '../../lib/site-store.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { OptionSelect, RISK_OPTIONS } from '../bet-tools/option-select.tsx';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton } from '../dice/instant-game.tsx';
import { centsToText, textToCents } from '../dice/numeric.ts';
import { WheelDisc } from './wheel-disc.tsx';
import { segmentColor } from './wheel-math.ts';
import { stopRotation } from './wheel-math.ts';
import { useWheel, type WheelSpin } from './use-wheel.ts';

const SEGMENT_OPTIONS = WHEEL_SEGMENTS.map((n) => ({ value: n, label: String(n) }));
const HISTORY = 8;
const TURNS = 4;

const mult = (m: number) => `${m.toFixed(2)}×`;

/** Each multiplier of the wheel with its colour and chance (Stake's row under the wheel). */
function Legend({ segments, risk, hit }: { segments: WheelSegments; risk: WheelRisk; hit: number | null }) {
  const table = wheelTable(segments, risk);
  const values = [...new Set(table)].sort((a, b) => a - b);
  return (
    <ul
      className="grid w-full max-w-2xl grid-cols-[repeat(auto-fit,minmax(4.5rem,1fr))] gap-2"
      aria-label="Multipliers"
    >
      {values.map((m) => {
        const count = table.filter((x) => x === m).length;
        return (
          <li
            key={m}
            className={cn(
              'flex flex-col items-center rounded-lg bg-ink-950/60 px-2 py-1.5 ring-1 ring-white/5 transition',
              hit === m && 'ring-2 ring-white/70',
            )}
            style={{ borderBottom: `3px solid ${segmentColor(m)}` }}
          >
            <span className="font-mono text-sm font-black text-white">{mult(m / 100)}</span>
            <span className="text-[0.7rem] text-ink-300">
              {((count / segments) * 100).toFixed((count * 100) % segments === 0 ? 0 : 1)}%
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** /wheel (issue 32): pick a risk and a number of segments; the wheel spins to the segment the seeds drew. */
export function WheelPage() {
  const [amount, setAmount] = useState('0.00');
  const [risk, setRisk] = useState<WheelRisk>('medium');
  const [segments, setSegments] = useState<WheelSegments>(30);
  const [mode, setMode] = useState<BetMode>('manual');
  const instant = useInstant('wheel');
  const [rotation, setRotation] = useState(0);
  const [spinMs, setSpinMs] = useState(0);
  const [spinning, setSpinning] = useState<WheelSpin | null>(null);
  const [shown, setShown] = useState<WheelSpin | null>(null);
  const [history, setHistory] = useState<WheelSpin[]>([]);
  const fade = usePillFade(history[0]?.betId);
  const rotationRef = useRef(0);
  const revealTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const waiters = useRef(new Map<string, () => void>());
  const revealed = useRef(new Set<string>());
  const lastSpin = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (revealTimer.current) clearTimeout(revealTimer.current);
    },
    [],
  );

  const reveal = useCallback((spin: WheelSpin) => {
    revealed.current.add(spin.betId);
    setSpinning(null);
    setShown(spin);
    setHistory((h) => [spin, ...h].slice(0, HISTORY));
    waiters.current.get(spin.betId)?.();
    waiters.current.delete(spin.betId);
  }, []);

  const wheel = useWheel((spin) => {
    lastSpin.current = spin.betId;
    const to = stopRotation(
      rotationRef.current,
      spin.segment,
      spin.segments,
      spin.instant ? 0 : TURNS,
      Math.random() * 2 - 1,
    );
    rotationRef.current = to;
    setRotation(to);
    setSpinMs(spin.instant ? 0 : WHEEL_SPIN_MS);
    if (spin.instant) {
      reveal(spin);
      return;
    }
    setSpinning(spin);
    setShown(null);
    if (revealTimer.current) clearTimeout(revealTimer.current);
    revealTimer.current = setTimeout(() => reveal(spin), WHEEL_SPIN_MS);
  });

  /** One spin, settled when the wheel stops (the autobet waits for it, as the screen reveals it then). */
  const place = async (cents: number) => {
    const settled = await wheel.place(cents, segments, risk, instant);
    const id = lastSpin.current;
    if (id && !revealed.current.has(id)) await new Promise<void>((r) => waiters.current.set(id, r));
    return settled;
  };
  const auto = useAutobet({
    place,
    game: 'wheel',
    connected: wheel.ready,
    onAmount: (c) => setAmount(centsToText(c)),
  });
  const amountCents = textToCents(amount) ?? 0;
  const maxProfit = Math.floor((amountCents * wheelMaxMultiplier(segments, risk)) / 100) - amountCents;
  const overMax = maxProfit > gameLimits.maxProfitCents;
  const busy = spinning !== null;
  const manualBet = () =>
    void confirmStake(amountCents).then((ok) => {
      if (ok) place(amountCents).catch(() => undefined);
    });
  useBetHotkeys({
    game: 'wheel',
    amount,
    setAmount: (v) => {
      if (auto.running) return;
      setAmount(v);
      wheel.inputChanged();
    },
    bet: auto.running ? auto.stop : mode === 'manual' && !wheel.locked && !busy ? manualBet : undefined,
  });

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
      <AmountField
        disabled={auto.running}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          wheel.inputChanged();
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <OptionSelect
          label="Risk"
          value={risk}
          options={RISK_OPTIONS}
          disabled={auto.running || busy}
          testId="wheel-risk"
          onChange={(v) => {
            if (WHEEL_RISKS.includes(v)) setRisk(v);
            wheel.inputChanged();
          }}
        />
        <OptionSelect
          label="Segments"
          value={segments}
          options={SEGMENT_OPTIONS}
          disabled={auto.running || busy}
          testId="wheel-segments"
          onChange={(v) => {
            setSegments(v);
            wheel.inputChanged();
          }}
        />
      </div>
      {mode === 'manual' ? (
        <PlayButton data-testid="wheel-bet" disabled={wheel.locked || busy} onClick={manualBet}>
          Spin
        </PlayButton>
      ) : (
        <AutobetControls auto={auto} baseCents={amountCents} ready={wheel.ready} beforeStart={confirmStake} />
      )}
      <MaxProfitNote over={overMax}>
        Max profit per bet: {formatCoins(gameLimits.maxProfitCents / 100)}. A bet whose best segment could win
        more is refused.
      </MaxProfitNote>
    </>
  );

  const stage = (
    <div className="flex h-full flex-col items-center gap-4 p-4 sm:p-6">
      <ol
        className="flex h-7 w-full justify-end gap-1.5 overflow-hidden"
        aria-label="Recent spins"
        data-testid="wheel-history"
      >
        {[...history].reverse().map((s) => (
          <li
            key={s.betId}
            className={cn(
              'shrink-0 rounded-full px-2.5 py-1 font-mono text-xs font-bold text-ink-950',
              fade(s.betId),
            )}
            style={{ background: segmentColor(Math.round(s.multiplier * 100)) }}
          >
            {mult(s.multiplier)}
          </li>
        ))}
      </ol>
      <WheelDisc
        segments={segments}
        risk={risk}
        rotation={rotation}
        spinMs={spinMs}
        centre={shown ? mult(shown.multiplier) : busy ? '' : '—'}
        tone={!shown ? 'idle' : shown.multiplier >= 1 ? 'win' : 'lose'}
      />
      <p
        aria-live="polite"
        data-testid="wheel-result"
        data-bet={shown?.betId}
        className="h-5 text-sm font-semibold text-ink-300"
      >
        {shown
          ? shown.gross > 0
            ? `Stopped on ${mult(shown.multiplier)}: ${formatCoins(shown.gross)} back`
            : 'Stopped on a blank: no luck this time'
          : busy
            ? 'Spinning…'
            : 'Spin the wheel: every segment is equally likely'}
      </p>
      <Legend
        segments={segments}
        risk={risk}
        hit={shown && !busy ? Math.round(shown.multiplier * 100) : null}
      />
    </div>
  );

  return <InstantGameScreen title="Wheel" game="wheel" panel={panel} stage={stage} />;
}

import { PLINKO_RISKS, type PlinkoRisk, plinkoMaxMultiplier } from '@coinsite/shared/fairness';
import { useCallback, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { usePillFade } from '../../lib/use-calm.ts';
import { formatCoins } from '../../lib/format.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { gameLimits } from '../../lib/site-store.ts';
import { playSound } from '../../lib/sounds.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';
import { useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { OptionSelect, RISK_OPTIONS } from '../bet-tools/option-select.tsx';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, MaxProfitNote, PlayButton } from '../dice/instant-game.tsx';
import { centsToText, textToCents } from '../dice/numeric.ts';
import { PlinkoBoard } from './plinko-board.tsx';
import { slotColors } from './plinko-math.ts';
import { type PlinkoDrop, usePlinko } from './use-plinko.ts';

const ROW_OPTIONS = Array.from({ length: 9 }, (_, i) => ({ value: 8 + i, label: String(8 + i) }));
const HISTORY = 8;

function multiplierText(m: number): string {
  return `${m >= 100 ? m.toFixed(0) : m.toFixed(m < 10 ? 2 : 1)}×`;
}

/** The multipliers of the last balls to land, newest first, in their slots' colours. */
function LandedList({ items }: { items: readonly PlinkoDrop[] }) {
  const fade = usePillFade(items[0]?.betId);
  return (
    <ol
      aria-label="Recent drops"
      className="flex h-9 gap-1.5 overflow-hidden md:h-auto md:w-16 md:flex-col"
      data-testid="plinko-history"
    >
      {items.map((d) => (
        <li
          key={d.betId}
          className={cn(
            'flex h-9 w-14 shrink-0 items-center justify-center rounded-lg font-mono text-xs font-black text-ink-950 md:w-16',
            fade(d.betId),
          )}
          style={{ background: slotColors(d.rows, d.risk)[d.slot] }}
        >
          {multiplierText(d.multiplier)}
        </li>
      ))}
    </ol>
  );
}

/** /plinko (issue 32): drop a ball through the pegs; it follows the path the seeds drew. */
export function PlinkoPage() {
  const [amount, setAmount] = useState('0.00');
  const [risk, setRisk] = useState<PlinkoRisk>('medium');
  const [rows, setRows] = useState(16);
  const [mode, setMode] = useState<BetMode>('manual');
  const instant = useInstant('plinko');
  const [balls, setBalls] = useState<PlinkoDrop[]>([]);
  const [landed, setLanded] = useState<PlinkoDrop[]>([]);
  const [hits, setHits] = useState<Map<number, number>>(() => new Map());
  const landedIds = useRef(new Set<string>());
  const waiters = useRef(new Map<string, () => void>());
  const lastDrop = useRef<string | null>(null);

  const land = useCallback((drop: PlinkoDrop) => {
    if (landedIds.current.has(drop.betId)) return;
    landedIds.current.add(drop.betId);
    setBalls((b) => b.filter((x) => x.betId !== drop.betId));
    setLanded((l) => [drop, ...l].slice(0, HISTORY));
    setHits((h) => new Map(h).set(drop.slot, (h.get(drop.slot) ?? 0) + 1));
    if (!drop.instant) playSound('notify', 0.04);
    waiters.current.get(drop.betId)?.();
    waiters.current.delete(drop.betId);
  }, []);

  const plinko = usePlinko((drop) => {
    lastDrop.current = drop.betId;
    if (drop.instant) land(drop);
    else setBalls((b) => [...b, drop]);
  });

  /** One bet, settled when its ball lands (the autobet waits for it, as the screen reveals it then). */
  const place = async (cents: number) => {
    const settled = await plinko.place(cents, rows, risk, instant);
    const id = lastDrop.current;
    if (id && !landedIds.current.has(id)) await new Promise<void>((r) => waiters.current.set(id, r));
    return settled;
  };
  const auto = useAutobet({
    place,
    game: 'plinko',
    connected: plinko.ready,
    onAmount: (c) => setAmount(centsToText(c)),
  });
  const amountCents = textToCents(amount) ?? 0;
  const maxProfit = Math.floor((amountCents * plinkoMaxMultiplier(rows, risk)) / 100) - amountCents;
  const overMax = maxProfit > gameLimits.maxProfitCents;
  const manualBet = () =>
    void confirmStake(amountCents).then((ok) => {
      if (ok) place(amountCents).catch(() => undefined);
    });
  const dropping = balls.length > 0;
  useBetHotkeys({
    game: 'plinko',
    amount,
    setAmount: (v) => {
      if (auto.running) return;
      setAmount(v);
      plinko.inputChanged();
    },
    bet: auto.running ? auto.stop : mode === 'manual' && !plinko.locked ? manualBet : undefined,
  });

  const panel = (
    <>
      <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
      <AmountField
        disabled={auto.running}
        value={amount}
        onChange={(v) => {
          setAmount(v);
          plinko.inputChanged();
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <OptionSelect
          label="Risk"
          value={risk}
          options={RISK_OPTIONS}
          disabled={auto.running || dropping}
          testId="plinko-risk"
          onChange={(v) => {
            if (PLINKO_RISKS.includes(v)) setRisk(v);
            setHits(new Map());
            plinko.inputChanged();
          }}
        />
        <OptionSelect
          label="Rows"
          value={rows}
          options={ROW_OPTIONS}
          disabled={auto.running || dropping}
          testId="plinko-rows"
          onChange={(v) => {
            setRows(v);
            setHits(new Map());
            plinko.inputChanged();
          }}
        />
      </div>
      {mode === 'manual' ? (
        <PlayButton data-testid="plinko-bet" disabled={plinko.locked} onClick={manualBet}>
          Drop ball
        </PlayButton>
      ) : (
        <AutobetControls
          auto={auto}
          baseCents={amountCents}
          ready={plinko.ready}
          beforeStart={confirmStake}
        />
      )}
      <MaxProfitNote over={overMax}>
        Max profit per bet: {formatCoins(gameLimits.maxProfitCents / 100)}. A bet whose top slot could win
        more is refused.
      </MaxProfitNote>
    </>
  );

  const last = landed[0];
  const stage = (
    <div className="flex h-full flex-col gap-3 p-3 sm:p-5 md:flex-row md:items-start">
      <div className="md:order-last">
        <LandedList items={landed} />
      </div>
      <div className="flex min-w-0 flex-1 flex-col items-center gap-2">
        <PlinkoBoard rows={rows} risk={risk} balls={balls} hits={hits} onLand={land} />
        <p
          aria-live="polite"
          data-testid="plinko-result"
          data-bet={last?.betId}
          className={cn(
            'h-5 text-sm font-semibold',
            !last ? 'text-ink-300' : last.multiplier >= 1 ? 'text-accent-400' : 'text-ink-300',
          )}
        >
          {last
            ? `Landed in ${multiplierText(last.multiplier)}: ${formatCoins(last.gross)} back`
            : 'Drop a ball: the further from the middle it lands, the more it pays'}
        </p>
      </div>
    </div>
  );

  return <InstantGameScreen title="Plinko" game="plinko" panel={panel} stage={stage} />;
}

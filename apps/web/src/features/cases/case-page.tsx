import { CASE_INSTANT_ANIMATION_MS, CASE_OPEN_ANIMATION_MS, CASE_REEL } from '@coinsite/shared/schemas/cases';
import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { AutobetControls, type BetMode, BetModeSwitch } from '../autobet/autobet-panel.tsx';
import { type SettledBet, useAutobet } from '../autobet/use-autobet.ts';
import { confirmStake } from '../bet-tools/bet-confirm.tsx';
import { useGameSocket } from '../dice/use-game-socket.ts';
import { coinsToCents } from '@coinsite/shared/money';
import { GameToolbar } from '../bet-tools/game-toolbar.tsx';
import { nextCaseCount, useBetHotkeys } from '../bet-tools/hotkeys.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { ProvablyFairButton } from '../fairness-dialog/provably-fair-button.tsx';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { CaseReel } from './case-reel.tsx';
import { type CaseView, useCase } from './cases-api.ts';
import { LootTable } from './loot-table.tsx';
import { type OpenedResult, useCaseOpener } from './use-case-opener.ts';

const LIVE = {
  length: CASE_REEL.liveWinnerIndex + 5,
  winnerIndex: CASE_REEL.liveWinnerIndex,
  distinct: CASE_REEL.liveItems,
};
const DEMO = { length: CASE_REEL.demoItems, winnerIndex: CASE_REEL.demoWinnerIndex };

function CountPicker({
  count,
  disabled,
  onChange,
}: {
  count: number;
  disabled: boolean;
  onChange: (n: number) => void;
}) {
  return (
    <div
      role="group"
      aria-label="Number of cases"
      className="flex gap-1 rounded-xl bg-ink-950/70 p-1 ring-1 ring-ink-700"
    >
      {Array.from({ length: CASE_REEL.maxCount }, (_, i) => i + 1).map((n) => (
        <button
          key={n}
          type="button"
          aria-pressed={n === count}
          disabled={disabled}
          onClick={() => onChange(n)}
          className={cn(
            'h-9 w-10 rounded-lg text-sm font-bold transition disabled:opacity-60',
            n === count
              ? 'bg-gold-400/20 text-gold-300 ring-1 ring-gold-400/50'
              : 'text-ink-300 hover:text-white',
          )}
        >
          {n}
        </button>
      ))}
    </div>
  );
}

function CostBox({ price, count }: { price: number; count: number }) {
  const row = 'flex items-center justify-between gap-6 text-sm';
  return (
    <div
      className="flex min-w-52 flex-col gap-1.5 rounded-2xl bg-ink-950/60 p-4 ring-1 ring-ink-700"
      data-testid="cost-box"
    >
      <div className={row}>
        <span className="text-ink-400">Case price</span>
        <span className="font-mono text-white">{formatCoins(price)}</span>
      </div>
      <div className={row}>
        <span className="text-ink-400">Cases</span>
        <span className="font-mono text-white">× {count}</span>
      </div>
      <div className={cn(row, 'border-t border-ink-700 pt-1.5')}>
        <span className="font-semibold text-ink-200">Total cost</span>
        <span className="flex items-center gap-1 font-mono font-bold text-gold-300">
          <CoinIcon className="h-3.5 w-3.5" />
          {formatCoins(price * count)}
        </span>
      </div>
    </div>
  );
}

function CaseOpening({ c }: { c: CaseView }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const [count, setCount] = useState(1);
  const [last, setLast] = useState<OpenedResult | null>(null);
  const instant = useInstant('cases');
  const [mode, setMode] = useState<BetMode>('manual');
  /** The autobet's open in flight: what its reels brought back so far. */
  const round = useRef<{
    payout: number;
    got: number;
    started: boolean;
    done: (ok: boolean) => void;
  } | null>(null);
  const onOpened = (r: OpenedResult) => {
    setLast(r);
    if (round.current) {
      round.current.payout += coinsToCents(r.price);
      round.current.got += 1;
    }
  };
  const opener = useCaseOpener({
    slug: c.slug,
    items: c.items,
    count,
    event: 'cases:open',
    payload: c.slug,
    // instant mode: the reel jumps to its item, and the server is told so (cases:open slug
    // {instant: true}) to announce the win when the reel stops, not 5.75 s later
    durationMs: instant ? CASE_INSTANT_ANIMATION_MS : CASE_OPEN_ANIMATION_MS,
    instant,
    live: LIVE,
    demo: DEMO,
    // the idle reel already holds as many cards as the longest spin: a spin's first frame then only
    // updates cards, never mounts dozens (issue 14 item 11)
    idleLength: Math.max(LIVE.length, DEMO.length),
    onOpened,
  });
  const openRef = useRef(opener.open);
  openRef.current = opener.open;
  const stakeCents = coinsToCents(c.price) * count;
  // an autobet open ends when the opener is idle again: every reel answered, or an error stopped it
  useEffect(() => {
    const r = round.current;
    if (!r) return;
    if (opener.busy) r.started = true;
    else if (r.started) r.done(r.got >= count);
  }, [opener.busy, count]);
  const connected = useGameSocket('cases');
  const auto = useAutobet({
    game: 'cases',
    connected,
    place: () =>
      new Promise<SettledBet>((resolve, reject) => {
        const timer = setTimeout(() => finish(false), 60_000);
        const finish = (ok: boolean) => {
          clearTimeout(timer);
          const r = round.current;
          round.current = null;
          if (ok && r) resolve({ stake: stakeCents, payout: r.payout });
          else reject(new Error('The case did not open.'));
        };
        round.current = { payout: 0, got: 0, started: false, done: finish };
        openRef.current();
      }),
  });
  const openManual = () => {
    if (!signedIn) opener.open();
    else void confirmStake(stakeCents).then((ok) => ok && opener.open());
  };
  // hotkeys (issue 15): Space opens (or stops the autobet); S / D / A halve, double or reset the
  // number of cases, the stake of a case page
  const countKey = (key: 'half' | 'double' | 'reset') => () => {
    if (!opener.busy && !auto.running) setCount((n) => nextCaseCount(n, key, CASE_REEL.maxCount));
  };
  useBetHotkeys({
    game: 'cases',
    keys: { half: countKey('half'), double: countKey('double'), reset: countKey('reset') },
    bet: auto.running ? auto.stop : mode === 'manual' && !opener.busy ? openManual : undefined,
  });
  return (
    <>
      <section className="flex flex-col gap-4 rounded-3xl bg-[radial-gradient(ellipse_at_50%_0%,#4a2a0a,transparent_60%),linear-gradient(180deg,#141b31,#0b1020)] p-3 ring-1 ring-ink-700 sm:p-6">
        <div className="flex flex-col items-center gap-4 md:flex-row md:justify-between">
          <div className="flex items-center gap-4">
            <img src={c.image} alt="" className="h-24 w-24 object-contain drop-shadow-2xl sm:h-28 sm:w-28" />
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-black text-white sm:text-3xl">{c.name}</h1>
              <span className="flex items-center gap-1.5 font-mono text-lg font-bold text-gold-300">
                <CoinIcon />
                {formatCoins(c.price)}
              </span>
            </div>
          </div>
          <CostBox price={c.price} count={count} />
        </div>
        <div className="flex flex-col gap-2">
          {opener.reels.map((reel, i) => (
            <CaseReel
              // biome-ignore lint/suspicious/noArrayIndexKey: reels are positions
              key={i}
              label={`Reel ${i + 1}`}
              strip={reel.strip}
              spin={reel.spin}
              revealed={reel.revealed}
              onSettled={() => opener.settled(i)}
              className={count > 2 ? 'h-32 sm:h-36' : undefined}
            />
          ))}
        </div>
        <div className="flex flex-col items-center justify-center gap-3 sm:flex-row sm:flex-wrap">
          <CountPicker count={count} disabled={opener.busy || auto.running} onChange={setCount} />
          <div className="w-full sm:w-48">
            <BetModeSwitch mode={mode} onMode={setMode} disabled={auto.running} />
          </div>
          {mode === 'manual' ? (
            <Button
              variant="gold"
              size="lg"
              className="w-full sm:w-auto sm:min-w-56"
              disabled={opener.busy}
              onClick={openManual}
            >
              {opener.busy && !opener.demoing
                ? 'Opening...'
                : signedIn
                  ? `Open for ${formatCoins(c.price * count)}`
                  : 'Sign in to open'}
            </Button>
          ) : null}
          <div className="flex flex-wrap justify-center gap-2">
            <Button
              variant="secondary"
              size="lg"
              disabled={opener.busy}
              onClick={opener.demoSpin}
              data-testid="demo-spin"
            >
              {opener.demoing ? 'Demo spinning...' : 'Demo Spin'}
            </Button>
            <GameToolbar game="cases" />
            <ProvablyFairButton className="h-12">
              {last ? (
                <p className="rounded-lg bg-ink-950/60 p-3 text-xs text-ink-300 ring-1 ring-ink-700">
                  Last open: ticket <span className="font-mono text-white">{last.ticket}</span> of 100000,
                  nonce <span className="font-mono text-white">{last.nonce}</span> → {last.name}
                </p>
              ) : null}
            </ProvablyFairButton>
          </div>
        </div>
        {mode === 'auto' ? (
          <div className="mx-auto w-full max-w-sm">
            <AutobetControls
              auto={auto}
              fixedStake
              baseCents={stakeCents}
              ready={connected && !opener.busy}
              beforeStart={confirmStake}
            />
          </div>
        ) : null}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-bold text-white">Case Contents</h2>
        <LootTable items={c.items} />
      </section>
    </>
  );
}

/** /cases/{slug} (spec-3 §2.7). */
export function CasePage() {
  const { caseSlug = '' } = useParams();
  const c = useCase(caseSlug.toLowerCase());
  return (
    <div className="mx-auto flex w-full max-w-7xl animate-fade-in flex-col gap-5 p-3 sm:p-6">
      <Link
        to="/cases"
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-ink-300 hover:text-white"
      >
        <ArrowLeft className="h-4 w-4" /> All cases
      </Link>
      {c.isPending ? (
        <div className="flex justify-center py-20 text-ink-300">
          <Spinner className="h-8 w-8" />
        </div>
      ) : c.isError || !c.data ? (
        <p className="py-16 text-center text-ink-300">This case does not exist.</p>
      ) : (
        <CaseOpening key={c.data.slug} c={c.data} />
      )}
      <LiveFeed game="cases" />
    </div>
  );
}

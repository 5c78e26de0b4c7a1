import { CASE_REEL, DAILY_CASE_ANIMATION_MS, DAILY_CASE_COOLDOWN_MS } from '@coinsite/shared/schemas/cases';
import { useQueryClient } from '@tanstack/react-query';
import { Timer } from 'lucide-react';
import { useMsUntil } from '../../lib/use-clock.ts';
import { Button } from '../../ui/button.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { CaseReel } from './case-reel.tsx';
import { useDailyCase, useDailyLastOpen } from './cases-api.ts';
import { LootTable } from './loot-table.tsx';
import { useCaseOpener } from './use-case-opener.ts';

const LIVE = { length: CASE_REEL.dailyItems, winnerIndex: CASE_REEL.dailyWinnerIndex };
const DEMO = LIVE;

/** 3723000 → "01:02:03" */
function hms(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}

function DailyCase() {
  const daily = useDailyCase();
  const lastOpen = useDailyLastOpen();
  const client = useQueryClient();
  const nextAt = lastOpen.data ? lastOpen.data + DAILY_CASE_COOLDOWN_MS : null;
  const wait = useMsUntil(nextAt);
  const items = daily.data?.items ?? [];
  const opener = useCaseOpener({
    slug: 'daily',
    items,
    count: 1,
    event: 'cases:free',
    payload: 'daily',
    durationMs: DAILY_CASE_ANIMATION_MS,
    live: LIVE,
    demo: DEMO,
    idleLength: CASE_REEL.dailyIdleItems,
    // the countdown shows at once (here and on the rewards page tile), then the server's time replaces it
    onOpened: () => {
      client.setQueriesData<number | null>({ queryKey: ['daily-last-open'] }, () => Date.now());
      void client.invalidateQueries({ queryKey: ['daily-last-open'] });
    },
  });
  if (daily.isPending || lastOpen.isPending) {
    return (
      <div className="flex justify-center py-10 text-ink-300">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (!daily.data) return <p className="py-8 text-center text-ink-300">The daily case is not available.</p>;
  const reel = opener.reels[0];
  const locked = wait > 0;
  return (
    <div className="flex flex-col gap-4" data-testid="daily-case">
      <div className="flex items-center gap-3">
        <img src={daily.data.image} alt="" className="h-16 w-16 object-contain drop-shadow-xl" />
        <div>
          <p className="text-lg font-black text-white">{daily.data.name}</p>
          <p className="text-sm text-ink-300">A free case every 24 hours.</p>
        </div>
      </div>
      {reel ? (
        <CaseReel
          label="Daily case reel"
          strip={reel.strip}
          spin={reel.spin}
          revealed={reel.revealed}
          idleIndex={Math.floor(CASE_REEL.dailyIdleItems / 2)}
          onSettled={() => opener.settled(0)}
        />
      ) : null}
      <div className="grid grid-cols-2 gap-2">
        {locked && !opener.busy ? (
          <div
            className="flex h-12 items-center justify-center gap-2 rounded-lg bg-ink-950/70 font-mono text-base font-bold text-gold-300 ring-1 ring-ink-700"
            data-testid="daily-countdown"
            aria-label="Time until the next daily case"
          >
            <Timer className="h-4 w-4" aria-hidden="true" />
            {hms(wait)}
          </div>
        ) : (
          <Button variant="gold" size="lg" disabled={opener.busy || locked} onClick={opener.open}>
            {opener.busy ? 'Opening...' : 'Open'}
          </Button>
        )}
        <Button variant="secondary" size="lg" disabled={opener.busy} onClick={opener.demoSpin}>
          Demo
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-bold text-white">Loot table</h3>
        <LootTable items={daily.data.items} compact />
      </div>
    </div>
  );
}

/**
 * The Daily Case view (spec-1 §2 and §4): reel, Open or the countdown, Demo, loot table. The rewards
 * dialog and the rewards page mount it in their Daily Case slots.
 */
export function DailyCaseView() {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  if (!signedIn) return <LoginRequired message="Please log in to view your rewards." />;
  return <DailyCase />;
}

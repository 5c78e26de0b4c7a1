import { CRASH_HANDOVER_NOTE } from '@coinsite/shared';
import { GameKeys } from '../bet-tools/game-toolbar.tsx';
import { GAME_HOTKEYS } from '../bet-tools/hotkeys.ts';
import { useState } from 'react';
import { GameArt } from '../../ui/game-art.tsx';
import { GAME_THEME } from '../../ui/game-theme.ts';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { CrashBetPanel } from './crash-bet-panel.tsx';
import { CrashPlayers } from './crash-players.tsx';
import { CrashHistoryStrip, CrashStage } from './crash-stage.tsx';
import { RoundFairButton, RoundFairDialog } from './round-fair-dialog.tsx';
import { useCrash } from './use-crash.ts';

/** /crash (spec-3 §2.9): the live graph and multiplier, recent rounds, the bet panel and the bets. */
export function CrashPage() {
  const crash = useCrash();
  const { view } = crash;
  const [picked, setPicked] = useState<string | null>(null);
  const [from, to] = GAME_THEME.crash;
  const rounds = view.history.map((h) => ({
    ...h,
    result: `${h.crashPoint.toFixed(2)}x`,
    note: h.handover ? CRASH_HANDOVER_NOTE : undefined,
  }));
  const current = {
    _id: view.roundId,
    number: view.roundNumber,
    privateHash: view.privateHash,
    publicSeed: view.publicSeed,
  };

  return (
    <div className="mx-auto flex w-full max-w-[1300px] flex-col gap-4 p-3 animate-fade-in sm:p-6">
      <header className="flex items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-xl font-black tracking-tight text-white sm:text-2xl">
          <GameArt game="crash" className="h-9 w-12" />
          Crash
        </h1>
        <div className="flex items-center gap-1.5">
          <GameKeys rows={GAME_HOTKEYS.crash} />
          <RoundFairButton game="crash" current={current} rounds={rounds} />
        </div>
      </header>
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_24rem]">
        <section className="flex flex-col-reverse overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-ink-700 md:flex-row">
          <aside
            aria-label="Crash bet"
            className="flex shrink-0 flex-col gap-4 border-t border-ink-700 bg-ink-800/80 p-4 md:w-72 md:border-t-0 md:border-r"
          >
            <CrashBetPanel
              view={view}
              mine={crash.mine}
              ready={crash.ready}
              onPlace={crash.placeOrCancel}
              onCashout={crash.cashout}
              placeRound={crash.placeRound}
              dropRound={crash.dropRound}
            />
          </aside>
          <div
            className="flex min-w-0 flex-1 flex-col gap-3 p-3 sm:p-4"
            style={{ background: `radial-gradient(ellipse at 50% 0%, ${from}cc, ${to} 80%)` }}
          >
            <CrashHistoryStrip history={view.history} onPick={setPicked} />
            <CrashStage viewRef={crash.viewRef} />
          </div>
        </section>
        <CrashPlayers players={view.players} status={view.status} />
      </div>
      <LiveFeed game="crash" />
      {picked ? (
        <RoundFairDialog
          game="crash"
          current={current}
          rounds={rounds}
          focus={picked}
          open
          onOpenChange={(open) => {
            if (!open) setPicked(null);
          }}
        />
      ) : null}
    </div>
  );
}

import { Plus, Swords } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { openDialog } from '../../lib/dialog-store.ts';
import { formatCoins } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { LiveFeed } from '../live-feed/live-feed.tsx';
import { CaseStrip, ModeBox, SeatAvatars } from './battle-parts.tsx';
import { battleListRound } from './battle-round.ts';
import { type BattleSummary, useBattleList } from './battles-api.ts';
import { CreateBattleDialog } from './create-battle-dialog.tsx';
import { useBattleToasts } from './use-battle-toasts.ts';

function BattleRow({ b }: { b: BattleSummary }) {
  const navigate = useNavigate();
  const running = b.status === 2;
  const round = battleListRound(b.casesRoundResults.length, b.cases.length, running);
  return (
    <li>
      <button
        type="button"
        onClick={() => void navigate(`/battles/${b.id}`)}
        data-testid="battle-row"
        className={cn(
          'grid w-full grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 rounded-2xl p-3 text-left ring-1 transition hover:ring-ink-500 sm:grid-cols-[7rem_auto_minmax(0,1fr)_auto] sm:p-4',
          running
            ? 'bg-[linear-gradient(90deg,rgba(192,132,252,0.22),rgba(20,27,49,0.9)_55%)] ring-fuchsia-500/30'
            : 'bg-ink-850 ring-ink-700',
        )}
      >
        <span className="flex items-center gap-1.5 font-mono text-base font-black text-gold-300 tabular-nums">
          <CoinIcon />
          {formatCoins(b.price)}
        </span>
        <SeatAvatars players={b.players} gameType={b.gameType} />
        <CaseStrip cases={b.cases} current={round.index} className="col-span-2 sm:col-span-1" />
        <div className="col-span-2 flex items-center justify-between gap-3 sm:col-span-1 sm:flex-col sm:items-end">
          <ModeBox gameType={b.gameType} crazy={b.isCrazyMode} />
          <span className="text-xs font-semibold text-ink-300" data-testid="battle-row-round">
            {round.label}
            {running ? null : <span className="ml-2 text-accent-300">· Waiting</span>}
          </span>
        </div>
      </button>
    </li>
  );
}

/** /battles, "Case Battles" (spec-3 §2.1). */
export function BattlesPage() {
  const list = useBattleList();
  useBattleToasts();
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const [creating, setCreating] = useState(false);
  const battles = list.data ?? [];
  const total = battles.reduce((sum, b) => sum + b.price, 0);
  const create = () => (signedIn ? setCreating(true) : openDialog({ name: 'signIn', view: 'login' }));
  return (
    <div className="mx-auto flex w-full max-w-7xl animate-fade-in flex-col gap-5 p-3 sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Swords className="h-7 w-7 text-fuchsia-300" aria-hidden="true" />
          <h1 className="text-2xl font-black text-white">Case Battles</h1>
        </div>
        <div className="flex items-center gap-3">
          <div className="flex flex-col items-end rounded-xl bg-ink-950/60 px-3 py-1.5 ring-1 ring-ink-700">
            <span className="text-[0.65rem] font-semibold tracking-wider text-ink-400 uppercase">
              Total Value
            </span>
            <span
              className="flex items-center gap-1 font-mono text-sm font-bold text-white"
              data-testid="total-value"
            >
              <CoinIcon className="h-3.5 w-3.5" />
              {formatCoins(total)}
            </span>
          </div>
          <Button onClick={create}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Create Battle
          </Button>
        </div>
      </header>
      {list.isPending ? (
        <div className="flex justify-center py-20 text-ink-300">
          <Spinner className="h-8 w-8" />
        </div>
      ) : battles.length === 0 ? (
        <p className="rounded-2xl bg-ink-850 py-16 text-center text-ink-300 ring-1 ring-ink-700">
          No current active games!
        </p>
      ) : (
        <ul className="flex flex-col gap-2.5">
          {battles.map((b) => (
            <BattleRow key={b.id} b={b} />
          ))}
        </ul>
      )}
      <LiveFeed game="battles" />
      {creating ? <CreateBattleDialog open onOpenChange={setCreating} /> : null}
    </div>
  );
}

import { BATTLE_MAX_ROUNDS, BATTLE_MODE_INFO, type BattleMode } from '@coinsite/shared/schemas/battles';
import { ArrowLeft, Plus, Skull } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { useBattleCases } from '../cases/cases-api.ts';
import { CasePicker } from './case-picker.tsx';
import { ensureAgeAnswered } from '../account/age-gate.ts';

const REGULAR: BattleMode[] = ['1v1', '1v1v1', '1v1v1v1'];

function ModeButton({ mode, active, onClick }: { mode: BattleMode; active: boolean; onClick: () => void }) {
  const info = BATTLE_MODE_INFO[mode];
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        'flex flex-1 flex-col items-center rounded-xl px-3 py-2.5 ring-1 transition',
        active
          ? 'bg-accent-500/15 text-white ring-accent-500/60'
          : 'bg-ink-950/60 text-ink-300 ring-ink-700 hover:text-white',
      )}
    >
      <span className="text-sm font-black">{info.label}</span>
      {info.label === mode ? null : (
        <span className="text-[0.7rem] text-ink-400" aria-hidden="true">
          {mode}
        </span>
      )}
    </button>
  );
}

/** Create Battle (spec-3 §2.2): mode, crazy switch, rounds from the picker, total; then the battle page. */
export function CreateBattleDialog({ open, onOpenChange }: DialogProps) {
  const navigate = useNavigate();
  const cases = useBattleCases();
  const [view, setView] = useState<'setup' | 'picker'>('setup');
  const [mode, setMode] = useState<BattleMode>('1v1');
  const [crazy, setCrazy] = useState(false);
  const [counts, setCounts] = useState<Record<string, number>>({});
  const [pending, setPending] = useState(false);

  const rounds = useMemo(() => {
    const list = cases.data ?? [];
    return list
      .filter((c) => (counts[c.slug] ?? 0) > 0)
      .sort((a, b) => a.price - b.price)
      .flatMap((c) => Array.from({ length: counts[c.slug] ?? 0 }, () => c));
  }, [cases.data, counts]);
  const total = Math.round(rounds.reduce((s, c) => s + c.price * 100, 0)) / 100;

  useEffect(() => {
    const offs = [
      onSocket('battles', 'battles:created', (id) => {
        setPending(false);
        onOpenChange(false);
        void navigate(`/battles/${String(id)}`);
      }),
      // the page shows the toast (useBattleToasts); the dialog only frees its button
      onSocket('battles', 'battles:error', () => setPending(false)),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [navigate, onOpenChange]);

  const change = (slug: string, n: number) => {
    const others = rounds.length - (counts[slug] ?? 0);
    const capped = Math.max(0, Math.min(n, BATTLE_MAX_ROUNDS - others));
    setCounts((c) => ({ ...c, [slug]: capped }));
  };
  const create = () => {
    if (pending || rounds.length === 0) return;
    setPending(true);
    // issue 26: the first stake of an account without a date of birth waits for the ask-once dialog
    void ensureAgeAnswered().then((ok) => {
      if (!ok) {
        setPending(false);
        return;
      }
      getSocket('battles').emit(
        'battles:create',
        rounds.map((c) => c.slug),
        crazy ? 'crazy' : 'standard',
        mode,
        total,
        rounds.length,
      );
    });
  };

  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={view === 'setup' ? 'Create Battle' : 'Add Cases'}
      description={
        view === 'setup' ? 'Choose the game mode and the number of players you desire.' : undefined
      }
      width="max-w-3xl"
      footer={
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3 text-sm">
            <span
              className="flex items-center gap-1 font-mono font-bold text-gold-300"
              data-testid="create-total"
            >
              <CoinIcon className="h-3.5 w-3.5" />
              {formatCoins(total)}
            </span>
            <span className="text-ink-300">
              {rounds.length} {rounds.length === 1 ? 'Case' : 'Cases'}
            </span>
            <button
              type="button"
              onClick={() => setCounts({})}
              className="text-xs font-semibold text-ink-400 hover:text-white"
            >
              Clear Selection
            </button>
          </div>
          <div className="flex gap-2">
            {view === 'picker' ? (
              <Button variant="secondary" onClick={() => setView('setup')}>
                Add Cases
              </Button>
            ) : null}
            <Button disabled={pending || rounds.length === 0} onClick={create}>
              {pending ? 'Creating...' : 'Create Battle'}
            </Button>
          </div>
        </div>
      }
    >
      <div className="flex flex-col gap-5">
        {view === 'setup' ? (
          <>
            <div className="flex flex-col gap-2">
              <span className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
                Regular Battle
              </span>
              <div className="flex gap-2">
                {REGULAR.map((m) => (
                  <ModeButton key={m} mode={m} active={mode === m} onClick={() => setMode(m)} />
                ))}
              </div>
              <span className="mt-2 text-xs font-semibold tracking-wider text-ink-400 uppercase">
                Team Battle
              </span>
              <div className="flex gap-2">
                <ModeButton mode="2v2" active={mode === '2v2'} onClick={() => setMode('2v2')} />
              </div>
            </div>
            <button
              type="button"
              role="switch"
              aria-checked={crazy}
              onClick={() => setCrazy((c) => !c)}
              className="flex items-center justify-between rounded-xl bg-ink-950/60 px-4 py-3 ring-1 ring-ink-700"
            >
              <span className="flex items-center gap-2.5 text-left">
                <Skull className="h-4 w-4 shrink-0 text-fuchsia-300" aria-hidden="true" />
                <span className="flex flex-col">
                  <span className="text-sm font-bold text-white">Crazy Mode</span>
                  <span className="text-xs text-ink-400">The lowest total wins</span>
                </span>
              </span>
              <span
                className={cn(
                  'relative h-6 w-11 rounded-full transition',
                  crazy ? 'bg-fuchsia-500' : 'bg-ink-600',
                )}
              >
                <span
                  className={cn(
                    'absolute top-0.5 h-5 w-5 rounded-full bg-white transition',
                    crazy ? 'left-5.5' : 'left-0.5',
                  )}
                />
              </span>
            </button>
            <div className="flex flex-col gap-2">
              <span className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
                Battle rounds
              </span>
              <div className="flex flex-wrap gap-2">
                {rounds.map((c, i) => (
                  <img
                    // biome-ignore lint/suspicious/noArrayIndexKey: a case may be picked more than once
                    key={i}
                    src={c.image}
                    alt={c.name}
                    title={c.name}
                    className="h-14 w-14 rounded-xl bg-ink-950/60 object-contain p-1 ring-1 ring-ink-700"
                  />
                ))}
                <button
                  type="button"
                  onClick={() => setView('picker')}
                  className="flex h-14 items-center gap-1.5 rounded-xl border border-dashed border-ink-500 px-4 text-sm font-bold text-ink-200 hover:border-accent-500 hover:text-white"
                >
                  <Plus className="h-4 w-4" aria-hidden="true" /> Add Round
                </button>
              </div>
            </div>
          </>
        ) : (
          <>
            <button
              type="button"
              onClick={() => setView('setup')}
              className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-ink-300 hover:text-white"
            >
              <ArrowLeft className="h-4 w-4" /> Back
            </button>
            <CasePicker
              cases={cases.data ?? []}
              loading={cases.isPending}
              counts={counts}
              onChange={change}
            />
          </>
        )}
      </div>
    </AppDialog>
  );
}

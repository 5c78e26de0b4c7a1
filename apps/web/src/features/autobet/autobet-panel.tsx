import type { GameParams, Rule, StrategyGame } from '@coinsite/shared/autobet';
import { lazy, Suspense, useId, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { acceptsNumeric, centsToText, textToCents } from '../dice/numeric.ts';
import { type AdjustRule, type AutobetConfig, autobetConfigError, DEFAULT_AUTOBET } from './autobet.ts';
import type { Autobet } from './use-autobet.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { PlayButton } from '../dice/instant-game.tsx';
import type { RuleAbilities } from './advanced-rules.tsx';

// the advanced mode's editor is its own chunk: only a player who opens it downloads it
const AdvancedRules = lazy(async () => ({ default: (await import('./advanced-rules.tsx')).AdvancedRules }));

export type BetMode = 'manual' | 'auto';

/** Manual / Auto above a game's bet panel. */
export function BetModeSwitch({
  mode,
  onMode,
  disabled,
}: {
  mode: BetMode;
  onMode: (mode: BetMode) => void;
  disabled?: boolean;
}) {
  return (
    <div
      role="tablist"
      aria-label="Bet mode"
      className="grid grid-cols-2 gap-1 rounded-xl bg-ink-950/70 p-1 ring-1 ring-ink-700"
    >
      {(['manual', 'auto'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={mode === m}
          disabled={disabled}
          data-testid={`bet-mode-${m}`}
          onClick={() => onMode(m)}
          className={cn(
            'rounded-lg px-3 py-1.5 text-sm font-semibold text-ink-300 transition hover:text-white disabled:pointer-events-none',
            mode === m && 'bg-ink-700 text-white shadow',
          )}
        >
          {m === 'manual' ? 'Manual' : 'Auto'}
        </button>
      ))}
    </div>
  );
}

const fieldBox =
  'flex h-10 items-center gap-1 rounded-lg border border-ink-600 bg-ink-950/70 px-2.5 transition focus-within:border-accent-500';
const fieldInput =
  'h-full min-w-0 flex-1 bg-transparent font-mono text-sm font-bold text-white tabular-nums placeholder:text-ink-400 focus:outline-none';

/** A small numeric field of the panel (a game may add its own autobet input with it: hilo). */
export function SmallField({
  label,
  value,
  onChange,
  coin,
  suffix,
  decimals = 2,
  disabled,
  testId,
  placeholder,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  coin?: boolean;
  suffix?: string;
  decimals?: number;
  disabled?: boolean;
  testId?: string;
  placeholder?: string;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-xs font-semibold text-ink-300">
        {label}
      </label>
      <div className={cn(fieldBox, disabled && 'opacity-60')}>
        {coin ? <CoinIcon className="h-3.5 w-3.5" /> : null}
        <input
          id={id}
          data-testid={testId}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          disabled={disabled}
          placeholder={placeholder ?? '0'}
          onChange={(e) => {
            const next = e.target.value.replace(',', '.');
            if (acceptsNumeric(next, decimals)) onChange(next);
          }}
          className={fieldInput}
        />
        {suffix ? <span className="text-xs font-bold text-ink-400">{suffix}</span> : null}
      </div>
    </div>
  );
}

function RuleField({
  label,
  rule,
  onRule,
  disabled,
  testId,
}: {
  label: string;
  rule: { reset: boolean; percent: string };
  onRule: (r: { reset: boolean; percent: string }) => void;
  disabled?: boolean;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <span id={id} className="text-xs font-semibold text-ink-300">
        {label}
      </span>
      <div className={cn(fieldBox, 'pr-1 pl-1', disabled && 'opacity-60')} role="group" aria-labelledby={id}>
        {(['Reset', 'Increase by'] as const).map((text) => {
          const active = rule.reset === (text === 'Reset');
          return (
            <button
              key={text}
              type="button"
              disabled={disabled}
              aria-pressed={active}
              data-testid={`${testId}-${text === 'Reset' ? 'reset' : 'increase'}`}
              onClick={() => onRule({ ...rule, reset: text === 'Reset' })}
              className={cn(
                'h-8 shrink-0 rounded-md px-2 text-xs font-bold text-ink-300 transition hover:text-white',
                active && 'bg-ink-700 text-white',
              )}
            >
              {text}
            </button>
          );
        })}
        <input
          aria-label={`${label}: increase by percent`}
          data-testid={`${testId}-percent`}
          inputMode="decimal"
          value={rule.percent}
          disabled={disabled || rule.reset}
          onChange={(e) => {
            if (acceptsNumeric(e.target.value, 2, 5)) onRule({ ...rule, percent: e.target.value });
          }}
          className={cn(fieldInput, 'pl-1 text-right disabled:opacity-40')}
        />
        <span className="pr-1.5 text-xs font-bold text-ink-400">%</span>
      </div>
    </div>
  );
}

interface Draft {
  bets: string;
  onWin: { reset: boolean; percent: string };
  onLoss: { reset: boolean; percent: string };
  stopOnProfit: string;
  stopOnLoss: string;
  stopOnWinAbove: string;
  /** null: the simple mode (On Win / On Loss); rules: the advanced mode */
  rules: Rule[] | null;
}

const EMPTY: Draft = {
  bets: '0',
  onWin: { reset: true, percent: '0' },
  onLoss: { reset: true, percent: '0' },
  stopOnProfit: '',
  stopOnLoss: '',
  stopOnWinAbove: '',
  rules: null,
};

const rule = (r: Draft['onWin']): AdjustRule => ({ reset: r.reset, percent: Number(r.percent || '0') });
const cents = (t: string) => textToCents(t) ?? 0;

function toConfig(d: Draft): AutobetConfig {
  return {
    ...DEFAULT_AUTOBET,
    bets: Number(d.bets || '0'),
    onWin: rule(d.onWin),
    onLoss: rule(d.onLoss),
    stopOnProfit: cents(d.stopOnProfit),
    stopOnLoss: cents(d.stopOnLoss),
    stopOnWinAbove: cents(d.stopOnWinAbove),
    rules: d.rules,
  };
}

/**
 * The Auto tab of a game's bet panel: number of bets (0 = until stopped), what a win and a loss
 * do to the stake, the three stop rules, Start / Stop and the session's figures. `canStart` lets a
 * game refuse (mines without a tile pattern); `beforeStart` may ask the player first (bet safety).
 */
export function AutobetControls({
  auto,
  baseCents,
  ready,
  startProblem,
  beforeStart,
  fixedStake = false,
  game,
  abilities = {},
  startParams,
}: {
  /** The game, for the advanced mode's saved strategies (no game: no advanced mode). */
  game?: StrategyGame;
  /** What the advanced rules may change beyond the stake (dice: side, chance, multiplier). */
  abilities?: RuleAbilities;
  /** The game's inputs at the start that the rules may change (dice: over). */
  startParams?: Partial<GameParams>;
  /** The stake cannot change (a case's price): no on-win / on-loss rules. */
  fixedStake?: boolean;
  auto: Autobet;
  baseCents: number;
  ready: boolean;
  startProblem?: string | null;
  beforeStart?: (baseCents: number) => Promise<boolean>;
}) {
  const signedIn = useAuthStore((st) => st.isAuthenticated && st.user !== null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const busy = auto.running;
  const s = auto.session;

  const start = async () => {
    const config = toConfig(draft);
    const problem = startProblem ?? autobetConfigError(config, baseCents);
    if (problem) {
      toast.error(problem);
      return;
    }
    if (draft.rules && draft.rules.length === 0) {
      toast.error('Add a rule or pick a preset, or switch back to Simple.');
      return;
    }
    if (beforeStart && !(await beforeStart(baseCents))) return;
    auto.start(config, baseCents, startParams);
  };

  return (
    <div className="flex flex-col gap-3">
      <SmallField
        label="Number of Bets (0 = ∞)"
        value={draft.bets}
        decimals={0}
        disabled={busy}
        testId="auto-bets"
        onChange={(v) => set({ bets: v })}
      />
      {game && !fixedStake ? (
        <div
          role="tablist"
          aria-label="Autobet mode"
          className="grid grid-cols-2 gap-1 rounded-lg bg-ink-950/50 p-0.5"
        >
          {(['Simple', 'Advanced'] as const).map((m) => {
            const on = (m === 'Advanced') === (draft.rules !== null);
            return (
              <button
                key={m}
                type="button"
                role="tab"
                aria-selected={on}
                disabled={busy}
                data-testid={`auto-mode-${m.toLowerCase()}`}
                onClick={() => set({ rules: m === 'Advanced' ? (draft.rules ?? []) : null })}
                className={cn(
                  'rounded-md px-2 py-1 text-xs font-semibold text-ink-300 transition hover:text-white',
                  on && 'bg-ink-700 text-white',
                )}
              >
                {m}
              </button>
            );
          })}
        </div>
      ) : null}
      {game && draft.rules !== null ? (
        <Suspense fallback={<div className="h-24 animate-pulse rounded-lg bg-ink-950/40" />}>
          <AdvancedRules
            rules={draft.rules}
            onRules={(rules) => set({ rules })}
            game={game}
            abilities={abilities}
            base={baseCents}
            disabled={busy}
          />
        </Suspense>
      ) : fixedStake ? null : (
        <>
          <RuleField
            label="On Win"
            rule={draft.onWin}
            disabled={busy}
            testId="auto-win"
            onRule={(r) => set({ onWin: r })}
          />
          <RuleField
            label="On Loss"
            rule={draft.onLoss}
            disabled={busy}
            testId="auto-loss"
            onRule={(r) => set({ onLoss: r })}
          />
        </>
      )}
      <div className="grid grid-cols-2 gap-2">
        <SmallField
          label="Stop on Profit"
          coin
          value={draft.stopOnProfit}
          disabled={busy}
          placeholder="0.00"
          testId="auto-stop-profit"
          onChange={(v) => set({ stopOnProfit: v })}
        />
        <SmallField
          label="Stop on Loss"
          coin
          value={draft.stopOnLoss}
          disabled={busy}
          placeholder="0.00"
          testId="auto-stop-loss"
          onChange={(v) => set({ stopOnLoss: v })}
        />
      </div>
      <SmallField
        label="Stop on a Single Win Above"
        coin
        value={draft.stopOnWinAbove}
        disabled={busy}
        placeholder="0.00"
        testId="auto-stop-win"
        onChange={(v) => set({ stopOnWinAbove: v })}
      />
      <div className="flex flex-col max-md:order-first">
        {!signedIn ? (
          <PlayButton />
        ) : busy ? (
          <Button size="lg" variant="danger" className="w-full" data-testid="auto-stop" onClick={auto.stop}>
            Stop Autobet
          </Button>
        ) : (
          <Button
            size="lg"
            className="w-full"
            data-testid="auto-start"
            disabled={!ready}
            onClick={() => void start()}
          >
            Start Autobet
          </Button>
        )}
      </div>
      {s ? (
        <dl
          data-testid="auto-session"
          data-running={busy}
          data-ended={auto.ended ?? ''}
          className="grid grid-cols-3 gap-2 rounded-lg bg-ink-950/40 p-2.5 text-center ring-1 ring-ink-700"
        >
          <div>
            <dt className="text-[11px] text-ink-400">Bets</dt>
            <dd className="font-mono text-sm font-bold text-white tabular-nums" data-testid="auto-played">
              {s.played}
            </dd>
          </div>
          <div>
            <dt className="text-[11px] text-ink-400">Wins / Losses</dt>
            <dd className="font-mono text-sm font-bold text-white tabular-nums">
              {s.wins} / {s.losses}
            </dd>
          </div>
          <div>
            <dt className="text-[11px] text-ink-400">Profit</dt>
            <dd
              data-testid="auto-profit"
              className={cn(
                'font-mono text-sm font-bold tabular-nums',
                s.profit > 0 ? 'text-accent-400' : s.profit < 0 ? 'text-red-400' : 'text-white',
              )}
            >
              {s.profit < 0 ? '−' : ''}
              {centsToText(Math.abs(s.profit))}
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}

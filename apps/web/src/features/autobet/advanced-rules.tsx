import {
  type Action,
  MAX_RULES,
  PRESET_LABELS,
  PRESETS,
  type PresetName,
  type Rule,
  type StrategyGame,
  type StrategyView,
  type Trigger,
} from '@coinsite/shared/autobet';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { api, http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/** Which actions a game's rules may use beyond the stake: dice switches over/under and sets a chance or multiplier. */
export interface RuleAbilities {
  switchSide?: boolean;
  chance?: boolean;
  multiplier?: boolean;
}

type TriggerKind = 'every' | 'everyNth' | 'first' | 'streak' | 'profit' | 'loss';
const TRIGGERS: Array<{ value: TriggerKind; label: string }> = [
  { value: 'every', label: 'Every' },
  { value: 'everyNth', label: 'Every Nth' },
  { value: 'first', label: 'First streak of' },
  { value: 'streak', label: 'Every streak of' },
  { value: 'profit', label: 'Profit' },
  { value: 'loss', label: 'Loss' },
];
const ACTIONS: Array<{ value: Action['do']; label: string; needs?: keyof RuleAbilities }> = [
  { value: 'increase', label: 'Increase bet by %' },
  { value: 'decrease', label: 'Decrease bet by %' },
  { value: 'add', label: 'Add to bet' },
  { value: 'reset', label: 'Reset bet' },
  { value: 'set', label: 'Set bet to' },
  { value: 'fibonacci', label: 'Fibonacci step' },
  { value: 'switch', label: 'Switch over/under', needs: 'switchSide' },
  { value: 'chance', label: 'Set win chance %', needs: 'chance' },
  { value: 'multiplier', label: 'Set multiplier', needs: 'multiplier' },
  { value: 'stop', label: 'Stop autobet' },
];

function defaultTrigger(kind: TriggerKind, old: Trigger): Trigger {
  const event = 'event' in old ? old.event : 'loss';
  if (kind === 'every') return { on: 'every', event };
  if (kind === 'profit' || kind === 'loss')
    return { on: kind, cmp: 'above', amount: 'amount' in old ? old.amount : 100 };
  return { on: kind, n: 'n' in old ? old.n : 2, event };
}

function defaultAction(kind: Action['do'], base: number): Action {
  switch (kind) {
    case 'increase':
    case 'decrease':
      return { do: kind, percent: 100 };
    case 'add':
    case 'set':
      return { do: kind, amount: Math.max(1, base) };
    case 'fibonacci':
      return { do: 'fibonacci', steps: 1 };
    case 'chance':
      return { do: 'chance', value: 49.5 };
    case 'multiplier':
      return { do: 'multiplier', value: 2 };
    default:
      return { do: kind };
  }
}

const sel =
  'h-8 min-w-0 rounded-md border border-ink-600 bg-ink-900 px-1.5 text-xs font-semibold text-white focus:border-accent-500 focus:outline-none disabled:opacity-60';
const num =
  'h-8 w-16 min-w-0 rounded-md border border-ink-600 bg-ink-900 px-1.5 text-right font-mono text-xs font-bold text-white focus:border-accent-500 focus:outline-none disabled:opacity-60';

function NumberBox({
  value,
  onValue,
  label,
  disabled,
  scale = 1,
  testId,
}: {
  value: number;
  onValue: (n: number) => void;
  label: string;
  disabled?: boolean;
  /** 100: the value is cents, shown in coins */
  scale?: number;
  testId?: string;
}) {
  const [text, setText] = useState(String(value / scale));
  return (
    <input
      aria-label={label}
      data-testid={testId}
      inputMode="decimal"
      value={Number(text) * scale === value ? text : String(value / scale)}
      disabled={disabled}
      onChange={(e) => {
        const t = e.target.value.replace(',', '.');
        if (!/^-?\d{0,9}(\.\d{0,4})?$/.test(t)) return;
        setText(t);
        const n = Number(t);
        if (Number.isFinite(n)) onValue(scale === 1 ? n : Math.round(n * scale));
      }}
      className={num}
    />
  );
}

function RuleRow({
  rule,
  index,
  count,
  onRule,
  onMove,
  onDelete,
  abilities,
  base,
  disabled,
}: {
  rule: Rule;
  index: number;
  count: number;
  onRule: (r: Rule) => void;
  onMove: (d: -1 | 1) => void;
  onDelete: () => void;
  abilities: RuleAbilities;
  base: number;
  disabled: boolean;
}) {
  const t = rule.when;
  const a = rule.act;
  const n = index + 1;
  return (
    <li
      className="flex flex-col gap-1.5 rounded-lg bg-ink-950/50 p-2 ring-1 ring-ink-700"
      data-testid="auto-rule"
    >
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="w-5 text-xs font-bold text-ink-400">{n}.</span>
        <span className="text-xs text-ink-300">On</span>
        <select
          aria-label={`Rule ${n}: when`}
          className={sel}
          disabled={disabled}
          value={t.on}
          onChange={(e) => onRule({ ...rule, when: defaultTrigger(e.target.value as TriggerKind, t) })}
        >
          {TRIGGERS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {'n' in t ? (
          <NumberBox
            label={`Rule ${n}: N`}
            value={t.n}
            disabled={disabled}
            onValue={(v) => onRule({ ...rule, when: { ...t, n: Math.max(1, Math.round(v)) } })}
          />
        ) : null}
        {'event' in t ? (
          <select
            aria-label={`Rule ${n}: of`}
            className={sel}
            disabled={disabled}
            value={t.event}
            onChange={(e) =>
              onRule({ ...rule, when: { ...t, event: e.target.value as 'win' | 'loss' | 'bet' } })
            }
          >
            <option value="win">{t.on === 'every' ? 'win' : 'wins'}</option>
            <option value="loss">{t.on === 'every' ? 'loss' : 'losses'}</option>
            <option value="bet">{t.on === 'every' ? 'bet' : 'bets'}</option>
          </select>
        ) : (
          <>
            <select
              aria-label={`Rule ${n}: above or below`}
              className={sel}
              disabled={disabled}
              value={t.cmp}
              onChange={(e) => onRule({ ...rule, when: { ...t, cmp: e.target.value as 'above' | 'below' } })}
            >
              <option value="above">above</option>
              <option value="below">below</option>
            </select>
            <NumberBox
              label={`Rule ${n}: amount`}
              value={t.amount}
              scale={100}
              disabled={disabled}
              onValue={(v) => onRule({ ...rule, when: { ...t, amount: Math.max(0, v) } })}
            />
          </>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-1.5 pl-5">
        <span className="text-xs text-ink-300">Do</span>
        <select
          aria-label={`Rule ${n}: do`}
          className={sel}
          disabled={disabled}
          value={a.do}
          onChange={(e) => onRule({ ...rule, act: defaultAction(e.target.value as Action['do'], base) })}
        >
          {ACTIONS.filter((o) => !o.needs || abilities[o.needs]).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {'percent' in a ? (
          <NumberBox
            label={`Rule ${n}: percent`}
            value={a.percent}
            disabled={disabled}
            onValue={(v) => onRule({ ...rule, act: { ...a, percent: Math.max(0, v) } })}
          />
        ) : 'amount' in a ? (
          <NumberBox
            label={`Rule ${n}: coins`}
            value={a.amount}
            scale={100}
            disabled={disabled}
            onValue={(v) => onRule({ ...rule, act: { ...a, amount: v } })}
          />
        ) : 'steps' in a ? (
          <NumberBox
            label={`Rule ${n}: steps`}
            value={a.steps}
            disabled={disabled}
            onValue={(v) => onRule({ ...rule, act: { ...a, steps: Math.round(v) } })}
          />
        ) : 'value' in a ? (
          <NumberBox
            label={`Rule ${n}: value`}
            value={a.value}
            disabled={disabled}
            onValue={(v) => onRule({ ...rule, act: { ...a, value: v } })}
          />
        ) : null}
        <span className="ml-auto flex gap-0.5">
          <IconButton
            label={`Move rule ${n} up`}
            disabled={disabled || index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp className="h-3.5 w-3.5" />
          </IconButton>
          <IconButton
            label={`Move rule ${n} down`}
            disabled={disabled || index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown className="h-3.5 w-3.5" />
          </IconButton>
          <IconButton label={`Delete rule ${n}`} disabled={disabled} onClick={onDelete}>
            <Trash2 className="h-3.5 w-3.5" />
          </IconButton>
        </span>
      </div>
    </li>
  );
}

function IconButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="grid h-7 w-7 place-items-center rounded-md text-ink-300 transition hover:bg-ink-700 hover:text-white disabled:opacity-30"
    >
      {children}
    </button>
  );
}

/** The player's saved strategies of one game (server, per player and game). */
function SavedStrategies({
  game,
  rules,
  onLoad,
  disabled,
}: {
  game: StrategyGame;
  rules: Rule[];
  onLoad: (rules: Rule[]) => void;
  disabled: boolean;
}) {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const client = useQueryClient();
  const key = ['autobet-strategies', game];
  const list = useQuery({
    queryKey: key,
    enabled: signedIn,
    queryFn: () => http.get<{ strategies: StrategyView[] }>(`/autobet/strategies?game=${game}`),
  });
  const [name, setName] = useState('');
  const [picked, setPicked] = useState('');
  const id = useId();
  if (!signedIn) return null;
  const strategies = list.data?.strategies ?? [];
  const save = async () => {
    try {
      const next = await http.put<{ strategies: StrategyView[] }>('/autobet/strategies', {
        game,
        name,
        rules,
      });
      client.setQueryData(key, next);
      setPicked(name.trim());
      toast.success(`Strategy "${name.trim()}" saved.`);
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not save the strategy.');
    }
  };
  const remove = async () => {
    try {
      const next = await api<{ strategies: StrategyView[] }>('/autobet/strategies', {
        method: 'DELETE',
        body: { game, name: picked },
      });
      client.setQueryData(key, next);
      setPicked('');
    } catch (e) {
      toast.error(e instanceof Error ? e.message : 'Could not delete the strategy.');
    }
  };
  return (
    <section aria-labelledby={id} className="flex flex-col gap-1.5">
      <h3 id={id} className="text-xs font-semibold text-ink-300">
        Saved strategies
      </h3>
      <div className="flex gap-1.5">
        <select
          aria-label="Saved strategy"
          data-testid="auto-strategy-pick"
          className={cn(sel, 'flex-1')}
          disabled={disabled || strategies.length === 0}
          value={picked}
          onChange={(e) => {
            setPicked(e.target.value);
            const s = strategies.find((x) => x.name === e.target.value);
            if (s) {
              onLoad(s.rules);
              setName(s.name);
            }
          }}
        >
          <option value="">{strategies.length === 0 ? 'None saved yet' : 'Load a strategy…'}</option>
          {strategies.map((s) => (
            <option key={s.name} value={s.name}>
              {s.name}
            </option>
          ))}
        </select>
        <IconButton label="Delete the strategy" disabled={disabled || !picked} onClick={() => void remove()}>
          <Trash2 className="h-3.5 w-3.5" />
        </IconButton>
      </div>
      <div className="flex gap-1.5">
        <input
          aria-label="Strategy name"
          data-testid="auto-strategy-name"
          placeholder="Name"
          maxLength={40}
          value={name}
          disabled={disabled}
          onChange={(e) => setName(e.target.value)}
          className="h-8 min-w-0 flex-1 rounded-md border border-ink-600 bg-ink-900 px-2 text-xs text-white focus:border-accent-500 focus:outline-none"
        />
        <button
          type="button"
          data-testid="auto-strategy-save"
          disabled={disabled || name.trim() === '' || rules.length === 0}
          onClick={() => void save()}
          className="h-8 rounded-md bg-ink-700 px-3 text-xs font-bold text-white transition hover:bg-ink-600 disabled:opacity-50"
        >
          Save
        </button>
      </div>
    </section>
  );
}

/**
 * The advanced autobet's rules (as Stake's advanced mode): presets, the rules in order, the saved
 * strategies of this game. Loaded lazily: only a player who opens the advanced mode downloads it.
 */
export function AdvancedRules({
  rules,
  onRules,
  game,
  abilities,
  base,
  disabled,
}: {
  rules: Rule[];
  onRules: (rules: Rule[]) => void;
  game: StrategyGame;
  abilities: RuleAbilities;
  base: number;
  disabled: boolean;
}) {
  const move = (i: number, d: -1 | 1) => {
    const next = [...rules];
    const [r] = next.splice(i, 1);
    if (r) next.splice(i + d, 0, r);
    onRules(next);
  };
  return (
    <div className="flex flex-col gap-2.5" data-testid="auto-advanced">
      <div className="flex flex-wrap gap-1.5" role="group" aria-label="Presets">
        {(Object.keys(PRESETS) as PresetName[]).map((p) => (
          <button
            key={p}
            type="button"
            disabled={disabled}
            data-testid={`auto-preset-${p}`}
            onClick={() => onRules(PRESETS[p](Math.max(1, base)))}
            className="h-7 rounded-md bg-ink-950/70 px-2 text-xs font-semibold text-ink-200 ring-1 ring-ink-600 transition hover:text-white disabled:opacity-50"
          >
            {PRESET_LABELS[p]}
          </button>
        ))}
      </div>
      <ol className="flex flex-col gap-1.5" aria-label="Rules, run in order after each bet">
        {rules.map((r, i) => (
          <RuleRow
            // biome-ignore lint/suspicious/noArrayIndexKey: rules have no id; their place is their identity
            key={i}
            rule={r}
            index={i}
            count={rules.length}
            abilities={abilities}
            base={base}
            disabled={disabled}
            onRule={(next) => onRules(rules.map((x, j) => (j === i ? next : x)))}
            onMove={(d) => move(i, d)}
            onDelete={() => onRules(rules.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      {rules.length === 0 ? (
        <p className="text-xs text-ink-400">No rules: pick a preset or add one. The stake stays the same.</p>
      ) : null}
      <button
        type="button"
        data-testid="auto-rule-add"
        disabled={disabled || rules.length >= MAX_RULES}
        onClick={() =>
          onRules([...rules, { when: { on: 'every', event: 'loss' }, act: { do: 'increase', percent: 100 } }])
        }
        className="inline-flex h-8 items-center justify-center gap-1 rounded-md border border-dashed border-ink-600 text-xs font-semibold text-ink-300 transition hover:text-white disabled:opacity-50"
      >
        <Plus className="h-3.5 w-3.5" /> Add rule
      </button>
      <SavedStrategies game={game} rules={rules} onLoad={onRules} disabled={disabled} />
    </div>
  );
}

import {
  COOL_OFF_DAYS,
  EXCLUSION_MONTHS,
  type RgKind,
  type RgLimitView,
  type RgPeriod,
  type RgView,
} from '@coinsite/shared/schemas/account';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { formatCoins, formatLongDateTime } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { SettingsCard } from './security-settings.tsx';

import { RG_KEY } from './rg-key.ts';
export function useRg() {
  return useQuery({ queryKey: RG_KEY, queryFn: () => http.get<RgView>('/account/limits') });
}

const KIND_LABEL: Record<RgKind, string> = { deposit: 'Deposit', loss: 'Loss', wager: 'Wager' };
const PERIOD_LABEL: Record<RgPeriod, string> = { day: 'Daily', week: 'Weekly', month: 'Monthly' };

function LimitRow({
  limit,
  onSave,
  busy,
}: {
  limit: RgLimitView;
  onSave: (v: number | null) => void;
  busy: boolean;
}) {
  const [value, setValue] = useState(limit.amount === null ? '' : String(limit.amount));
  const label = `${PERIOD_LABEL[limit.period]} ${KIND_LABEL[limit.kind].toLowerCase()} limit`;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = value.trim();
    onSave(v === '' ? null : Number(v));
  };
  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-[4.5rem_minmax(0,9rem)_auto] items-center gap-x-2 gap-y-1 text-sm sm:grid-cols-[4.5rem_9rem_auto_minmax(0,1fr)]"
    >
      <label className="text-ink-300" htmlFor={`rg-${limit.kind}-${limit.period}`}>
        {PERIOD_LABEL[limit.period]}
      </label>
      <input
        id={`rg-${limit.kind}-${limit.period}`}
        aria-label={label}
        inputMode="decimal"
        placeholder="No limit"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        className={`${inputClass} h-9`}
      />
      <Button type="submit" size="sm" variant="secondary" disabled={busy}>
        Set
      </Button>
      <span className="col-span-3 text-xs text-ink-400 sm:col-span-1">
        {limit.amount === null ? 'none' : `used ${formatCoins(limit.used)} of ${formatCoins(limit.amount)}`}
        {limit.pending
          ? ` · ${limit.pending.amount === null ? 'removal' : `raise to ${formatCoins(limit.pending.amount)}`} from ${formatLongDateTime(limit.pending.effectiveAt)}`
          : ''}
      </span>
    </form>
  );
}

/** Issue 16 §4: limits, the reality check, a cool-off and self-exclusion (Settings tab). */
export function ResponsibleGamingSettings() {
  const client = useQueryClient();
  const rg = useRg();
  const action = useAction();
  const busy = action.pending;
  const [cooloff, setCooloff] = useState<number>(COOL_OFF_DAYS[0]);
  const [exclusion, setExclusion] = useState<number | 'permanent'>(EXCLUSION_MONTHS[0]);
  const [minutes, setMinutes] = useState('');
  const loaded = rg.data !== undefined;
  // /profile?tab=settings#rg-cooloff (the reality check's "Take a break"): straight to the cool-off
  useEffect(() => {
    if (!loaded || window.location.hash !== '#rg-cooloff') return;
    const select = document.getElementById('rg-cooloff');
    select?.scrollIntoView({ block: 'center' });
    select?.focus();
  }, [loaded]);

  const send = (path: string, body: unknown, ok: string) =>
    action.run(async () => {
      client.setQueryData(RG_KEY, await http.post<RgView>(path, body));
      toast.success(ok);
    }, 'Could not save. Please try again.');
  const data = rg.data;
  if (!data) return null;
  const block = data.block;
  return (
    <SettingsCard title="Responsible gaming">
      {block ? (
        <p
          role="status"
          className="rounded-lg bg-gold-500/10 px-3 py-2 text-sm text-gold-200 ring-1 ring-gold-500/30"
        >
          {block.kind === 'cool_off' ? 'Cool-off' : 'Self-exclusion'} until{' '}
          {block.until ? formatLongDateTime(block.until) : 'forever (permanent)'}: playing, deposits and chat
          are blocked; withdrawals still work. It cannot be ended early.
        </p>
      ) : null}
      <p className="text-xs text-ink-400">
        Limits in coins per UTC day, week (from Monday) and month. A lower limit applies at once; a higher one
        or removing one (leave it empty) after 24 hours.
      </p>
      {(['deposit', 'loss', 'wager'] as const).map((kind) => (
        <fieldset key={kind} className="flex flex-col gap-2 border-t border-ink-700/70 pt-3">
          <legend className="mb-1 text-sm font-semibold text-white">{KIND_LABEL[kind]} limits</legend>
          {data.limits
            .filter((l) => l.kind === kind)
            .map((l) => (
              <LimitRow
                key={`${l.kind}-${l.period}-${l.amount}-${l.pending?.effectiveAt ?? ''}`}
                limit={l}
                busy={busy}
                onSave={(amount) =>
                  send('/account/limits', { kind: l.kind, period: l.period, amount }, 'Limit saved.')
                }
              />
            ))}
        </fieldset>
      ))}
      <form
        className="flex flex-wrap items-center gap-2 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          const m = minutes.trim();
          void send('/account/reality-check', { minutes: m === '' ? null : Number(m) }, 'Reminder saved.');
        }}
      >
        <label htmlFor="rg-reality" className="text-ink-300">
          Reality check every
        </label>
        <input
          id="rg-reality"
          inputMode="numeric"
          placeholder={data.realityCheckMinutes ? String(data.realityCheckMinutes) : 'off'}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className={`${inputClass} h-9 w-20!`}
        />
        <span className="text-ink-300">minutes</span>
        <Button type="submit" size="sm" variant="secondary" disabled={busy}>
          Set
        </Button>
      </form>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="rg-cooloff" className="text-ink-300">
          Take a break for
        </label>
        <select
          id="rg-cooloff"
          value={cooloff}
          onChange={(e) => setCooloff(Number(e.target.value))}
          className={`${inputClass} h-9 w-36!`}
        >
          {COOL_OFF_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 1 ? '24 hours' : d % 7 === 0 ? `${d / 7} weeks` : `${d} days`}
            </option>
          ))}
        </select>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm('Start a cool-off? It cannot be ended early.'))
              void send('/account/break', { kind: 'cool_off', days: cooloff }, 'Your break has started.');
          }}
        >
          Start cool-off
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <label htmlFor="rg-exclusion" className="text-ink-300">
          Exclude myself for
        </label>
        <select
          id="rg-exclusion"
          value={exclusion}
          onChange={(e) =>
            setExclusion(e.target.value === 'permanent' ? 'permanent' : Number(e.target.value))
          }
          className={`${inputClass} h-9 w-36!`}
        >
          {EXCLUSION_MONTHS.map((m) => (
            <option key={m} value={m}>
              {m < 12 ? `${m} months` : `${m / 12} year${m === 12 ? '' : 's'}`}
            </option>
          ))}
          <option value="permanent">Permanently</option>
        </select>
        <Button
          size="sm"
          variant="danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm('Exclude yourself? It cannot be undone early.'))
              void send(
                '/account/break',
                { kind: 'self_exclusion', months: exclusion === 'permanent' ? null : exclusion },
                'Your self-exclusion has started.',
              );
          }}
        >
          Self-exclude
        </Button>
      </div>
    </SettingsCard>
  );
}

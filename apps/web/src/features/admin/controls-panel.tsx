import { CONTROL_NAMES, type ControlName } from '@coinsite/shared/constants';
import type { ControlsView } from '@coinsite/shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { errorText, toastFailure } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { ADMIN_KEYS, useControls } from './admin-api.ts';
import { PanelMessage } from './panel-parts.tsx';

const CONTROLS: Record<ControlName, { label: string; hint: string }> = {
  maintenance: { label: 'Maintenance', hint: 'On: everyone but admins sees the maintenance page.' },
  login: { label: 'Login', hint: 'Sign-in and registration.' },
  deposits: { label: 'Deposits', hint: 'Every deposit method of the cashier.' },
  withdraws: { label: 'Withdraws', hint: 'New withdrawal requests (admins can still settle them).' },
  coinflip: { label: 'Coinflip', hint: 'New coinflip games.' },
  battles: { label: 'Battles', hint: 'New case battles and joins.' },
  roulette: { label: 'Roulette', hint: 'Roulette bets.' },
  crash: { label: 'Crash', hint: 'Crash bets.' },
  slots: { label: 'Slots', hint: 'Launching slot games and their bets.' },
};

const viewKey = (name: ControlName) => `${name}Enabled` as keyof ControlsView;

function Switch({
  on,
  busy,
  label,
  onToggle,
}: {
  on: boolean;
  busy: boolean;
  label: string;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={label}
      disabled={busy}
      onClick={onToggle}
      className={cn(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full ring-1 transition disabled:opacity-60',
        on ? 'bg-accent-500 ring-accent-400' : 'bg-ink-700 ring-ink-600',
      )}
    >
      <span
        className={cn(
          'absolute flex h-5 w-5 items-center justify-center rounded-full bg-white shadow transition-[left]',
          on ? 'left-6' : 'left-1',
        )}
      >
        {busy ? <Spinner className="h-3 w-3 text-ink-500" /> : null}
      </span>
    </button>
  );
}

/** Site controls: each flag toggles on the server; the switch shows the state it answers with. */
export function ControlsPanel() {
  const query = useControls();
  const client = useQueryClient();
  const [busy, setBusy] = useState<ControlName | null>(null);

  async function toggle(name: ControlName) {
    if (busy) return;
    setBusy(name);
    try {
      const res = await http.post<{ currentState: boolean }>('/external/v1/controls/toggle-state', { name });
      client.setQueryData<ControlsView>(ADMIN_KEYS.controls, (old) =>
        old ? { ...old, [viewKey(name)]: res.currentState } : old,
      );
    } catch (err) {
      toastFailure(err, 'There was an error changing state: ');
    } finally {
      setBusy(null);
    }
  }

  if (query.isPending) return <PanelMessage loading />;
  if (query.isError)
    return <PanelMessage>{errorText(query.error, 'Could not load the site controls.')}</PanelMessage>;
  const view = query.data;
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {CONTROL_NAMES.map((name) => {
        const on = view[viewKey(name)];
        const c = CONTROLS[name];
        return (
          <li
            key={name}
            data-testid={`control-${name}`}
            className="flex items-center gap-3 rounded-xl bg-ink-950/50 p-3 ring-1 ring-ink-700"
          >
            <div className="min-w-0 flex-1">
              <p className="flex items-center gap-2 font-semibold text-white">
                {c.label}
                <span className={cn('text-xs font-bold', on ? 'text-accent-400' : 'text-red-400')}>
                  {on ? 'Enabled' : 'Disabled'}
                </span>
              </p>
              <p className="text-xs text-ink-400">{c.hint}</p>
            </div>
            <Switch on={on} busy={busy === name} label={c.label} onToggle={() => void toggle(name)} />
          </li>
        );
      })}
    </ul>
  );
}

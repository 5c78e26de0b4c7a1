import { TWO_FACTOR_TEXT, type TwoFactorSetup } from '@coinsite/shared/schemas/account';
import { useQueryClient } from '@tanstack/react-query';
import { Laptop, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { useAction } from '../../lib/use-action.ts';
import { formatLongDateTime } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { SECURITY_KEY, SESSIONS_KEY, useSecurity, useSessions } from './account-api.ts';

/** A titled box of the Settings tab. */
export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700 sm:p-5"
    >
      <h2 className="text-base font-bold text-white">{title}</h2>
      {children}
    </section>
  );
}

/** Issue 16 §1: turn two-factor authentication on (QR code + confirming code) or off (a code). */
export function TwoFactorSettings() {
  const client = useQueryClient();
  const security = useSecurity();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState<string[] | null>(null);
  const action = useAction();
  const busy = action.pending;
  const status = security.data?.twoFactor;

  const run = (fn: () => Promise<void>) => action.run(fn, 'Something went wrong. Please try again.');
  const start = () =>
    run(async () => {
      setSetup(await http.post<TwoFactorSetup>('/account/2fa/setup'));
      setCode('');
    });
  const enable = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const res = await http.post<{ message: string; recoveryCodes: string[] }>('/account/2fa/enable', {
        code: code.trim(),
      });
      toast.success(res.message);
      setRecovery(res.recoveryCodes);
      setSetup(null);
      setCode('');
      await client.invalidateQueries({ queryKey: SECURITY_KEY });
    });
  };
  const disable = (e: FormEvent) => {
    e.preventDefault();
    return run(async () => {
      const res = await http.post<{ message: string }>('/account/2fa/disable', {
        twoFactorCode: code.trim(),
      });
      toast.success(res.message);
      setCode('');
      setRecovery(null);
      await client.invalidateQueries({ queryKey: SECURITY_KEY });
    });
  };

  return (
    <SettingsCard title="Two-factor authentication">
      {!status ? (
        <Spinner className="h-5 w-5 text-accent-400" />
      ) : recovery ? (
        <div className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm text-accent-300">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" /> {TWO_FACTOR_TEXT.enabled}
          </p>
          <p className="text-sm text-ink-200">
            Save these recovery codes somewhere safe. Each one works once, in place of a code from your app.
            They are shown only now.
          </p>
          <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 font-mono text-sm text-white">
            {recovery.map((c) => (
              <li key={c} className="rounded-md bg-ink-950/70 px-2 py-1 text-center ring-1 ring-ink-700">
                {c}
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => setRecovery(null)} className="self-start">
            I saved them
          </Button>
        </div>
      ) : status.enabled ? (
        <form onSubmit={disable} className="flex flex-col gap-3">
          <p className="flex items-center gap-2 text-sm text-accent-300">
            <ShieldCheck className="h-4 w-4" aria-hidden="true" /> On · {status.recoveryCodesLeft} recovery
            codes left
          </p>
          <div className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <Field
                label="Code to turn it off"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                maxLength={32}
                placeholder="123456"
                onChange={(e) => setCode(e.target.value)}
              />
            </div>
            <Button type="submit" variant="danger" className="h-11" loading={busy} disabled={busy}>
              Turn off
            </Button>
          </div>
        </form>
      ) : setup ? (
        <form onSubmit={enable} className="flex flex-col gap-3 sm:flex-row sm:items-start sm:gap-5">
          <img
            src={setup.qr}
            alt="QR code for your authenticator app"
            width={176}
            height={176}
            className="h-44 w-44 self-center rounded-lg bg-white p-1 sm:self-start"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <p className="text-sm text-ink-200">
              Scan the QR code with an authenticator app (Google Authenticator, Authy, 1Password…), or enter
              this key:
            </p>
            <code
              aria-label="Setup key"
              className="break-all rounded-md bg-ink-950/70 px-2 py-1 font-mono text-sm text-white ring-1 ring-ink-700"
            >
              {setup.secret}
            </code>
            <Field
              label="Code from the app"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              maxLength={6}
              placeholder="123456"
              onChange={(e) => setCode(e.target.value)}
            />
            <div className="flex gap-2">
              <Button type="submit" loading={busy} disabled={busy || code.trim().length !== 6}>
                Turn on
              </Button>
              <Button variant="ghost" onClick={() => setSetup(null)}>
                Cancel
              </Button>
            </div>
          </div>
        </form>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="flex items-center gap-2 text-sm text-ink-300">
            <ShieldOff className="h-4 w-4" aria-hidden="true" /> Off. A code from your phone will be asked at
            sign-in, for withdrawals and for account changes.
          </p>
          <Button onClick={start} loading={busy} disabled={busy} className="shrink-0">
            Set up 2FA
          </Button>
        </div>
      )}
    </SettingsCard>
  );
}

/** Issue 16 §3: the active sessions, with revoke one and revoke all others. */
export function SessionsSettings() {
  const client = useQueryClient();
  const sessions = useSessions();
  const action = useAction();
  const busy = action.pending;
  const revoke = (path: string) =>
    action.run(async () => {
      await http.post(path);
      toast.success('Signed out.');
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
    }, 'Could not sign that session out.');
  const list = sessions.data?.sessions ?? [];
  return (
    <SettingsCard title="Active sessions">
      {sessions.isPending ? <Spinner className="h-5 w-5 text-accent-400" /> : null}
      <ul className="flex flex-col gap-2">
        {list.map((s) => (
          <li
            key={s.id}
            className="flex items-center gap-3 rounded-lg bg-ink-950/50 px-3 py-2 text-sm ring-1 ring-ink-700"
          >
            <Laptop className="h-4 w-4 shrink-0 text-ink-400" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="truncate font-semibold text-white">
                {s.device}
                {s.current ? (
                  <span className="ml-2 text-xs font-medium text-accent-300">This device</span>
                ) : null}
              </p>
              <p className="truncate text-xs text-ink-400">
                {s.ip || 'unknown address'} · last seen {formatLongDateTime(s.lastSeen)}
              </p>
            </div>
            {s.current ? null : (
              <Button
                size="sm"
                variant="secondary"
                disabled={busy}
                aria-label={`Sign out ${s.device}`}
                onClick={() => revoke(`/account/sessions/${s.id}/revoke`)}
              >
                Sign out
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.length > 1 ? (
        <Button
          variant="danger"
          className="self-start"
          disabled={busy}
          onClick={() => revoke('/account/sessions/revoke-others')}
        >
          Sign out all other sessions
        </Button>
      ) : null}
    </SettingsCard>
  );
}

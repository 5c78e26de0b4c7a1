import { ACCOUNT_TEXT } from '@coinsite/shared/schemas/account';
import { useQueryClient } from '@tanstack/react-query';
import { MailCheck, MailWarning } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { toastApiError } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, PasswordField } from '../../ui/input.tsx';
import { SECURITY_KEY, SESSIONS_KEY, useSecurity } from './account-api.ts';
import { SettingsCard } from './security-settings.tsx';

/** The code field shown when the account has 2FA on. */
function CodeField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Field
      label="Authentication code"
      inputMode="numeric"
      autoComplete="one-time-code"
      value={value}
      maxLength={32}
      placeholder="123456"
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Issue 16 §2: the address (verified or not, resend, change) and the password change. */
/** A form's submit: spinning while its own request runs, disabled while any of the card's runs. */
function SubmitButton({ which, busy, children }: { which: string; busy: string | null; children: string }) {
  return (
    <Button
      type="submit"
      variant="secondary"
      className="self-start"
      loading={busy === which}
      disabled={busy !== null}
    >
      {children}
    </Button>
  );
}

export function CredentialsSettings() {
  const client = useQueryClient();
  const security = useSecurity();
  const data = security.data;
  const twoFactor = data?.twoFactor.enabled ?? false;
  const [busy, setBusy] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [passwordCode, setPasswordCode] = useState('');

  async function run(name: string, fn: () => Promise<string>) {
    if (busy) return;
    setBusy(name);
    try {
      toast.success(await fn());
    } catch (err) {
      toastApiError(err, 'Something went wrong. Please try again.');
    } finally {
      setBusy(null);
    }
  }
  const resend = () =>
    run('resend', async () => (await http.post<{ message: string }>('/account/verify-email/resend')).message);
  const changeEmail = (e: FormEvent) => {
    e.preventDefault();
    void run('email', async () => {
      const res = await http.post<{ message: string }>('/account/email', {
        newEmail: newEmail.trim(),
        password: emailPassword,
        ...(twoFactor ? { twoFactorCode: emailCode.trim() } : {}),
      });
      setNewEmail('');
      setEmailPassword('');
      setEmailCode('');
      return res.message;
    });
  };
  const changePassword = (e: FormEvent) => {
    e.preventDefault();
    void run('password', async () => {
      const res = await http.post<{ message: string }>('/account/password', {
        currentPassword: current,
        newPassword: next,
        ...(twoFactor ? { twoFactorCode: passwordCode.trim() } : {}),
      });
      setCurrent('');
      setNext('');
      setPasswordCode('');
      await client.invalidateQueries({ queryKey: SESSIONS_KEY });
      await client.invalidateQueries({ queryKey: SECURITY_KEY });
      return res.message;
    });
  };

  if (!data) return null;
  return (
    <>
      <SettingsCard title="Email address">
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="flex min-w-0 items-center gap-2 text-ink-200">
            {data.emailVerified ? (
              <MailCheck className="h-4 w-4 shrink-0 text-accent-400" aria-hidden="true" />
            ) : (
              <MailWarning className="h-4 w-4 shrink-0 text-gold-400" aria-hidden="true" />
            )}
            <span className="truncate font-semibold text-white">
              {data.email ?? 'No email (Steam account)'}
            </span>
            {data.email ? (
              <span className={data.emailVerified ? 'text-accent-300' : 'text-gold-300'}>
                {data.emailVerified ? 'Confirmed' : 'Not confirmed'}
              </span>
            ) : null}
          </span>
          {data.email && !data.emailVerified ? (
            <Button size="sm" variant="secondary" onClick={resend} disabled={busy !== null}>
              Send the link again
            </Button>
          ) : null}
        </div>
        {data.email && !data.emailVerified ? (
          <p className="text-xs text-ink-400">{ACCOUNT_TEXT.verifyFirst}</p>
        ) : null}
        {data.hasPassword ? (
          <form onSubmit={changeEmail} className="flex flex-col gap-3">
            <EmailField label="New email" value={newEmail} onValue={setNewEmail} />
            <PasswordField which="current" value={emailPassword} onValue={setEmailPassword} />
            {twoFactor ? <CodeField value={emailCode} onChange={setEmailCode} /> : null}
            <SubmitButton which="email" busy={busy}>
              Change email
            </SubmitButton>
          </form>
        ) : null}
      </SettingsCard>
      {data.hasPassword ? (
        <SettingsCard title="Password">
          <form onSubmit={changePassword} className="flex flex-col gap-3">
            <PasswordField which="current" label="Current password" value={current} onValue={setCurrent} />
            <PasswordField
              which="new"
              label="New password"
              value={next}
              onValue={setNext}
              hint="Changing it signs out every other session."
            />
            {twoFactor ? <CodeField value={passwordCode} onChange={setPasswordCode} /> : null}
            <SubmitButton which="password" busy={busy}>
              Change password
            </SubmitButton>
          </form>
        </SettingsCard>
      ) : null}
    </>
  );
}

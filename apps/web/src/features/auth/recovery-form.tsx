import { TEXT } from '@coinsite/shared/messages';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { toastApiError } from '../../lib/errors.ts';
import { HttpError, http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, PasswordField } from '../../ui/input.tsx';
import { botCheck } from './recaptcha.ts';

interface RecoveryFormProps {
  initialEmail?: string;
  initialCode?: string;
  onBackToLogin: () => void;
}

function isExpiredCode(err: unknown): boolean {
  if (!(err instanceof HttpError)) return false;
  const body = err.body;
  return typeof body === 'object' && body !== null && 'code' in body && body.code === true;
}

/** Password recovery: request a security code by email, then set a new password with it. */
export function RecoveryForm({ initialEmail = '', initialCode = '', onBackToLogin }: RecoveryFormProps) {
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState(initialCode);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [codeSent, setCodeSent] = useState(initialCode.length > 0);
  const { pending, run } = useAction({ onBusy: () => toast.error(TEXT.recoveryPending) });

  function requestCode(event: FormEvent) {
    event.preventDefault();
    void run(async () => {
      const recaptcha = await botCheck('forgot_password');
      if (recaptcha === undefined) return;
      await http.post('/auth/registration/forgot_password', { email, recaptcha });
      toast.success(TEXT.resetMailSent);
      setCodeSent(true);
    }, 'Could not send the security code. Please try again.');
  }

  function resetPassword(event: FormEvent) {
    event.preventDefault();
    if (password !== confirm) {
      toast.error(TEXT.passwordsNotEqual);
      return;
    }
    void run(
      async () => {
        const recaptcha = await botCheck('reset_password');
        if (recaptcha === undefined) return;
        await http.post('/auth/registration/reset_password', { email, code, password, recaptcha });
        toast.success(TEXT.passwordReset);
        onBackToLogin();
      },
      (err) => {
        if (isExpiredCode(err)) setCode('');
        toastApiError(err, 'Could not reset your password. Please try again.');
      },
    );
  }

  const toggle = (
    <button
      type="button"
      aria-pressed={showPassword}
      onClick={() => setShowPassword((v) => !v)}
      className="rounded-md px-2 py-1 text-xs font-semibold text-ink-300 hover:bg-ink-700 hover:text-white"
    >
      {showPassword ? 'Hide' : 'Show'}
    </button>
  );

  return (
    <form onSubmit={codeSent ? resetPassword : requestCode} className="flex flex-col gap-4" noValidate>
      <p className="text-sm text-ink-300">
        {codeSent
          ? 'Enter the security token from the email we sent you and choose a new password.'
          : "Enter your account's email and we will send you a security code to reset your password."}
      </p>
      <EmailField value={email} onValue={setEmail} placeholder="you@example.com" required />
      {codeSent ? (
        <>
          <Field
            label="Security Token"
            autoComplete="one-time-code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="Code from the email"
            required
          />
          <PasswordField
            which="new"
            shown={showPassword}
            label="New Password"
            value={password}
            onValue={setPassword}
            placeholder="At least 8 characters"
            trailing={toggle}
            required
          />
          <PasswordField
            which="new"
            shown={showPassword}
            label="Confirm Password"
            value={confirm}
            onValue={setConfirm}
            placeholder="Type it again"
            required
          />
        </>
      ) : null}
      <Button type="submit" size="lg" loading={pending}>
        {codeSent ? 'Reset Password' : 'Send Security Code'}
      </Button>
      {codeSent ? (
        <Button variant="link" className="self-center" onClick={() => setCodeSent(false)}>
          Send a new code
        </Button>
      ) : null}
      <p className="text-center text-sm text-ink-300">
        Remember your password?{' '}
        <Button variant="link" onClick={onBackToLogin}>
          Sign in
        </Button>
      </p>
    </form>
  );
}

import { TWO_FACTOR_TEXT } from '@coinsite/shared/schemas/account';
import { TEXT } from '@coinsite/shared/messages';
import { type FormEvent, useState } from 'react';
import { toastApiError } from '../../lib/errors.ts';
import { HttpError, http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { EmailField, Field, PasswordField } from '../../ui/input.tsx';
import { botCheck } from './recaptcha.ts';
import { useFinishAuth } from './use-finish-auth.ts';

interface LoginFormProps {
  onForgotPassword: (email: string) => void;
}

export function LoginForm({ onForgotPassword }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending, run } = useAction();
  // issue 16: shown once the server says this account has two-factor authentication on
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const finish = useFinishAuth();

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        const recaptcha = await botCheck('login');
        if (recaptcha === undefined) return;
        const res = await http.post<{ redirect?: string }>('/auth/registration/login', {
          email,
          password,
          recaptcha,
          ...(needsCode ? { twoFactorCode: code.trim() } : {}),
        });
        await finish(TEXT.loggedIn, res.redirect);
      },
      (err) => {
        if (err instanceof HttpError && (err.body as { twoFactor?: boolean } | null)?.twoFactor) {
          if (needsCode) toastApiError(err, TWO_FACTOR_TEXT.invalid);
          setNeedsCode(true);
          setCode('');
          return;
        }
        toastApiError(err, 'Could not sign in. Please try again.');
      },
    );
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <EmailField value={email} onValue={setEmail} placeholder="you@example.com" required />
      <PasswordField
        which="current"
        value={password}
        onValue={setPassword}
        placeholder="Your password"
        required
      />
      {needsCode ? (
        <Field
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          autoFocus
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="123456"
          maxLength={32}
          hint={TWO_FACTOR_TEXT.required}
        />
      ) : null}
      <div className="-mt-1 flex justify-end">
        <Button variant="link" onClick={() => onForgotPassword(email)}>
          Forgot Password?
        </Button>
      </div>
      <p className="text-xs leading-relaxed text-ink-400">
        By signing in you confirm that you are at least 18 years old, that you live where this site is
        permitted, and that you accept our Terms of Service. Credits have no cash value.
      </p>
      <Button type="submit" size="lg" loading={pending} disabled={pending}>
        Sign In
      </Button>
    </form>
  );
}

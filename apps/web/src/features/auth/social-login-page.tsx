import { TWO_FACTOR_TEXT } from '@coinsite/shared/schemas/account';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText, toastApiError } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { isTwoFactorError } from '../account/account-api.ts';
import { useAuthStore } from './auth-store.ts';

/** Long enough to read 'Redirecting...', short enough not to wait for it. */
const REDIRECT_PAUSE_MS = 300;

type Phase = 'authenticating' | 'redirecting' | 'error' | 'code';

/** /login/:provider? — exchanges the one-time `?token=` for a session (spec-3 §2.14). */
export function SocialLoginPage() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useAuthStore((s) => s.login);
  const code = params.get('token');
  // A provider that refused the sign-in sends the reason back instead of a token.
  const refused = params.get('error');
  const [phase, setPhase] = useState<Phase>(refused ? 'error' : 'authenticating');
  const [error, setError] = useState(refused ?? '');
  const started = useRef<string | null>(null);
  const [twoFactorCode, setTwoFactorCode] = useState('');

  const exchange = useCallback(
    async (token: string, second?: string) => {
      try {
        const res = await http.post<{ token: string }>('/auth/exchange-token', {
          token,
          ...(second ? { twoFactorCode: second } : {}),
        });
        await login(res.token);
        if (!useAuthStore.getState().isAuthenticated) throw new Error('Could not load your account.');
        setPhase('redirecting');
        setTimeout(() => void navigate('/', { replace: true }), REDIRECT_PAUSE_MS);
      } catch (err) {
        // issue 16: an account with 2FA on confirms this sign-in with a code (the link stays unused)
        if (isTwoFactorError(err)) {
          if (second) toastApiError(err, TWO_FACTOR_TEXT.invalid);
          setTwoFactorCode('');
          setPhase('code');
          return;
        }
        setError(errorText(err, err instanceof Error ? err.message : 'Sign-in failed. Please try again.'));
        setPhase('error');
      }
    },
    [login, navigate],
  );

  useEffect(() => {
    if (refused) return;
    if (!code) {
      if (provider) {
        window.location.assign(`/api/auth/${encodeURIComponent(provider)}`);
      } else {
        setError('This sign-in link is missing its token. Please sign in again.');
        setPhase('error');
      }
      return;
    }
    // The code is single-use: never send it twice (StrictMode runs effects twice in dev).
    if (started.current === code) return;
    started.current = code;
    void exchange(code);
  }, [code, refused, provider, exchange]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center animate-fade-in">
      {phase === 'code' && code ? (
        <form
          className="flex w-full max-w-xs flex-col gap-3 text-left"
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            void exchange(code, twoFactorCode.trim());
          }}
        >
          <Field
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            value={twoFactorCode}
            maxLength={32}
            placeholder="123456"
            onChange={(e) => setTwoFactorCode(e.target.value)}
            hint={TWO_FACTOR_TEXT.required}
          />
          <Button type="submit">Sign In</Button>
        </form>
      ) : phase === 'error' ? (
        <>
          <p
            role="alert"
            className="max-w-sm rounded-xl border border-red-500/30 bg-red-500/10 px-4 py-3 text-red-200"
          >
            {error}
          </p>
          <Link to="/home?login" className="text-sm font-semibold text-accent-400 hover:underline">
            Back to sign in
          </Link>
        </>
      ) : (
        <>
          <Spinner className="h-8 w-8 text-accent-400" />
          <p className="text-lg font-semibold text-white">
            {phase === 'redirecting' ? 'Redirecting...' : 'Authenticating...'}
          </p>
        </>
      )}
    </div>
  );
}

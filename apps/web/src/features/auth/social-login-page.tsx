import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from './auth-store.ts';

/** Long enough to read 'Redirecting...', short enough not to wait for it. */
const REDIRECT_PAUSE_MS = 300;

type Phase = 'authenticating' | 'redirecting' | 'error';

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
    void (async () => {
      try {
        const res = await http.post<{ token: string }>('/auth/exchange-token', { token: code });
        await login(res.token);
        if (!useAuthStore.getState().isAuthenticated) throw new Error('Could not load your account.');
        setPhase('redirecting');
        setTimeout(() => void navigate('/', { replace: true }), REDIRECT_PAUSE_MS);
      } catch (err) {
        setError(errorText(err, err instanceof Error ? err.message : 'Sign-in failed. Please try again.'));
        setPhase('error');
      }
    })();
  }, [code, refused, provider, login, navigate]);

  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center animate-fade-in">
      {phase === 'error' ? (
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

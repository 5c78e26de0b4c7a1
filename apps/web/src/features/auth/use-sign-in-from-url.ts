import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { openDialog, useDialogStore } from '../../lib/dialog-store.ts';
import { useAuthStore } from './auth-store.ts';

const AUTH_PARAMS = ['login', 'email', 'code'] as const;

/**
 * `?login` opens the sign-in dialog (`?login=register` on the Registration tab); `?email=` (and
 * `&code=`) opens the recovery view prefilled. A signed-in user is sent to '/' instead.
 */
export function useSignInFromUrl(): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);

  const hasLogin = params.has('login');
  const email = params.get('email');
  const code = params.get('code');
  const loginValue = params.get('login');

  useEffect(() => {
    if (!hasLogin && email === null) return;
    if (isLoading) return;
    if (isAuthenticated) {
      void navigate('/', { replace: true });
      return;
    }
    if (useDialogStore.getState().current?.name === 'signIn') return;
    if (email !== null) {
      openDialog({ name: 'signIn', view: 'recovery', email, code: code ?? undefined });
    } else {
      openDialog({ name: 'signIn', view: loginValue === 'register' ? 'register' : 'login' });
    }
  }, [hasLogin, email, code, loginValue, isAuthenticated, isLoading, navigate]);
}

/** Removes the sign-in parameters from the address (after the dialog closes). */
export function useStripSignInParams(): () => void {
  const [params, setParams] = useSearchParams();
  return () => {
    if (!AUTH_PARAMS.some((p) => params.has(p))) return;
    const next = new URLSearchParams(params);
    for (const p of AUTH_PARAMS) next.delete(p);
    setParams(next, { replace: true });
  };
}

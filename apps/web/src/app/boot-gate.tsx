import { SITE_CHECK_COUNTDOWN_MS } from '@coinsite/shared/constants';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthStore } from '../features/auth/auth-store.ts';
import { LoadingScreen } from '../features/site/loading-screen.tsx';
import { checkSite, scheduleReload } from '../features/site/site-check.ts';
import { useSiteStore } from '../lib/site-store.ts';
import { useIsDesktop } from '../lib/use-media-query.ts';
import { lazyPage } from './lazy.tsx';

// only the rare paths need these: chunks of their own
const SocialLoginPage = lazyPage(() => import('../features/auth/social-login-page.tsx'), 'SocialLoginPage');
const ChatPanel = lazyPage(() => import('../features/chat/chat-panel.tsx'), 'ChatPanel');
const MaintenancePage = lazyPage(() => import('../features/site/maintenance-page.tsx'), 'MaintenancePage');

let started = false;

/**
 * Loading screen → GET /api/site → the app, the maintenance page or a reload. The app shows as soon
 * as the site check answers (issue 29: no forced minimum on every cold load); the 1 s countdown
 * (spec-2 §2) only paces the retry after a failed check.
 */
export function BootGate({ children }: { children: ReactNode }) {
  const status = useSiteStore((s) => s.status);
  const [countdownDone, setCountdownDone] = useState(false);
  const [retryIn, setRetryIn] = useState<number | null>(null);
  const desktop = useIsDesktop();
  const signingIn = useLocation().pathname.startsWith('/login');
  const signedIn = useAuthStore((s) => s.isAuthenticated && !s.isLoading);

  // Staff signed in from the maintenance page: check again (an admin gets 200 and the app). Not while
  // the sign-in page is still exchanging its one-time token, which the app must not see twice.
  useEffect(() => {
    if (status === 'maintenance' && signedIn && !signingIn) void checkSite();
  }, [status, signedIn, signingIn]);

  useEffect(() => {
    const timer = setTimeout(() => setCountdownDone(true), SITE_CHECK_COUNTDOWN_MS);
    if (!started) {
      started = true;
      void checkSite();
    }
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (status !== 'unreachable' || !countdownDone) return;
    const { delayMs, cancel } = scheduleReload();
    const until = Date.now() + delayMs;
    setRetryIn(Math.ceil(delayMs / 1000));
    const tick = setInterval(() => setRetryIn(Math.max(0, Math.ceil((until - Date.now()) / 1000))), 250);
    return () => {
      cancel();
      clearInterval(tick);
    };
  }, [status, countdownDone]);

  if (status === 'checking') return <LoadingScreen />;
  if (status === 'unreachable')
    return countdownDone ? <LoadingScreen retryInSeconds={retryIn ?? 0} /> : <LoadingScreen />;
  if (status === 'maintenance') {
    // the sign-in return (`/login/{provider}?token=`) is exchanged here too, so staff can get in
    if (signingIn) {
      return (
        <div className="h-dvh bg-ink-900">
          <SocialLoginPage />
        </div>
      );
    }
    return (
      <MaintenancePage
        chat={
          desktop ? (
            <aside className="w-80 shrink-0 border-l border-ink-700">
              <ChatPanel standalone />
            </aside>
          ) : null
        }
      />
    );
  }
  return children;
}

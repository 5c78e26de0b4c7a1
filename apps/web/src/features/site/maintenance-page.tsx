import { TEXT } from '@coinsite/shared/messages';
import { Wrench } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { openDialog, useDialogStore } from '../../lib/dialog-store.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { SignInDialog } from '../auth/sign-in-dialog.tsx';
import { useSignInFromUrl, useStripSignInParams } from '../auth/use-sign-in-from-url.ts';
import { Logo } from '../../ui/logo.tsx';
import { SocialLinks } from './social-links.tsx';

/**
 * Shown instead of the app while the site is under maintenance (spec-2). A discreet Staff sign-in
 * opens the normal sign-in dialog: the auth routes stay open during maintenance, and once an admin
 * is signed in the site check answers 200 and the app shows (the boot gate checks again). The app's
 * dialog host is not mounted here, so this page shows the sign-in dialog itself, also for the chat's
 * Sign in and Sign up links (`?login`).
 */
export function MaintenancePage({ chat }: { chat?: ReactNode }) {
  const current = useDialogStore((s) => s.current);
  const serial = useDialogStore((s) => s.serial);
  const close = useDialogStore((s) => s.close);
  const stripSignInParams = useStripSignInParams();
  // the app's session is not mounted here: load the stored session's user (GET /user stays open
  // in maintenance) so a signed-in player is not offered a staff sign-in (issue 28 item 3)
  const signedIn = useAuthStore((s) => s.token !== null);
  const username = useAuthStore((s) => s.user?.username ?? null);
  useEffect(() => {
    const auth = useAuthStore.getState();
    if (auth.token !== null && auth.user === null) void auth.loadUser();
  }, []);
  useSignInFromUrl();
  return (
    <div className="flex h-dvh bg-ink-900">
      <main className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center animate-fade-in">
        <Logo className="text-2xl" />
        <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-gold-400/10 text-gold-400 ring-1 ring-gold-400/30">
          <Wrench className="h-8 w-8" aria-hidden="true" />
        </div>
        <h1 className="max-w-xl text-xl font-bold text-white sm:text-2xl">{TEXT.maintenance}</h1>
        <SocialLinks withLabels className="gap-3" />
        {signedIn ? (
          username ? (
            <p className="mt-4 text-xs text-ink-400" data-testid="maintenance-signed-in">
              Signed in as <span className="font-semibold text-ink-200">{username}</span>
            </p>
          ) : null
        ) : (
          <button
            type="button"
            onClick={() => openDialog({ name: 'signIn', view: 'login' })}
            className="mt-4 text-xs text-ink-400 underline-offset-4 transition hover:text-ink-200 hover:underline"
          >
            Staff sign-in
          </button>
        )}
        {current?.name === 'signIn' ? (
          <SignInDialog
            key={serial}
            open
            onOpenChange={(open) => {
              if (open) return;
              stripSignInParams();
              close();
            }}
            initialView={current.view}
            email={current.email}
            code={current.code}
          />
        ) : null}
      </main>
      {chat}
    </div>
  );
}

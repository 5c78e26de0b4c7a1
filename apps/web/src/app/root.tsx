import { useState } from 'react';
import { Outlet } from 'react-router';
import { useRealityCheck, useRealityCheckEvents } from '../features/account/reality-check-store.ts';
import { useAuthStore } from '../features/auth/auth-store.ts';
import { BootGate } from './boot-gate.tsx';
import { DialogHost } from './dialog-host.tsx';
import { lazyPage } from './lazy.tsx';
import { Session } from './session.tsx';

// both dialogs load the first time they have something to say (the first load stays small)
const SignedOutDialog = lazyPage(
  () => import('../features/auth/signed-out-dialog.tsx'),
  'SignedOutDialog',
  null,
);
const RealityCheckDialog = lazyPage(
  () => import('../features/account/reality-check-dialog.tsx'),
  'RealityCheckDialog',
  null,
);

/** Whether `on` has been true once (then the component stays mounted for its close animation). */
function useOnce(on: boolean): boolean {
  const [seen, setSeen] = useState(on);
  if (on && !seen) setSeen(true);
  return seen || on;
}

/** The shell's reality-check listener, once the site check has passed (as the dialog used to be). */
function RealityCheckEvents() {
  useRealityCheckEvents();
  return null;
}

/** Everything inside the router: the site check first, then the session and the screens. */
export function Root() {
  const signedOut = useOnce(useAuthStore((s) => s.ended !== null));
  const realityCheck = useOnce(useRealityCheck((s) => s.view !== null));
  return (
    <BootGate>
      <Session />
      <RealityCheckEvents />
      <Outlet />
      <DialogHost />
      {signedOut ? <SignedOutDialog /> : null}
      {realityCheck ? <RealityCheckDialog /> : null}
    </BootGate>
  );
}

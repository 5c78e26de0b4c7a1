import { Outlet } from 'react-router';
import { BootGate } from './boot-gate.tsx';
import { DialogHost } from './dialog-host.tsx';
import { Session } from './session.tsx';

/** Everything inside the router: the site check first, then the session and the screens. */
export function Root() {
  return (
    <BootGate>
      <Session />
      <Outlet />
      <DialogHost />
    </BootGate>
  );
}

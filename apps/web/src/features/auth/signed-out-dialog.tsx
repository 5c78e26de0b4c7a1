import { openDialog } from '../../lib/dialog-store.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { useAuthStore } from './auth-store.ts';

/**
 * Issue 26 §7: the server ended this browser's session (from another device, a password change,
 * expiry). The header has already gone back to a visitor's; this says why. A ban goes to /banned
 * instead.
 */
export function SignedOutDialog() {
  const ended = useAuthStore((s) => s.ended);
  const dismiss = useAuthStore((s) => s.dismissEnded);
  const open = ended !== null && ended.reason !== 'banned';
  return (
    <AppDialog
      open={open}
      onOpenChange={(o) => {
        if (!o) dismiss();
      }}
      title={ended?.reason === 'expired' ? 'Session expired' : 'Signed out'}
      width="max-w-sm"
      footer={
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={dismiss}>
            OK
          </Button>
          <Button
            onClick={() => {
              dismiss();
              openDialog({ name: 'signIn', view: 'login' });
            }}
          >
            Sign in again
          </Button>
        </div>
      }
    >
      <p className="text-sm text-ink-200" data-testid="signed-out-reason">
        {ended?.message}
      </p>
    </AppDialog>
  );
}

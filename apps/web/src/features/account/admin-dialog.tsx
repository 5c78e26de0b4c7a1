import { RANK } from '@coinsite/shared/constants';
import { ShieldAlert } from 'lucide-react';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { AdminPanel } from '../admin/admin-panel.tsx';
import { useAuthStore } from '../auth/auth-store.ts';

/** The admin panel (spec-2: max width 1000px, signed-in rank 5 only). */
export function AdminDialog({ open, onOpenChange }: DialogProps) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const rank = useAuthStore((s) => s.user?.rank);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Admin" width="max-w-[1000px]">
      {!signedIn ? (
        <LoginRequired message="Please log in to view the admin panel." />
      ) : rank === RANK.admin ? (
        <AdminPanel />
      ) : rank === undefined ? (
        <div className="flex justify-center py-10 text-accent-400">
          <Spinner className="h-7 w-7" />
        </div>
      ) : (
        <div className="flex flex-col items-center gap-3 py-6 text-center text-ink-200">
          <ShieldAlert className="h-8 w-8 text-red-400" aria-hidden="true" />
          <p>Only admins can view the admin panel.</p>
        </div>
      )}
    </AppDialog>
  );
}

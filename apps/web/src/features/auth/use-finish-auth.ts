import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { closeDialog } from '../../lib/dialog-store.ts';

const REDIRECT_DELAY_MS = 1000;

/**
 * After a successful login or registration: toast, then after 1 s follow the server's redirect
 * (`/login/local?token=<code>`), which the social-login page exchanges for a session.
 */
export function useFinishAuth(): (message: string, redirect: string | undefined) => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    (message, redirect) => {
      toast.success(message);
      return new Promise<void>((resolve) => {
        setTimeout(() => {
          closeDialog();
          const target = redirect ?? '/';
          if (target.startsWith('/') && !target.startsWith('/api/')) void navigate(target);
          else window.location.assign(target);
          resolve();
        }, REDIRECT_DELAY_MS);
      });
    },
    [navigate],
  );
}

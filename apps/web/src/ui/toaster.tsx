import { TOAST_MS } from '@coinsite/shared/constants';
import { Toaster as Sonner } from 'sonner';

/** Toasts at bottom-left, dismissed after 4500 ms (spec-2 app shell). */
export function Toaster() {
  return (
    <Sonner
      position="bottom-left"
      duration={TOAST_MS}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

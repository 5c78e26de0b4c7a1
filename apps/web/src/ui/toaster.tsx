import { TOAST_MS } from '@coinsite/shared/constants';
import { Toaster as Sonner } from 'sonner';
import { useIsDesktop } from '../lib/use-media-query.ts';

/**
 * Toasts at bottom-left, dismissed after 4500 ms (spec-2 app shell). Below the desktop breakpoint
 * the chat panel fills the screen and its input sits at the bottom, so toasts come from the top there.
 */
export function Toaster() {
  const desktop = useIsDesktop();
  return (
    <Sonner
      position={desktop ? 'bottom-left' : 'top-center'}
      duration={TOAST_MS}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

import { TOAST_MS } from '@coinsite/shared/constants';
import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { markToasterMounted } from '../lib/toast.ts';
import { useIsDesktop } from '../lib/use-media-query.ts';

/**
 * Toasts dismissed after 4500 ms (spec-2 app shell). The spec's bottom-left put them over the game
 * panels' controls (Start Autobet, the session counters): on a desktop they come top-right, under
 * the header, over the chat's head rather than a control (issue 28 item 10). Below the desktop
 * breakpoint the chat panel fills the screen and its input sits at the bottom, so toasts come from
 * the top there too.
 */
export function Toaster() {
  const desktop = useIsDesktop();
  useEffect(markToasterMounted, []);
  return (
    <Sonner
      position={desktop ? 'top-right' : 'top-center'}
      offset={desktop ? { top: 112, right: 8 } : undefined}
      duration={TOAST_MS}
      theme="dark"
      richColors
      closeButton
      toastOptions={{ className: 'font-sans' }}
    />
  );
}

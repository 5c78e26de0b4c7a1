import { useSyncExternalStore } from 'react';

/** True while the media query matches; re-renders when it changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The breakpoint where the full navigation bar and the chat side panel appear (Tailwind lg). */
export const DESKTOP_QUERY = '(min-width: 1024px)';
export const useIsDesktop = (): boolean => useMediaQuery(DESKTOP_QUERY);

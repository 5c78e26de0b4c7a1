import { useIsDesktop } from '../../lib/use-media-query.ts';
import { DesktopNav } from './desktop-nav.tsx';
import { MobileNav } from './mobile-nav.tsx';

/** One bar at a time, so every control and test id exists once on the page. */
export function NavBar() {
  return useIsDesktop() ? <DesktopNav /> : <MobileNav />;
}

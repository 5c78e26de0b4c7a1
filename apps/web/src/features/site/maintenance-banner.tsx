import { useSiteStore } from '../../lib/site-store.ts';

/** The server answered 200 with maintenance on: only admins get this far. */
export function MaintenanceBanner() {
  const on = useSiteStore((s) => s.maintenanceEnabled);
  if (!on) return null;
  return (
    <div
      role="status"
      className="shrink-0 bg-gold-500/15 px-4 py-1.5 text-center text-xs font-semibold text-gold-300"
    >
      Maintenance mode is on: players see the maintenance page.
    </div>
  );
}

import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';

const base =
  'inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition whitespace-nowrap outline-none';

/** A route link of the bar, highlighted when active. */
export function BarLink({ to, icon, children }: { to: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(base, isActive ? 'bg-ink-700 text-white' : 'text-ink-200 hover:bg-ink-700/70 hover:text-white')
      }
    >
      {icon}
      {children}
    </NavLink>
  );
}

/** A bar entry that opens a dialog. */
export function BarButton({
  onClick,
  icon,
  children,
  className,
}: {
  onClick: () => void;
  icon?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={cn(base, 'text-ink-200 hover:bg-ink-700/70 hover:text-white', className)}
    >
      {icon}
      {children}
    </button>
  );
}

/** Small entries of the utility strip above the bar. */
export function StripLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <NavLink
      to={to}
      className={({ isActive }) =>
        cn(
          'rounded px-2 py-1 text-xs font-medium transition',
          isActive ? 'text-white' : 'text-ink-400 hover:text-white',
        )
      }
    >
      {children}
    </NavLink>
  );
}

export function StripButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded px-2 py-1 text-xs font-medium text-ink-400 transition hover:text-white"
    >
      {children}
    </button>
  );
}

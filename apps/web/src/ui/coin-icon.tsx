import { useId } from 'react';
import { cn } from '../lib/cn.ts';

/** The site's coin: a small gold disc. */
export function CoinIcon({ className }: { className?: string }) {
  const id = useId();
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={cn('h-4 w-4 shrink-0', className)}>
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#fde68a" />
          <stop offset="1" stopColor="#d97706" />
        </linearGradient>
      </defs>
      <circle cx="12" cy="12" r="11" fill={`url(#${id})`} />
      <circle cx="12" cy="12" r="7.5" fill="none" stroke="#92400e" strokeOpacity=".45" strokeWidth="1.5" />
      <path
        d="M14.6 9.3a3.4 3.4 0 1 0 0 5.4"
        fill="none"
        stroke="#78350f"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}

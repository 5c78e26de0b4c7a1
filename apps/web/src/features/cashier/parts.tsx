import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';
import type { TileLook } from './methods.ts';
import { PaymentMark } from '../../ui/payment-marks.tsx';

/** The coloured badge of a payment method. */
export function MethodMark({ look, className }: { look: TileLook; className?: string }) {
  return <PaymentMark id={look.mark} className={cn('h-9 w-9 shrink-0', className)} />;
}

/** Marks test mode so nobody mistakes sandbox money for real money (DESIGN.md §1). */
export function SandboxBadge({ title = 'Sandbox: test payments, no real money moves.' }: { title?: string }) {
  return (
    <span
      title={title}
      className="inline-flex items-center gap-1 rounded-md bg-gold-500 px-1.5 py-0.5 text-[10px] font-black tracking-wider text-ink-950 uppercase"
    >
      <FlaskConical className="h-3 w-3" aria-hidden="true" />
      Sandbox
    </span>
  );
}

export function SectionTitle({ children }: { children: ReactNode }) {
  return <h3 className="mb-2 text-[11px] font-bold tracking-wider text-ink-400 uppercase">{children}</h3>;
}

/** A small notice box (warnings, instructions). */
export function Note({ tone = 'info', children }: { tone?: 'info' | 'warn'; children: ReactNode }) {
  return (
    <p
      className={cn(
        'rounded-lg px-3 py-2 text-xs leading-relaxed ring-1',
        tone === 'warn'
          ? 'bg-gold-500/10 text-gold-300 ring-gold-500/30'
          : 'bg-ink-950/60 text-ink-300 ring-ink-700',
      )}
    >
      {children}
    </p>
  );
}

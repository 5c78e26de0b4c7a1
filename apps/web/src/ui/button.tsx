import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../lib/cn.ts';
import { Spinner } from './spinner.tsx';

type Variant = 'primary' | 'secondary' | 'ghost' | 'gold' | 'danger' | 'link';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const VARIANTS: Record<Variant, string> = {
  primary:
    'bg-gradient-to-b from-accent-400 to-accent-600 text-ink-950 shadow-[0_6px_20px_-6px_rgba(34,197,94,0.6)] hover:brightness-110',
  secondary: 'bg-ink-700 text-ink-200 ring-1 ring-ink-600 ring-inset hover:bg-ink-600 hover:text-white',
  ghost: 'text-ink-300 hover:bg-ink-700/70 hover:text-white',
  gold: 'bg-gradient-to-b from-gold-300 to-gold-500 text-ink-950 shadow-[0_6px_20px_-6px_rgba(245,158,11,0.6)] hover:brightness-110',
  danger: 'bg-red-500/15 text-red-300 ring-1 ring-red-500/30 ring-inset hover:bg-red-500/25',
  link: 'text-accent-400 underline-offset-4 hover:underline px-0 h-auto',
};

const SIZES: Record<Size, string> = {
  sm: 'h-8 px-3 text-xs',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-9 w-9 p-0',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  className,
  type = 'button',
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      aria-busy={loading || undefined}
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center gap-2 rounded-lg font-semibold transition duration-150 active:scale-[0.98] disabled:pointer-events-none disabled:opacity-50',
        VARIANTS[variant],
        variant === 'link' ? 'text-sm' : SIZES[size],
        className,
      )}
      {...props}
    >
      {loading ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}

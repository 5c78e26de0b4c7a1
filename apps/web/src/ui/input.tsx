import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { cn } from '../lib/cn.ts';

export interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Rendered inside the field on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export const inputClass =
  'h-11 w-full rounded-lg border border-ink-600 bg-ink-900/80 px-3 text-sm text-white placeholder:text-ink-400 transition focus:border-accent-500 focus:outline-none focus:ring-2 focus:ring-accent-500/30 disabled:opacity-60';

/** A labelled text input: the label is visible and tied to the input. */
export function Field({ label, trailing, hint, className, id, ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-ink-200">
        {label}
      </label>
      <div className="relative">
        <input id={inputId} className={cn(inputClass, trailing ? 'pr-16' : '', className)} {...props} />
        {trailing ? <div className="absolute inset-y-0 right-1.5 flex items-center">{trailing}</div> : null}
      </div>
      {hint ? <p className="text-xs text-ink-400">{hint}</p> : null}
    </div>
  );
}

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

type TypedFieldProps = Omit<FieldProps, 'type' | 'onChange' | 'label'> & {
  label?: string;
  value: string;
  onValue: (value: string) => void;
};

/** The email field of the sign-in, recovery and account forms. */
export function EmailField({ label = 'Email', onValue, ...props }: TypedFieldProps) {
  return (
    <Field
      label={label}
      type="email"
      autoComplete="email"
      onChange={(e) => onValue(e.target.value)}
      {...props}
    />
  );
}

/**
 * A password field: the account's own (`current`, what a password manager fills in) or a new one;
 * `shown` turns it into plain text (a show/hide toggle in `trailing`).
 */
export function PasswordField({
  label = 'Password',
  onValue,
  which,
  shown = false,
  ...props
}: TypedFieldProps & { which: 'current' | 'new'; shown?: boolean }) {
  return (
    <Field
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={which === 'current' ? 'current-password' : 'new-password'}
      onChange={(e) => onValue(e.target.value)}
      {...props}
    />
  );
}

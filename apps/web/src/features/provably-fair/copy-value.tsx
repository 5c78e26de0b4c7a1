import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';

/** A long value (hash, seed) shown whole, in monospace, with a copy button. */
export function CopyValue({ label, value, testId }: { label: string; value: string; testId?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error('Copying is not allowed in this browser.');
    }
  };
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold tracking-wider text-ink-400 uppercase">{label}</span>
      <div className="flex items-start gap-2 rounded-lg bg-ink-950/70 px-3 py-2 ring-1 ring-ink-700">
        <span data-testid={testId} className="min-w-0 flex-1 font-mono text-sm break-all text-white">
          {value}
        </span>
        <button
          type="button"
          aria-label={`Copy ${label}`}
          onClick={() => void copy()}
          className={cn(
            'shrink-0 rounded-md p-1 transition hover:bg-ink-700',
            copied ? 'text-accent-400' : 'text-ink-400 hover:text-white',
          )}
        >
          {copied ? <Check className="h-4 w-4" /> : <Copy className="h-4 w-4" />}
        </button>
      </div>
    </div>
  );
}

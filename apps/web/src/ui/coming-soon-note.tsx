import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';

/** A friendly note inside dialogs whose content a later release brings. */
export function ComingSoonNote({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl bg-gradient-to-b from-ink-700/60 to-ink-800/40 p-6 text-center ring-1 ring-ink-600">
      <Sparkles className="h-8 w-8 text-gold-400" aria-hidden="true" />
      <p className="text-lg font-bold text-white">{title}</p>
      {children ? <div className="text-sm text-ink-300">{children}</div> : null}
    </div>
  );
}

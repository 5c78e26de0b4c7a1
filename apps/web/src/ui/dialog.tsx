import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { useReturnFocus } from './return-focus.ts';

interface AppDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Tailwind max-width class, e.g. 'max-w-md'. */
  width?: string;
  children: ReactNode;
  /** A bar pinned under the scrolling body (never scrolled over: nothing shows through below it). */
  footer?: ReactNode;
}

/** A centred modal with a visible title and a close button (radix handles focus and Escape). */
export function AppDialog({
  open,
  onOpenChange,
  title,
  description,
  width = 'max-w-md',
  children,
  footer,
}: AppDialogProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/75 motion-decorative backdrop-blur-sm data-[state=open]:animate-[fade-in_150ms_ease-out]" />
        <Dialog.Content
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...returnFocus}
          className={cn(
            'fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-1.5rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-2xl border border-ink-600 bg-gradient-to-b from-ink-800 to-ink-850 shadow-2xl shadow-black/60 focus:outline-none',
            width,
          )}
        >
          <div className="flex items-start justify-between gap-4 border-b border-ink-700 px-5 py-4">
            <div className="min-w-0">
              <Dialog.Title className="truncate text-lg font-bold text-white">{title}</Dialog.Title>
              {description ? (
                <Dialog.Description className="mt-0.5 text-sm text-ink-300">{description}</Dialog.Description>
              ) : null}
            </div>
            <Dialog.Close
              aria-label="Close"
              className="-mr-1 rounded-lg p-1.5 text-ink-300 transition hover:bg-ink-700 hover:text-white"
            >
              <X className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-5">{children}</div>
          {footer ? (
            <div
              className="shrink-0 border-t border-ink-700 bg-ink-850 px-5 py-3"
              data-testid="dialog-footer"
            >
              {footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** What every dialog of the host receives. */
export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

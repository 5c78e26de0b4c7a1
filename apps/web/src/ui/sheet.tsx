import { X } from 'lucide-react';
import { Dialog, VisuallyHidden } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn.ts';
import { useReturnFocus } from './return-focus.ts';

interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  side?: 'left' | 'right';
  children: ReactNode;
  className?: string;
  /** No header: the content brings its own (the title stays for screen readers). */
  bare?: boolean;
}

/** A panel that slides over the page from one side (mobile menu, mobile chat). */
export function Sheet({
  open,
  onOpenChange,
  title,
  side = 'left',
  children,
  className,
  bare = false,
}: SheetProps) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-950/70 backdrop-blur-sm" />
        <Dialog.Content
          aria-describedby={undefined}
          {...returnFocus}
          className={cn(
            'fixed inset-y-0 z-50 flex w-[min(22rem,calc(100vw-2.5rem))] flex-col border-ink-700 bg-ink-850 shadow-2xl focus:outline-none',
            side === 'left' ? 'left-0 border-r' : 'right-0 border-l',
            className,
          )}
        >
          {bare ? (
            <VisuallyHidden.Root>
              <Dialog.Title>{title}</Dialog.Title>
            </VisuallyHidden.Root>
          ) : (
            <div className="flex h-14 shrink-0 items-center justify-between border-b border-ink-700 px-4">
              <Dialog.Title className="text-base font-bold text-white">{title}</Dialog.Title>
              <Dialog.Close
                aria-label="Close"
                className="rounded-lg p-1.5 text-ink-300 transition hover:bg-ink-700 hover:text-white"
              >
                <X className="h-5 w-5" />
              </Dialog.Close>
            </div>
          )}
          <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

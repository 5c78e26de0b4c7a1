import { ShieldCheck } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { FairnessDialog } from './fairness-dialog.tsx';

/** The "Provably Fair" button of a game screen, opening the seed-pair dialog. */
export function ProvablyFairButton({
  className,
  children,
}: {
  className?: string;
  /** Game-specific rows for the dialog. */
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" className={className} onClick={() => setOpen(true)}>
        <ShieldCheck className="h-4 w-4 text-accent-400" aria-hidden="true" />
        Provably Fair
      </Button>
      {open ? (
        <FairnessDialog open onOpenChange={setOpen}>
          {children}
        </FairnessDialog>
      ) : null}
    </>
  );
}

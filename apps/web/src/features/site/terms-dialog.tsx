import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { TermsContent } from './terms-content.tsx';

export function TermsDialog({ open, onOpenChange }: DialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Terms of Service" width="max-w-2xl">
      <TermsContent />
    </AppDialog>
  );
}

import { lazyPage } from '../../app/lazy.tsx';
import { closeDialog, useDialogStore } from '../../lib/dialog-store.ts';
import { AppDialog } from '../../ui/dialog.tsx';

// the details (and the fairness code that recomputes them) load when a bet is first opened
const BetDetails = lazyPage<{ betId: string; onNavigate?: () => void }>(
  () => import('./bet-details.tsx'),
  'BetDetails',
);

/** Opens the bet dialog of any bet id (the live feed, My bets). */
export const openBet = (id: string): void => useDialogStore.getState().open({ name: 'bet', id });

/** The bet dialog: BetDetails of the bet the dialog store names. */
export function BetDialog() {
  const current = useDialogStore((s) => s.current);
  const id = current?.name === 'bet' ? current.id : null;
  return (
    <AppDialog
      open={id !== null}
      onOpenChange={(open) => !open && closeDialog()}
      title={id ? `Bet #${id}` : 'Bet'}
      width="max-w-xl"
    >
      <div className="overflow-y-auto">{id ? <BetDetails betId={id} onNavigate={closeDialog} /> : null}</div>
    </AppDialog>
  );
}

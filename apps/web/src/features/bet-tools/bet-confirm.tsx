import { useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { useConfirmStore } from './confirm-store.ts';

export { confirmMax, confirmStake } from './confirm-store.ts';

/** The bet confirmation dialog (one for the whole app). */
export function BetConfirmHost() {
  const current = useConfirmStore((s) => s.ask);
  const [dontAsk, setDontAsk] = useState(true);
  return (
    <AppDialog
      open={current !== null}
      onOpenChange={(open) => !open && current?.answer(false, false)}
      title={current?.title ?? 'Confirm'}
    >
      <div className="flex flex-col gap-4" data-testid="bet-confirm">
        <p className="text-sm text-ink-200">{current?.text}</p>
        {current?.once ? (
          <label className="flex items-center gap-2 text-sm text-ink-300">
            <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
            Don&apos;t ask again
          </label>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => current?.answer(false, false)}>
            Cancel
          </Button>
          <Button data-testid="bet-confirm-yes" onClick={() => current?.answer(true, dontAsk)}>
            Confirm
          </Button>
        </div>
      </div>
    </AppDialog>
  );
}

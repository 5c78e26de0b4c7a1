import { coinsToCents } from '@coinsite/shared/money';
import { useState } from 'react';
import { create } from 'zustand';
import { formatCoins } from '../../lib/format.ts';
import { useGameSettings } from '../../lib/game-settings.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { needsConfirm } from './confirm-rules.ts';
import { useAuthStore } from '../auth/auth-store.ts';

interface Ask {
  title: string;
  text: string;
  /** Offer "Don't ask again" (the Max question). */
  once: boolean;
  answer: (ok: boolean, dontAsk: boolean) => void;
}

const useConfirmStore = create<{ ask: Ask | null }>()(() => ({ ask: null }));

function ask(title: string, text: string, once = false): Promise<{ ok: boolean; dontAsk: boolean }> {
  return new Promise((resolve) => {
    useConfirmStore.getState().ask?.answer(false, false);
    useConfirmStore.setState({
      ask: {
        title,
        text,
        once,
        answer: (ok, dontAsk) => {
          useConfirmStore.setState({ ask: null });
          resolve({ ok, dontAsk });
        },
      },
    });
  });
}

/** Resolves true when the bet may go: at once for an ordinary stake, after the dialog for a big one. */
export async function confirmStake(stakeCents: number): Promise<boolean> {
  const user = useAuthStore.getState().user;
  const balance = user ? coinsToCents(user.wallet) : null;
  if (!needsConfirm(stakeCents, balance, useGameSettings.getState())) return true;
  const share = balance ? ` (${Math.round((stakeCents / balance) * 100)}% of your balance)` : '';
  const { ok } = await ask('Confirm your bet', `Bet ${formatCoins(stakeCents / 100)}${share}?`);
  return ok;
}

/** Max asks once: true when the whole balance may be put in the amount field. */
export async function confirmMax(balanceCents: number): Promise<boolean> {
  if (useGameSettings.getState().maxConfirmed) return true;
  const { ok, dontAsk } = await ask(
    'Bet your whole balance?',
    `Max sets the bet amount to your whole balance, ${formatCoins(balanceCents / 100)}.`,
    true,
  );
  if (ok && dontAsk) useGameSettings.getState().update({ maxConfirmed: true });
  return ok;
}

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

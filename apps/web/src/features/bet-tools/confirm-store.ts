import { coinsToCents } from '@coinsite/shared/money';
import { create } from 'zustand';
import { formatCoins } from '../../lib/format.ts';
import { useGameSettings } from '../../lib/game-settings.ts';
import { ensureAgeAnswered } from '../account/age-gate.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { needsConfirm } from './confirm-rules.ts';

/**
 * The large-bet and Max questions, apart from their dialog (bet-confirm.tsx) so the shell can tell
 * whether one is asked without loading the dialog code in the first load.
 */
export interface Ask {
  title: string;
  text: string;
  /** Offer "Don't ask again" (the Max question). */
  once: boolean;
  answer: (ok: boolean, dontAsk: boolean) => void;
}

export const useConfirmStore = create<{ ask: Ask | null }>()(() => ({ ask: null }));

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

/**
 * Resolves true when the bet may go: at once for an ordinary stake, after the dialog for a big one;
 * the first bet of an account without a date of birth waits for the ask-once dialog (issue 26).
 */
export async function confirmStake(stakeCents: number): Promise<boolean> {
  if (!(await ensureAgeAnswered())) return false;
  const user = useAuthStore.getState().user;
  const balance = user ? coinsToCents(user.wallet) : null;
  if (!needsConfirm(stakeCents, balance, useGameSettings.getState())) return true;
  const share = balance ? ` (${Math.round((stakeCents / balance) * 100)}% of your balance)` : '';
  const { ok } = await ask('Confirm your bet', `Bet ${formatCoins(stakeCents / 100)}${share}?`);
  return ok;
}

/** Max asks once: true when the whole balance may be put in the amount field. */
export async function confirmMax(balanceCents: number, cappedByMaxProfit = false): Promise<boolean> {
  if (useGameSettings.getState().maxConfirmed) return true;
  const { ok, dontAsk } = cappedByMaxProfit
    ? await ask(
        'Bet the largest stake?',
        `Max sets the bet amount to ${formatCoins(balanceCents / 100)}, the largest stake the max profit per bet allows.`,
        true,
      )
    : await ask(
        'Bet your whole balance?',
        `Max sets the bet amount to your whole balance, ${formatCoins(balanceCents / 100)}.`,
        true,
      );
  if (ok && dontAsk) useGameSettings.getState().update({ maxConfirmed: true });
  return ok;
}

import { coinsToCents } from '@coinsite/shared/money';
import { useEffect, useRef } from 'react';
import { type InstantGame, useGameSettings } from '../../lib/game-settings.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { centsToText, textToCents } from '../dice/numeric.ts';

/** The keys, as the hotkeys dialog lists them. */
export const HOTKEYS: ReadonlyArray<{ key: string; label: string; action: string }> = [
  { key: ' ', label: 'Space', action: 'Bet (in Auto: stop the autobet)' },
  { key: 's', label: 'S', action: 'Halve the bet amount' },
  { key: 'd', label: 'D', action: 'Double the bet amount' },
  { key: 'a', label: 'A', action: 'Set the bet amount to zero' },
  { key: 'q', label: 'Q', action: 'Turn instant mode on or off' },
];

/** True when a key press belongs to what has focus (typing in a field, a menu, a dialog). */
function busyTarget(e: KeyboardEvent): boolean {
  const t = e.target;
  if (t instanceof HTMLElement) {
    if (t.isContentEditable) return true;
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName)) return true;
    // space on a focused button presses that button: leave it alone
    if (e.key === ' ' && (t.tagName === 'BUTTON' || t.getAttribute('role') === 'button')) return true;
  }
  return document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;
}

/**
 * Stake-style hotkeys on a game screen (off until the player turns them on): Space bets, S halves
 * and D doubles the amount (never above the balance), A zeroes it, Q toggles instant mode.
 */
export function useBetHotkeys(opts: {
  game: InstantGame;
  amount: string;
  setAmount: (text: string) => void;
  /** Space: the bet (or Stop while an autobet runs); undefined when it cannot be pressed now. */
  bet?: () => void;
}) {
  const enabled = useGameSettings((s) => s.hotkeys);
  const wallet = useAuthStore((s) => (s.user ? coinsToCents(s.user.wallet) : null));
  const latest = useRef({ ...opts, wallet });
  latest.current = { ...opts, wallet };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || busyTarget(e)) return;
      const { game, amount, setAmount, bet, wallet: balance } = latest.current;
      const cents = textToCents(amount) ?? 0;
      const key = e.key.toLowerCase();
      if (key === ' ') {
        e.preventDefault();
        if (!e.repeat) bet?.();
      } else if (key === 's') {
        setAmount(centsToText(Math.floor(cents / 2)));
      } else if (key === 'd') {
        const doubled = cents * 2;
        setAmount(centsToText(balance === null ? doubled : Math.min(doubled, balance)));
      } else if (key === 'a') {
        setAmount(centsToText(0));
      } else if (key === 'q') {
        useGameSettings.getState().toggleInstant(game);
      } else {
        return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

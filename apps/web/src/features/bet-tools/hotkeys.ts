import { coinsToCents } from '@coinsite/shared/money';
import { useEffect, useRef } from 'react';
import { type InstantGame, useGameSettings } from '../../lib/game-settings.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { centsToText, textToCents } from '../dice/numeric.ts';

/**
 * The keys, as the hotkeys dialog lists them. On a case page the stake is the number of cases:
 * `cases` says what the key does there.
 */
export interface HotkeyRow {
  key: string;
  label: string;
  action: string;
  cases?: string;
}

/**
 * Stake's documented bindings (docs/decisions/session-tools.md): Space makes the bet, S doubles the
 * amount, A halves it, D sets it to zero. Q (instant mode) is ours; Stake has no such key.
 */
export const HOTKEYS: ReadonlyArray<HotkeyRow> = [
  {
    key: ' ',
    label: 'Space',
    action: 'Bet (in Auto: stop the autobet)',
    cases: 'Open the case (in Auto: stop the autobet)',
  },
  { key: 's', label: 'S', action: 'Double the bet amount', cases: 'Double the number of cases' },
  { key: 'a', label: 'A', action: 'Halve the bet amount', cases: 'Halve the number of cases' },
  { key: 'd', label: 'D', action: 'Set the bet amount to zero', cases: 'Back to one case' },
  { key: 'q', label: 'Q', action: 'Turn instant mode on or off' },
];

/** The amount keys alone (games without instant mode). */
export const AMOUNT_HOTKEYS: ReadonlyArray<HotkeyRow> = HOTKEYS.filter((h) => h.key !== 'q' && h.key !== ' ');

/** S / D / A on a case page: the number of cases halved, doubled (at most `max`) or back to one. */
export function nextCaseCount(count: number, key: 'half' | 'double' | 'reset', max: number): number {
  if (key === 'reset') return 1;
  if (key === 'half') return Math.max(1, Math.floor(count / 2));
  return Math.min(max, count * 2);
}

/** What S, D and A do on a screen whose stake is not an amount field (a case page). */
export interface StakeKeys {
  half: () => void;
  double: () => void;
  reset: () => void;
}

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
 * Stake's hotkeys on a game screen (off until the player turns them on): Space bets, S doubles the
 * amount (never above the balance), A halves it, D zeroes it, Q toggles instant mode (instant games).
 * A screen without an amount field passes `keys` for S, A and D instead. `more` adds a game's own keys.
 */
export function useBetHotkeys(
  opts: {
    /** An instant game: Q toggles its instant mode. */
    game?: InstantGame;
    /** Space: the bet (or Stop while an autobet runs); undefined when it cannot be pressed now. */
    bet?: () => void;
    /** A game's own keys (lower case), e.g. roulette's colours. */
    more?: Record<string, () => void>;
  } & ({ amount: string; setAmount: (text: string) => void } | { keys: StakeKeys }),
) {
  const enabled = useGameSettings((s) => s.hotkeys);
  const wallet = useAuthStore((s) => (s.user ? coinsToCents(s.user.wallet) : null));
  const latest = useRef({ ...opts, wallet });
  latest.current = { ...opts, wallet };

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || busyTarget(e)) return;
      const o = latest.current;
      const { game, bet, wallet: balance } = o;
      const key = e.key.toLowerCase();
      const stakeKeys = 'keys' in o ? o.keys : null;
      if (key === ' ') {
        e.preventDefault();
        if (!e.repeat) bet?.();
        return;
      }
      const own = o.more?.[key];
      if (own) {
        own();
        return;
      }
      if (key === 'q') {
        if (game) useGameSettings.getState().toggleInstant(game);
        return;
      }
      if (stakeKeys) {
        if (key === 's') stakeKeys.double();
        else if (key === 'a') stakeKeys.half();
        else if (key === 'd') stakeKeys.reset();
        return;
      }
      if (!('setAmount' in o)) return;
      const { amount, setAmount } = o;
      const cents = textToCents(amount) ?? 0;
      if (key === 'a') {
        setAmount(centsToText(Math.floor(cents / 2)));
      } else if (key === 's') {
        const doubled = cents * 2;
        setAmount(centsToText(balance === null ? doubled : Math.min(doubled, balance)));
      } else if (key === 'd') {
        setAmount(centsToText(0));
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

const AMOUNT_ROWS = AMOUNT_HOTKEYS;

/** Each game's list for its hotkeys dialog (one dialog per game). */
export const GAME_HOTKEYS = {
  crash: [
    { key: ' ', label: 'Space', action: 'Bet, or cash out during the round (in Auto: stop the autobet)' },
    ...AMOUNT_ROWS,
  ],
  roulette: [
    { key: 'r', label: 'R', action: 'Bet on red' },
    { key: 'g', label: 'G', action: 'Bet on green' },
    { key: 'b', label: 'B', action: 'Bet on black' },
    { key: ' ', label: 'Space', action: 'In Auto: stop the autobet' },
    ...AMOUNT_ROWS,
  ],
  coinflip: [{ key: ' ', label: 'Space', action: 'Create a flip with your side' }, ...AMOUNT_ROWS],
  blackjack: [
    { key: ' ', label: 'Space', action: 'Deal a new hand' },
    { key: 'h', label: 'H', action: 'Hit' },
    { key: 's', label: 'S', action: 'Stand' },
    { key: 'd', label: 'D', action: 'Double' },
    { key: 'p', label: 'P', action: 'Split' },
    { key: 'i', label: 'I / N', action: 'Take or refuse insurance' },
  ],
  slots: [{ key: ' ', label: 'Space', action: "Spin (the slot's own key, once you click into the game)" }],
} satisfies Record<string, ReadonlyArray<HotkeyRow>>;

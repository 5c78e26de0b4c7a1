import { coinsToCents } from '@coinsite/shared/money';

export interface WalletFigures {
  wallet: number;
  wager: number;
}

/**
 * Applies an `update-wallet` delta (spec-1 §4): the wallet never goes below 0 and is truncated
 * to 2 decimals; a negative change (a stake) adds its absolute value to the wager total.
 */
export function applyWalletDelta(current: WalletFigures, delta: number): WalletFigures {
  if (!Number.isFinite(delta)) return current;
  const deltaCents = coinsToCents(delta);
  const walletCents = Math.max(0, coinsToCents(current.wallet) + deltaCents);
  const wagerCents = coinsToCents(current.wager) + (deltaCents < 0 ? -deltaCents : 0);
  return { wallet: walletCents / 100, wager: wagerCents / 100 };
}

/** The balance of a `wallet-balance {balance}` event (2 decimals, never below 0); null if malformed. */
export function balanceOf(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const balance = (payload as { balance?: unknown }).balance;
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return null;
  return Math.max(0, coinsToCents(balance)) / 100;
}

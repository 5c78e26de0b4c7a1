import { coinsToCents } from '@coinsite/shared/money';

export interface WalletFigures {
  wallet: number;
  wager: number;
}

/**
 * Applies an `update-wallet` delta (spec-1 §4): the wallet never goes below 0 and is truncated
 * to 2 decimals; a negative change (a stake) adds its absolute value to the wager total.
 *
 * `owedCents` is what stakes took beyond the shown wallet: the server announces a stake at once but
 * a win only after its game's animation (the short one in instant mode), so quick bets (autobet) can
 * announce stakes that the still held-back wins pay for. The wallet shows 0 meanwhile, and later gains pay the owed
 * part first, so the wallet ends where the server's balance is (issue 15, docs/decisions/web.md).
 */
export function applyWalletDelta(
  current: WalletFigures,
  delta: number,
  owedCents = 0,
): WalletFigures & { owedCents: number } {
  if (!Number.isFinite(delta)) return { ...current, owedCents };
  const deltaCents = coinsToCents(delta);
  const rawCents = coinsToCents(current.wallet) + deltaCents - owedCents;
  const wagerCents = coinsToCents(current.wager) + (deltaCents < 0 ? -deltaCents : 0);
  return { wallet: Math.max(0, rawCents) / 100, wager: wagerCents / 100, owedCents: Math.max(0, -rawCents) };
}

/** The balance of a `wallet-balance {balance}` event (2 decimals, never below 0); null if malformed. */
export function balanceOf(payload: unknown): number | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const balance = (payload as { balance?: unknown }).balance;
  if (typeof balance !== 'number' || !Number.isFinite(balance)) return null;
  return Math.max(0, coinsToCents(balance)) / 100;
}

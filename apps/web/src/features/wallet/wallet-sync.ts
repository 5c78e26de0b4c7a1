import { coinsToCents } from '@coinsite/shared/money';

/**
 * What the wallet's socket events leave between the shown wallet and the server's balance, shared by
 * the events (use-wallet-events.ts) and the two readers of an absolute balance: `wallet-balance` and
 * the user's load (GET /api/user, auth-store.ts). Module state: one wallet per tab.
 */
const sync = { events: 0, heldCents: 0, owed: { userId: '', cents: 0 } };

/** An `update-wallet` or `wallet-balance` arrived (counted even while the user is still loading). */
export function walletEventHeard(): void {
  sync.events++;
}

/**
 * How many have arrived so far: a balance asked for before one of them and answered after it may be
 * older than the wallet (the event's change made after the server read it), so it is asked again.
 */
export function walletEventsHeard(): number {
  return sync.events;
}

/** A gain received and held until the animation that reveals it ends (reveal-hold.ts). */
export function holdGain(cents: number): void {
  sync.heldCents += cents;
}

/** The held gain's animation ended: it is added to the wallet now. */
export function releaseGain(cents: number): void {
  sync.heldCents -= cents;
}

/** What stakes took beyond `userId`'s shown wallet (applyWalletDelta's `owedCents`). */
export function owedBy(userId: string): number {
  return sync.owed.userId === userId ? sync.owed.cents : 0;
}

export function setOwed(userId: string, cents: number): void {
  sync.owed = { userId, cents };
}

/**
 * A balance read from the server (coins) as the wallet shows it: the gains still held for an
 * animation are added when it ends, so they are left out now, and what that leaves below 0 is owed
 * by the next gains (as applyWalletDelta counts it).
 */
export function shownBalance(userId: string, serverCoins: number): number {
  const raw = coinsToCents(serverCoins) - sync.heldCents;
  sync.owed = { userId, cents: Math.max(0, -raw) };
  return Math.max(0, raw) / 100;
}

import { betAmountError } from '@coinsite/shared/games';
import { coinsToCents } from '@coinsite/shared';
import type { Seeds } from '@coinsite/shared/fairness';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { limit } from '../../platform/http.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { takeNonce } from '../fairness/seeds.service.ts';
import { publishBet } from './live-feed.ts';

/** What a game's rules decide from the seeds: the gross payout, the multiplier, the details to store. */
export interface Settlement<O> {
  payout: number;
  /** Ten-thousandths (0 on a loss). */
  multiplier: number;
  outcome: O;
  /** 'open' keeps the game going (mines); its payout must then be 0. */
  status?: 'open' | 'settled';
}

export interface PlacedBet<O> {
  betId: number;
  stake: number;
  payout: number;
  multiplier: number;
  outcome: O;
  balance: number;
}

/** Runs inside the bet's transaction after it is stored: rakeback, affiliate cut, race entry. */
export type BetHook = (
  unit: Unit,
  bet: { userId: number; game: string; stake: number; payout: number; betId: number },
) => Promise<void>;
export const betHooks: BetHook[] = [];

/** Per-user bet rate: 30 a second (× RATE_LIMIT_FACTOR). */
const BETS_PER_SECOND = 30;

/** Coins from a client → cents, refusing what rounds to zero (never accepted as a zero bet). */
export function stakeCents(amountCoins: number): number {
  const cents = coinsToCents(amountCoins);
  const err = betAmountError(cents);
  if (err) throw Errors.badRequest(err);
  return cents;
}

/**
 * One bet, one transaction: take the nonce of the player's seed pair, derive the outcome, debit the
 * stake and credit the payout with the bet row and its ledger rows, run the hooks, commit; then the
 * live feed hears of it.
 */
export async function placeBet<O>(
  ctx: Ctx,
  req: {
    user: { id: number; username: string; avatar: string };
    game: string;
    stake: number;
    winNotifyDelayMs?: number;
  },
  settle: (seeds: Seeds & { nonce: number }) => Settlement<O>,
): Promise<PlacedBet<O>> {
  const userId = req.user.id;
  await limit(ctx, `bet:${userId}`, BETS_PER_SECOND, 1000, 'You are betting too fast, slow down!');
  return inTransaction(ctx.db, async (unit) => {
    const seeds = await takeNonce(unit.tx, userId);
    const s = settle({ serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce });
    const status = s.status ?? 'settled';
    const { betId, balance } = await ctx.wallet.bet(unit, {
      userId: userId,
      game: req.game,
      stake: req.stake,
      payout: s.payout,
      multiplier: s.multiplier,
      status,
      outcome: s.outcome,
      seedPairId: seeds.pairId,
      nonce: seeds.nonce,
      winNotifyDelayMs: req.winNotifyDelayMs,
    });
    const record = { userId, game: req.game, stake: req.stake, payout: s.payout, betId };
    for (const hook of betHooks) await hook(unit, record);
    if (status === 'settled')
      unit.afterCommit(() =>
        publishBet(ctx, { ...record, multiplier: s.multiplier }, req.user, req.winNotifyDelayMs ?? 0),
      );
    return {
      betId,
      stake: req.stake,
      payout: s.payout,
      multiplier: s.multiplier,
      outcome: s.outcome,
      balance,
    };
  });
}

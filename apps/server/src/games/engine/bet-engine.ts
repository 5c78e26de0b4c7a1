import { betAmountError } from '@coinsite/shared/games';
import { coinsToCents } from '@coinsite/shared';
import type { Seeds } from '@coinsite/shared/fairness';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { loadLimit } from '../../platform/http.ts';
import { type RawBuilder, sql } from 'kysely';
import { type GroupHookRow, StaleSeedError } from '../../platform/wallet.ts';
import { seedCacheOf } from '../fairness/seeds.service.ts';
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

/** A stake as the hooks see it. */
export interface HookBet {
  userId: number;
  game: string;
  stake: number;
  /** When the stake was taken (Clock epoch ms): the race counts it only before its end. */
  at?: number;
}

/**
 * What every stake also owes (rakeback, affiliate cut, race entry): one data-modifying statement,
 * or null when there is nothing to do. `wagerAfter` is the player's wager including this stake, NULL
 * when the stake did not go through (a refused bet of a group statement, which runs a hook without a
 * set-based form bet by bet): the statement must then change nothing.
 * Single-player bets fold the statements into the bet's own statement. Games whose stake can still be
 * refunded (coinflip, battles, crash, roulette) accrue when it settles instead (wager-hooks.ts
 * accrueSettled), so a refund never leaves rake behind.
 */
export type BetHook = (bet: HookBet, wagerAfter: RawBuilder<number>) => RawBuilder<unknown> | null;
export const betHooks: BetHook[] = [];

/**
 * A hook's set-based form for the group statement (wallet.ts applyBetGroup): the bet's row (null when
 * the hook returns null for it) and one statement over the rows of all the group's bets that went
 * through. Must do exactly what the hook does, bet by bet.
 */
export interface GroupedBetHook {
  columns: GroupHookRow['columns'];
  row(bet: HookBet): readonly unknown[] | null;
  statement(placed: RawBuilder<unknown>): RawBuilder<unknown>;
}
export const groupedBetHooks = new Map<BetHook, GroupedBetHook>();

/** The hooks of one stake as GroupHookRows, or undefined when a hook has no set-based form. */
export function groupHooksOf(bet: HookBet): GroupHookRow[] | undefined {
  const rows: GroupHookRow[] = [];
  for (const hook of betHooks) {
    const g = groupedBetHooks.get(hook);
    if (!g) return undefined;
    const row = g.row(bet);
    if (row) rows.push({ columns: g.columns, values: row, statement: g.statement });
  }
  return rows;
}

/** A bet retried this many times on a stale seed pair gives up (only a storm of other nodes' bets). */
const STALE_RETRIES = 5;

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
 * One bet, one statement: derive the outcome from the player's active seed pair at its next nonce,
 * then take that nonce, debit the stake, credit the payout, store the bet with its ledger rows and
 * run the hooks, all in the single statement of wallet.bet, which refuses (and undoes everything)
 * when the pair has moved on; the pair is then read again and the bet retried. A player's bets on
 * one node run one after another, so they do not trip over each other's nonces. Then the live feed
 * hears of it.
 */
export async function placeBet<O>(
  ctx: Ctx,
  req: {
    user: { id: number; username: string; avatar: string };
    game: string;
    stake: number;
    winNotifyDelayMs?: number;
    /**
     * The stake may still grow or be joined by others (blackjack's doubles and splits): the hooks do
     * not run at the stake; the game accrues every stake when the hand settles (accrueSettled).
     */
    accrueAtSettle?: boolean;
  },
  settle: (seeds: Seeds & { nonce: number }) => Settlement<O>,
): Promise<PlacedBet<O>> {
  const userId = req.user.id;
  const timer = ctx.metrics.bets.startTimer({ game: req.game });
  // counted on this node: a load limit, and one Redis round trip per bet cost more than the bet's share
  // of its statement (a player's bets on one node queue anyway)
  if (!(await ctx.nodeLimiter.hit(`bet:${userId}`, loadLimit(BETS_PER_SECOND, 1000))))
    throw Errors.tooMany('You are betting too fast, slow down!');
  const cache = seedCacheOf(ctx);
  return oneAtATime(userId, async () => {
    for (let attempt = 1; ; attempt++) {
      const seeds = await cache.get(ctx.db, userId);
      const s = settle({ serverSeed: seeds.serverSeed, clientSeed: seeds.clientSeed, nonce: seeds.nonce });
      const status = s.status ?? 'settled';
      const hookBet = { userId, game: req.game, stake: req.stake, at: ctx.clock.now() };
      const wagerAfter = sql<number>`(SELECT wager FROM u)`;
      try {
        const { betId, balance } = await ctx.wallet.bet({
          userId,
          game: req.game,
          stake: req.stake,
          payout: s.payout,
          multiplier: s.multiplier,
          status,
          outcome: s.outcome,
          seedPairId: seeds.pairId,
          nonce: seeds.nonce,
          hooks: req.accrueAtSettle ? [] : betHooks.flatMap((hook) => hook(hookBet, wagerAfter) ?? []),
          groupHooks: req.accrueAtSettle ? [] : groupHooksOf(hookBet),
          winNotifyDelayMs: req.winNotifyDelayMs,
        });
        cache.advance(userId, seeds);
        timer();
        if (status === 'settled')
          publishBet(
            ctx,
            { ...hookBet, payout: s.payout, betId, multiplier: s.multiplier },
            req.user,
            req.winNotifyDelayMs ?? 0,
          );
        return {
          betId,
          stake: req.stake,
          payout: s.payout,
          multiplier: s.multiplier,
          outcome: s.outcome,
          balance,
        };
      } catch (err) {
        if (!(err instanceof StaleSeedError)) throw err;
        cache.forget(userId);
        if (attempt >= STALE_RETRIES) throw Errors.badRequest('Too many bets at once, please try again.');
      }
    }
  });
}

const queues = new Map<number, Promise<unknown>>();

/** Runs `fn` after every earlier call for the same key has finished (one player's bets in order). */
function oneAtATime<T>(key: number, fn: () => Promise<T>): Promise<T> {
  const before = queues.get(key) ?? Promise.resolve();
  const run = before.then(fn, fn);
  const settled = run.catch(() => undefined);
  queues.set(key, settled);
  void settled.then(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return run;
}

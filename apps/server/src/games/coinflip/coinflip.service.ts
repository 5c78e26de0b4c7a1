import { randomBytes } from 'node:crypto';
import { COINFLIP_ANIMATION_MS, COINFLIP_EVENTS, type CoinflipSide, coinflipPayout } from '@coinsite/shared';
import { coinflipRoll, coinflipSide, sha256Hex } from '@coinsite/shared/fairness';
import { sql } from 'kysely';
import { beaconOf } from '../../integrations/eos/beacon.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { limit, loadLimit } from '../../platform/http.ts';
import { emitToViewers } from '../../platform/ghost.ts';
import { type SocketUser, userRoom } from '../../platform/realtime.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import { accrueSettled, type SettledStake, stakeList } from '../../economy/wager-hooks.ts';
import { stakeCents } from '../engine/bet-engine.ts';
import { sqlNow } from '../rounds/round-time.ts';
import { publishCoinflip } from './coinflip.bets.ts';
import { loadCoinflip, type SeenFlip } from './coinflip.views.ts';

export const COINFLIP_TEXT = {
  notFound: 'This coinflip does not exist.',
  taken: 'Someone has already joined this coinflip.',
  own: "You can't join your own coinflip.",
  notCreator: 'Only the creator of this coinflip can do that.',
  tooMany: 'You already have 10 open coinflips.',
  tooFast: 'You are betting too fast, slow down!',
  created: 'Coinflip created!',
  joined: 'You joined the coinflip!',
  botCalled: 'The bot joined your coinflip!',
  cancelled: 'Coinflip cancelled, your bet was refunded.',
} as const;

/** fairness.md §2: the block is a few past the head when the second seat fills. */
export const COINFLIP_BLOCK_LEAD = 3;
const MAX_OPEN_PER_USER = 10;
const ACTIONS_PER_SECOND = 5;

const key = {
  bet: (id: number, seat: 'creator' | 'opponent') => `coinflip:bet:${id}:${seat}`,
  win: (id: number) => `coinflip:win:${id}`,
  refund: (id: number, seat: 'creator' | 'opponent') => `coinflip:refund:${id}:${seat}`,
};

/** A flip to every tab, each seeing the ghosts it may see (ghost.ts; one broadcast when none). */
function emit(ctx: Ctx, event: string, flip: SeenFlip | null): void {
  if (flip) emitToViewers(ctx.realtime.ns('coinflip'), event, flip.ghosts, userRoom, flip.view);
}

/**
 * A seat's stake: debited and added to the wager. Its rake (rakeback, the affiliate's cut) accrues
 * only when the flip is decided (settleCoinflip): a cancelled or refunded flip earns nothing.
 */
async function stake(
  ctx: Ctx,
  unit: Unit,
  userId: number,
  flipId: number,
  amount: number,
  seat: 'creator' | 'opponent',
) {
  await ctx.wallet.apply(unit, {
    userId,
    delta: -amount,
    kind: 'bet',
    ref: `coinflip:${flipId}`,
    idempotencyKey: key.bet(flipId, seat),
    wager: amount,
  });
}

/** coinflip:create: the stake is taken and the server seed committed (its hash shown) in one transaction. */
export async function createCoinflip(ctx: Ctx, user: SocketUser, amountCoins: number, side: CoinflipSide) {
  await ctx.controls.require('coinflip', 'Coinflip');
  const amount = stakeCents(amountCoins);
  await limit(ctx, `coinflip:${user.id}`, loadLimit(ACTIONS_PER_SECOND, 1000), COINFLIP_TEXT.tooFast);
  const serverSeed = randomBytes(32).toString('hex');
  const id = await inTransaction(ctx.db, async (unit) => {
    const row = await unit.tx
      .insertInto('coinflips')
      .values({
        creator_id: user.id,
        creator_side: side,
        amount,
        server_seed: serverSeed,
        server_seed_hash: sha256Hex(serverSeed),
        status: 'open',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await stake(ctx, unit, user.id, row.id, amount, 'creator');
    // counted after the debit: it locked the user's row, so a racing create of the same user sees ours
    const open = await unit.tx
      .selectFrom('coinflips')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', user.id)
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    if (Number(open.n) > MAX_OPEN_PER_USER) throw Errors.badRequest(COINFLIP_TEXT.tooMany);
    return row.id;
  });
  const view = await loadCoinflip(ctx, id);
  emit(ctx, COINFLIP_EVENTS.new, view);
  return id;
}

/** Why a flip could not be taken, read after the guarded update found nothing. */
async function refusal(unit: Unit, id: number, userId: number, asCreator: boolean): Promise<AppError> {
  const row = await unit.tx
    .selectFrom('coinflips')
    .select(['creator_id', 'status'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return Errors.notFound(COINFLIP_TEXT.notFound);
  if (asCreator && row.creator_id !== userId) return new AppError('forbidden', COINFLIP_TEXT.notCreator, 403);
  if (!asCreator && row.creator_id === userId) return Errors.badRequest(COINFLIP_TEXT.own);
  return Errors.badRequest(COINFLIP_TEXT.taken);
}

/**
 * The second seat: a player (who stakes the same amount) or the bot (the house, called by the
 * creator). Filling it fixes the EOS block that will decide the flip.
 */
export async function fillCoinflip(ctx: Ctx, user: SocketUser, flipId: string, bot: boolean): Promise<void> {
  await ctx.controls.require('coinflip', 'Coinflip');
  await limit(ctx, `coinflip:${user.id}`, loadLimit(ACTIONS_PER_SECOND, 1000), COINFLIP_TEXT.tooFast);
  const id = Number(flipId);
  const block = (await beaconOf(ctx).headBlock()) + COINFLIP_BLOCK_LEAD;
  await inTransaction(ctx.db, async (unit) => {
    const now = sqlNow(ctx.clock);
    let q = unit.tx
      .updateTable('coinflips')
      .set({ status: 'waiting', joined_at: now, block_number: block })
      .where('id', '=', id)
      .where('status', '=', 'open');
    q = bot
      ? q.set({ opponent_is_bot: true }).where('creator_id', '=', user.id)
      : q.set({ opponent_id: user.id }).where('creator_id', '<>', user.id);
    const row = await q.returning('amount').executeTakeFirst();
    if (!row) throw await refusal(unit, id, user.id, bot);
    if (!bot) await stake(ctx, unit, user.id, id, row.amount, 'opponent');
  });
  emit(ctx, COINFLIP_EVENTS.update, await loadCoinflip(ctx, id));
}

/** The creator takes back an open flip; the stake is refunded (it had accrued no rake). */
export async function cancelCoinflip(ctx: Ctx, user: SocketUser, flipId: string): Promise<void> {
  const id = Number(flipId);
  await inTransaction(ctx.db, async (unit) => {
    const row = await unit.tx
      .updateTable('coinflips')
      .set({ status: 'cancelled', finished_at: sqlNow(ctx.clock) })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('creator_id', '=', user.id)
      .returning('amount')
      .executeTakeFirst();
    if (!row) throw await refusal(unit, id, user.id, true);
    await refundSeat(ctx, unit, id, user.id, row.amount, 'creator');
  });
  emit(ctx, COINFLIP_EVENTS.update, await loadCoinflip(ctx, id));
}

async function refundSeat(
  ctx: Ctx,
  unit: Unit,
  id: number,
  userId: number,
  amount: number,
  seat: 'creator' | 'opponent',
) {
  await ctx.wallet.apply(unit, {
    userId,
    delta: amount,
    kind: 'bet_refund',
    ref: `coinflip:${id}`,
    idempotencyKey: key.refund(id, seat),
    wager: -amount,
  });
}

export interface WaitingFlip {
  id: number;
  creator_id: number;
  creator_side: CoinflipSide;
  opponent_id: number | null;
  opponent_is_bot: boolean;
  amount: number;
  server_seed: string;
}

/**
 * Decides a flip from its committed seed and the block id, once: the winner takes the pot less the
 * house cut (nothing is credited when the bot wins). The credit's update-wallet waits for the coin.
 */
export async function settleCoinflip(ctx: Ctx, flip: WaitingFlip, blockId: string): Promise<void> {
  const roll = coinflipRoll({ serverSeed: flip.server_seed, blockId });
  const side = coinflipSide(roll);
  const creatorWins = side === flip.creator_side;
  const winnerId = creatorWins ? flip.creator_id : flip.opponent_id;
  const payout = coinflipPayout(flip.amount);
  const done = await inTransaction(ctx.db, async (unit) => {
    const row = await unit.tx
      .updateTable('coinflips')
      .set({
        status: 'finished',
        block_id: blockId,
        roll,
        winner_side: side,
        winner_id: winnerId,
        payout: winnerId === null ? 0 : payout,
        finished_at: sqlNow(ctx.clock),
      })
      .where('id', '=', flip.id)
      .where('status', '=', 'waiting')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    if (winnerId !== null)
      await ctx.wallet.apply(unit, {
        userId: winnerId,
        delta: payout,
        kind: 'win',
        ref: `coinflip:${flip.id}`,
        idempotencyKey: key.win(flip.id),
        notifyDelayMs: COINFLIP_ANIMATION_MS,
      });
    // both stakes have settled: now, and only now, they earn rakeback and the affiliate's cut
    const seats: SettledStake[] = [seatStake(flip, flip.creator_id, 'creator')];
    if (flip.opponent_id !== null) seats.push(seatStake(flip, flip.opponent_id, 'opponent'));
    await accrueSettled(unit, 'coinflip', stakeList(seats));
    return true;
  });
  if (!done) return;
  emit(ctx, COINFLIP_EVENTS.update, await loadCoinflip(ctx, flip.id));
  // both seats join the live feed when the coin has stopped (issue 28 item 6)
  await publishCoinflip(ctx, flip.id).catch((err: unknown) => ctx.log.error({ err }, 'coinflip: live feed'));
}

function seatStake(flip: WaitingFlip, userId: number, seat: 'creator' | 'opponent'): SettledStake {
  return {
    userId,
    stake: flip.amount,
    stakeKey: key.bet(flip.id, seat),
    refundKey: key.refund(flip.id, seat),
  };
}

/** A flip whose block never became irreversible: both stakes go back (no rake had accrued). */
export async function refundCoinflip(ctx: Ctx, flip: WaitingFlip): Promise<void> {
  const done = await inTransaction(ctx.db, async (unit) => {
    const row = await unit.tx
      .updateTable('coinflips')
      .set({ status: 'cancelled', finished_at: sqlNow(ctx.clock) })
      .where('id', '=', flip.id)
      .where('status', '=', 'waiting')
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await refundSeat(ctx, unit, flip.id, flip.creator_id, flip.amount, 'creator');
    if (flip.opponent_id !== null)
      await refundSeat(ctx, unit, flip.id, flip.opponent_id, flip.amount, 'opponent');
    return true;
  });
  if (done) emit(ctx, COINFLIP_EVENTS.update, await loadCoinflip(ctx, flip.id));
}

/** Flips waiting for their block, with how long they have waited (ms, server time). */
export function waitingFlips(ctx: Ctx) {
  const now = sqlNow(ctx.clock);
  return ctx.db
    .selectFrom('coinflips')
    .select([
      'id',
      'creator_id',
      'creator_side',
      'opponent_id',
      'opponent_is_bot',
      'amount',
      'server_seed',
      'block_number',
      sql<number>`(extract(epoch from (${now} - joined_at)) * 1000)::float8`.as('waited'),
    ])
    .where('status', '=', 'waiting')
    .orderBy('id')
    .execute();
}

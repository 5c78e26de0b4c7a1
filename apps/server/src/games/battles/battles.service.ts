import { randomBytes } from 'node:crypto';
import { BATTLE_MAX_OPEN_PER_USER, BATTLE_MODE_INFO, BATTLE_STATUS, type BattleMode } from '@coinsite/shared';
import { sha256Hex } from '@coinsite/shared/fairness';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import type { Tx } from '../../platform/db-types.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { inTransaction, pgErrorCode, type Unit } from '../../platform/tx.ts';
import { loadCases } from '../cases/cases.catalogue.ts';
import { newServerSeed } from '../fairness/seeds.service.ts';

export const BATTLE_TEXT = {
  notFound: 'Battle not found.',
  started: 'This battle has already started.',
  seatTaken: 'This seat is already taken.',
  alreadyIn: 'You have already joined this battle.',
  badSeat: 'Invalid seat.',
  creatorOnly: 'Only the battle creator can call bots.',
  tooMany: `You can have at most ${BATTLE_MAX_OPEN_PER_USER} open battles.`,
  caseGone: 'One of these cases is not available.',
  created: 'Successfully created the battle!',
  joined: 'Successfully joined the battle!',
  botCalled: 'A bot has joined the battle!',
} as const;

/** What a seat change did: whether it filled the battle (the loop then takes over). */
export interface SeatChange {
  battleId: string;
  filled: boolean;
}

/** A human seat's stake: a bets row (open until the battle ends) and its ledger debit. */
async function stake(ctx: Ctx, unit: Unit, userId: number, battleId: string, seat: number, price: number) {
  const bet = await unit.tx
    .insertInto('bets')
    .values({
      user_id: userId,
      game: 'battles',
      stake: price,
      status: 'open',
      outcome: JSON.stringify({ battleId, seat }),
      seed_pair_id: null,
      nonce: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.wallet.apply(unit, {
    userId,
    delta: -price,
    kind: 'bet',
    ref: String(bet.id),
    idempotencyKey: `bet:${bet.id}`,
    wager: price,
  });
  return bet.id;
}

/**
 * battles:create — re-prices the chosen cases from the catalogue (the client's total is ignored),
 * snapshots their loot tables, commits to a fresh server seed, seats the creator and takes the stake.
 */
export async function createBattle(
  ctx: Ctx,
  user: SocketUser,
  slugs: string[],
  type: 'standard' | 'crazy',
  mode: BattleMode,
): Promise<string> {
  await ctx.controls.require('battles', 'Battles');
  const found = await loadCases(ctx.db, { kinds: ['paid'], slugs: [...new Set(slugs)] });
  const rounds = slugs.map((s) => found.find((c) => c.slug === s));
  if (rounds.some((c) => c === undefined)) throw Errors.badRequest(BATTLE_TEXT.caseGone);
  const cases = rounds.flatMap((c) => (c ? [c] : []));
  const price = cases.reduce((sum, c) => sum + c.price, 0);
  const info = BATTLE_MODE_INFO[mode];
  const id = randomBytes(12).toString('hex');
  const serverSeed = newServerSeed();
  await inTransaction(ctx.db, async (unit) => {
    await unit.tx
      .insertInto('battles')
      .values({
        id,
        creator_id: user.id,
        game_type: info.gameType,
        crazy: type === 'crazy',
        seat_count: info.seats,
        price,
        cases: JSON.stringify(cases),
        round_count: cases.length,
        server_seed: serverSeed,
        server_seed_hash: sha256Hex(serverSeed),
        block_number: null,
        block_id: null,
        next_step_at: null,
        created_ms: ctx.clock.now(),
        locked_ms: null,
      })
      .execute();
    const betId = await stake(ctx, unit, user.id, id, 1, price);
    await unit.tx
      .insertInto('battle_seats')
      .values({ battle_id: id, seat: 1, user_id: user.id, bet_id: betId })
      .execute();
    // counted after the debit: it locked the user's row, so a racing create of the same user sees ours
    const open = await unit.tx
      .selectFrom('battles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('creator_id', '=', user.id)
      .where('status', '=', BATTLE_STATUS.waiting)
      .executeTakeFirstOrThrow();
    if (Number(open.n) > BATTLE_MAX_OPEN_PER_USER) throw Errors.badRequest(BATTLE_TEXT.tooMany);
  });
  return id;
}

async function lockBattle(tx: Tx, id: string) {
  const b = await tx
    .selectFrom('battles')
    .select(['id', 'status', 'seat_count', 'price', 'creator_id'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!b) throw Errors.notFound(BATTLE_TEXT.notFound);
  if (b.status !== BATTLE_STATUS.waiting) throw Errors.badRequest(BATTLE_TEXT.started);
  return b;
}

/**
 * Puts a player (userId) or a bot (null) on a seat. One transaction with the battle row locked:
 * racing joins queue on that lock and the loser finds the seat or the battle taken; the unique
 * indexes refuse a second seat for a player or a doubled seat whatever happens. A player pays the
 * stake in the same transaction (not enough balance: nothing changes). The last seat locks the battle.
 */
export async function takeSeat(
  ctx: Ctx,
  opts: { battleId: string; seatIndex: number; userId: number | null; byUserId: number },
): Promise<SeatChange> {
  const seat = opts.seatIndex + 1;
  try {
    return await inTransaction(ctx.db, async (unit) => {
      const b = await lockBattle(unit.tx, opts.battleId);
      if (opts.userId === null && b.creator_id !== opts.byUserId)
        throw new AppError('forbidden', BATTLE_TEXT.creatorOnly, 403);
      if (seat > b.seat_count) throw Errors.badRequest(BATTLE_TEXT.badSeat);
      const seats = await unit.tx
        .selectFrom('battle_seats')
        .select(['seat', 'user_id', 'bet_id'])
        .where('battle_id', '=', b.id)
        .execute();
      if (opts.userId !== null && seats.some((s) => s.user_id === opts.userId))
        throw Errors.badRequest(BATTLE_TEXT.alreadyIn);
      if (seats.some((s) => s.seat === seat)) throw Errors.badRequest(BATTLE_TEXT.seatTaken);
      const betId = opts.userId === null ? null : await stake(ctx, unit, opts.userId, b.id, seat, b.price);
      await unit.tx
        .insertInto('battle_seats')
        .values({ battle_id: b.id, seat, user_id: opts.userId, bet_id: betId })
        .execute();
      const filled = seats.length + 1 === b.seat_count;
      if (filled) {
        const now = ctx.clock.now();
        await sql`UPDATE battles SET status = ${BATTLE_STATUS.running}, locked_ms = ${now}, next_step_at = ${now}
                  WHERE id = ${b.id} AND status = ${BATTLE_STATUS.waiting}`.execute(unit.tx);
        // the stakes' rake accrues when the battle finishes (finishBattle): a full battle can still be
        // refunded (its block never comes, its table cannot be read) and must then leave no rake
      }
      return { battleId: b.id, filled };
    });
  } catch (err) {
    // belt and braces: the unique indexes speak when the checks above were somehow raced
    if (pgErrorCode(err) === '23505') throw Errors.badRequest(BATTLE_TEXT.seatTaken);
    throw err;
  }
}

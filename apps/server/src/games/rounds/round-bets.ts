import type { PlayerLevel } from '@coinsite/shared';
import { levelForWagerCents } from '@coinsite/shared/vip';
import { type RawBuilder, sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import type { Unit } from '../../platform/tx.ts';
import { accrueSettled } from '../../economy/wager-hooks.ts';

export type RoundGame = 'crash' | 'roulette';

/**
 * Ledger keys of round bets: one bet, at most one win or refund per bet, whichever node writes it.
 * accrueRoundStakes builds the same keys in SQL.
 */
export const ledgerKey = {
  bet: (game: RoundGame, betId: number) => `${game}:bet:${betId}`,
  win: (game: RoundGame, betId: number) => `${game}:win:${betId}`,
  refund: (game: RoundGame, betId: number) => `${game}:refund:${betId}`,
};

export interface RoundBetInput {
  game: RoundGame;
  userId: number;
  amount: number;
  color?: 'red' | 'green' | 'black';
  autoCashout?: number;
}

export interface PlacedRoundBet {
  betId: number;
  roundId: number;
  username: string;
  avatar: string;
  wager: number;
  /** the player is in ghost mode (platform/ghost.ts) */
  ghost: boolean;
}

/**
 * A bet on the game's round that is taking bets, inside the caller's transaction: the round row is
 * share-locked with the insert, so the leader's close of betting waits for bets in flight and every
 * bet after it finds no open round. Then the stake is debited through the wallet (and added to the
 * wager); its rake accrues when the round settles it (accrueRoundStakes), never here, so a refunded
 * bet earns nothing. Null when no round is taking bets; a second crash bet in one round fails on the
 * unique index (23505).
 */
export async function insertRoundBet(
  ctx: Ctx,
  unit: Unit,
  now: RawBuilder<Date>,
  input: RoundBetInput,
): Promise<PlacedRoundBet | null> {
  const { game, userId, amount } = input;
  const res = await sql<PlacedRoundBet>`
    WITH r AS (
      SELECT id FROM rounds
      WHERE game = ${game} AND status = 'betting' AND betting_ends_at > ${now}
      FOR SHARE
    ), b AS (
      INSERT INTO round_bets (round_id, game, user_id, amount, color, auto_cashout)
      SELECT r.id, ${game}, ${userId}, ${amount}, ${input.color ?? null}, ${input.autoCashout ?? null} FROM r
      RETURNING id, round_id
    )
    SELECT b.id AS "betId", b.round_id AS "roundId", u.username, u.avatar, u.wager, u.ghost
    FROM b JOIN users u ON u.id = ${userId}`.execute(unit.tx);
  const bet = res.rows[0];
  if (!bet) return null;
  await ctx.wallet.apply(unit, {
    userId,
    delta: -amount,
    kind: 'bet',
    ref: `${game}:${bet.roundId}`,
    idempotencyKey: ledgerKey.bet(game, bet.betId),
    wager: amount,
  });
  return { ...bet, wager: bet.wager + amount };
}

/** Credits a settled bet's payout once (the key refuses a second credit). */
export async function creditWin(
  ctx: Ctx,
  unit: Unit,
  bet: { id: number; userId: number; roundId: number },
  game: RoundGame,
  payout: number,
  notifyDelayMs = 0,
): Promise<void> {
  if (payout <= 0) return;
  await ctx.wallet.apply(unit, {
    userId: bet.userId,
    delta: payout,
    kind: 'win',
    ref: `${game}:${bet.roundId}`,
    idempotencyKey: ledgerKey.win(game, bet.id),
    notifyDelayMs,
  });
}

/**
 * The rake of every settled bet of a round (cashed, won or lost), in the transaction that ends the
 * round (after its wallet credits): rakeback and the affiliate's cut, recorded per bet in
 * rake_accruals under the bet's ledger keys. A bet already accrued is skipped.
 */
export async function accrueRoundStakes(unit: Unit, game: RoundGame, roundId: number): Promise<void> {
  await accrueSettled(
    unit,
    game,
    sql`SELECT ${game}::text || ':bet:' || id AS stake_key, ${game}::text || ':refund:' || id AS refund_key,
               user_id, amount AS stake
        FROM round_bets
        WHERE round_id = ${roundId} AND status IN ('cashed', 'won', 'lost')`,
  );
}

/**
 * Refunds every bet of the round still active (and takes its stake back out of the wager), marking
 * them refunded in the same transaction. Their rake never accrued (it does only at settlement), so
 * nothing else is undone. Returns how many were refunded.
 */
export async function refundActiveBets(
  ctx: Ctx,
  unit: Unit,
  now: RawBuilder<Date>,
  game: RoundGame,
  roundId: number,
): Promise<number> {
  const rows = await unit.tx
    .updateTable('round_bets')
    .set({ status: 'refunded', settled_at: now })
    .where('round_id', '=', roundId)
    .where('status', '=', 'active')
    .returning(['id', 'user_id', 'amount'])
    .execute();
  for (const bet of rows) {
    await ctx.wallet.apply(unit, {
      userId: bet.user_id,
      delta: bet.amount,
      kind: 'bet_refund',
      ref: `${game}:${roundId}`,
      idempotencyKey: ledgerKey.refund(game, bet.id),
      wager: -bet.amount,
    });
  }
  return rows.length;
}

export function playerLevel(wagerCents: number): PlayerLevel {
  const l = levelForWagerCents(wagerCents);
  return { name: String(l.level), levelName: l.levelName, levelColor: l.levelColor };
}

/**
 * A hidden player's level (ghost mode): no level to recognise a high roller by. Still an object:
 * the original client reads `level.levelColor` and `level.name` unguarded.
 */
export const HIDDEN_LEVEL: PlayerLevel = { name: '', levelName: '', levelColor: '#9CA3AF' };

/** The level a round's or a flip's row shows: the player's, or none when the audience sees "Hidden". */
export const shownLevel = (who: { hidden: boolean }, wagerCents: number): PlayerLevel =>
  who.hidden ? HIDDEN_LEVEL : playerLevel(wagerCents);

export interface RoundBetRow {
  id: number;
  userId: number;
  username: string;
  avatar: string;
  ghost: boolean;
  wager: number;
  amount: number;
  color: 'red' | 'green' | 'black' | null;
  status: 'active' | 'cashed' | 'won' | 'lost' | 'refunded';
  cashout: number | null;
  payout: number;
}

/** The bets of a round with their players, oldest first. */
export function roundBets(ctx: Ctx, roundId: number): Promise<RoundBetRow[]> {
  return ctx.db
    .selectFrom('round_bets as b')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.user_id as userId',
      'u.username',
      'u.avatar',
      'u.ghost',
      'u.wager',
      'b.amount',
      'b.color',
      'b.status',
      'b.cashout',
      'b.payout',
    ])
    .where('b.round_id', '=', roundId)
    .orderBy('b.id')
    .execute();
}

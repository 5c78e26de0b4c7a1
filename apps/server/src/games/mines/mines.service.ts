import {
  minePositions,
  minesCashoutError,
  minesCountError,
  minesMultiplier,
  minesPayout,
  MINES_TILES,
} from '@coinsite/shared/fairness';
import { coinsToCents } from '@coinsite/shared';
import { minesCappedPayout } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { SocketUser } from '../../platform/realtime.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { inTransaction, pgErrorCode, type Unit } from '../../platform/tx.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import { publishBet } from '../engine/live-feed.ts';

/** What the bets row of a mines game keeps. `mines` never leaves the server before the game ends. */
export interface MinesOutcome {
  minesCount: number;
  mines: number[];
  revealed: number[];
  edgePct: number;
  /** The max profit (cents) when the game began; games stored before it had none (MAX_PROFIT then). */
  maxProfit?: number;
  hit?: number;
}

export const NO_GAME = 'No active game found.';
export const MINE_HIT = 'You revealed a mine! Game over.';
export const CASHOUT_OK = 'Cashout successful!';

interface OpenGame {
  id: number;
  stake: number;
  outcome: MinesOutcome;
}

async function lockOpenGame(unit: Unit, userId: number): Promise<OpenGame | null> {
  const row = await unit.tx
    .selectFrom('bets')
    .select(['id', 'stake', 'outcome'])
    .where('user_id', '=', userId)
    .where('game', '=', 'mines')
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
  return row ? { id: row.id, stake: row.stake, outcome: row.outcome as MinesOutcome } : null;
}

export async function startMines(
  ctx: Ctx,
  user: SocketUser,
  amountCoins: number,
  minesCount: number,
): Promise<void> {
  const countError = minesCountError(minesCount);
  if (countError) throw Errors.badRequest(countError);
  const stake = stakeCents(amountCoins);
  const edgePct = ctx.config.MINES_EDGE_PCT;
  try {
    await placeBet<MinesOutcome>(ctx, { user, game: 'mines', stake }, (seeds) => ({
      payout: 0,
      multiplier: 0,
      status: 'open',
      outcome: {
        minesCount,
        mines: minePositions(seeds, minesCount),
        revealed: [],
        edgePct,
        maxProfit: coinsToCents(ctx.config.MAX_PROFIT),
      },
    }));
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest('You already have a mines game in progress.');
    throw err;
  }
}

export type RevealResult =
  | { kind: 'safe'; tileIndex: number; multiplier: number; profit: number; finished: false }
  | { kind: 'mine'; grid: Grid }
  | { kind: 'cleared'; grid: Grid; payout: number };

export type Grid = Array<{ isMine: boolean; revealed: true }>;

export function fullGrid(mines: number[]): Grid {
  return Array.from({ length: MINES_TILES }, (_, i) => ({
    isMine: mines.includes(i),
    revealed: true as const,
  }));
}

async function settle(
  ctx: Ctx,
  unit: Unit,
  userId: number,
  game: OpenGame,
  outcome: MinesOutcome,
  payout: number,
  multiplier: number,
) {
  await unit.tx
    .updateTable('bets')
    .set({
      status: 'settled',
      payout,
      multiplier,
      outcome: sql`${JSON.stringify(outcome)}::jsonb`,
      settled_at: new Date(),
    })
    .where('id', '=', game.id)
    .execute();
  if (payout > 0) {
    await ctx.wallet.apply(unit, {
      userId,
      delta: payout,
      kind: 'win',
      ref: String(game.id),
      idempotencyKey: `win:${game.id}`,
    });
  }
}

/**
 * The cash-out after k ≥ 1 safe tiles: floor(stake × multiplier), capped at stake + max profit
 * (issue 9 item 5). A capped payout records the multiplier it amounts to, so a bet's row and the
 * live feed never show more than was paid.
 */
function cashoutOf(ctx: Ctx, stake: number, o: MinesOutcome, k: number) {
  const full = minesMultiplier(o.minesCount, k, o.edgePct);
  const { payout, capped } = minesCappedPayout(
    stake,
    minesPayout(stake, o.minesCount, k, o.edgePct),
    o.maxProfit ?? coinsToCents(ctx.config.MAX_PROFIT),
  );
  return { payout, capped, multiplier: capped ? Math.floor((payout * 10000) / stake) : full };
}

export async function revealTile(ctx: Ctx, user: SocketUser, tileIndex: number): Promise<RevealResult> {
  const result = await inTransaction(ctx.db, async (unit) => {
    const game = await lockOpenGame(unit, user.id);
    if (!game) throw new AppError('no_game', NO_GAME, 404);
    const o = game.outcome;
    if (o.revealed.includes(tileIndex)) throw Errors.badRequest('This tile is already revealed.');
    if (o.mines.includes(tileIndex)) {
      await settle(ctx, unit, user.id, game, { ...o, hit: tileIndex }, 0, 0);
      return {
        kind: 'mine' as const,
        grid: fullGrid(o.mines),
        stake: game.stake,
        id: game.id,
        payout: 0,
        multiplier: 0,
      };
    }
    const revealed = [...o.revealed, tileIndex];
    const { payout, multiplier, capped } = cashoutOf(ctx, game.stake, o, revealed.length);
    // a cleared board, or a game at the max profit, is cashed out for the player
    if (revealed.length === MINES_TILES - o.minesCount || capped) {
      await settle(ctx, unit, user.id, game, { ...o, revealed }, payout, multiplier);
      return {
        kind: 'cleared' as const,
        grid: fullGrid(o.mines),
        stake: game.stake,
        id: game.id,
        payout,
        multiplier,
      };
    }
    await unit.tx
      .updateTable('bets')
      .set({ outcome: sql`${JSON.stringify({ ...o, revealed })}::jsonb` })
      .where('id', '=', game.id)
      .execute();
    const profit = payout - game.stake;
    return {
      kind: 'safe' as const,
      tileIndex,
      multiplier,
      profit,
      finished: false as const,
      stake: game.stake,
      id: game.id,
      payout: 0,
    };
  });
  if (result.kind !== 'safe') {
    publishBet(
      ctx,
      {
        userId: user.id,
        game: 'mines',
        stake: result.stake,
        payout: result.payout,
        multiplier: result.multiplier,
        betId: result.id,
      },
      user,
      0,
    );
  }
  if (result.kind === 'safe')
    return { kind: 'safe', tileIndex, multiplier: result.multiplier, profit: result.profit, finished: false };
  if (result.kind === 'mine') return { kind: 'mine', grid: result.grid };
  return { kind: 'cleared', grid: result.grid, payout: result.payout };
}

export async function cashoutMines(ctx: Ctx, user: SocketUser): Promise<{ grid: Grid; payout: number }> {
  const done = await inTransaction(ctx.db, async (unit) => {
    const game = await lockOpenGame(unit, user.id);
    if (!game) throw new AppError('no_game', NO_GAME, 404);
    const o = game.outcome;
    const err = minesCashoutError(o.revealed.length);
    if (err) throw Errors.badRequest(err);
    const { payout, multiplier } = cashoutOf(ctx, game.stake, o, o.revealed.length);
    await settle(ctx, unit, user.id, game, o, payout, multiplier);
    return { grid: fullGrid(o.mines), payout, multiplier, stake: game.stake, id: game.id };
  });
  publishBet(
    ctx,
    {
      userId: user.id,
      game: 'mines',
      stake: done.stake,
      payout: done.payout,
      multiplier: done.multiplier,
      betId: done.id,
    },
    user,
    0,
  );
  return { grid: done.grid, payout: done.payout };
}

/** The open game as the player may see it: revealed tiles only, never the mines. */
export async function openGameView(ctx: Ctx, userId: number) {
  const row = await ctx.db
    .selectFrom('bets')
    .select(['stake', 'outcome'])
    .where('user_id', '=', userId)
    .where('game', '=', 'mines')
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!row) return null;
  const o = row.outcome as MinesOutcome;
  const k = o.revealed.length;
  const multiplier = minesMultiplier(o.minesCount, k, o.edgePct);
  const profit = k > 0 ? minesPayout(row.stake, o.minesCount, k, o.edgePct) - row.stake : 0;
  return {
    status: 'inprogress' as const,
    amount: row.stake / 100,
    minesCount: o.minesCount,
    multiplier: multiplier / 10000,
    profit: profit / 100,
    grid: Array.from({ length: MINES_TILES }, (_, i) => ({ revealed: o.revealed.includes(i) })),
  };
}

/** The last finished game's full grid. */
export async function lastFinishedGrid(ctx: Ctx, userId: number): Promise<Grid | null> {
  const row = await ctx.db
    .selectFrom('bets')
    .select(['outcome'])
    .where('user_id', '=', userId)
    .where('game', '=', 'mines')
    .where('status', '=', 'settled')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? fullGrid((row.outcome as MinesOutcome).mines) : null;
}

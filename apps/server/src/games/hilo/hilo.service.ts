import { centsToCoins, coinsToCents, type HiloOption, type HiloView } from '@coinsite/shared';
import {
  cardRank,
  cardSuit,
  HILO_MAX_CARDS,
  type HiloChoice,
  type HiloGuess,
  type HiloPlay,
  hiloCard,
  hiloCashoutError,
  hiloChoiceError,
  hiloGuessChance,
  hiloGuessMultiplier,
  hiloMultiplier,
  hiloPayout,
  hiloPlay,
  hiloRank,
  hiloStart,
  type Seeds,
} from '@coinsite/shared/fairness';
import { minesCappedPayout } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { inTransaction, pgErrorCode, type Unit } from '../../platform/tx.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import { publishBet } from '../engine/live-feed.ts';

/**
 * Hilo games (issue 32). A game is one bets row: the stake is taken by the bet engine (status
 * 'open', hooks at the stake as mines), each guess or skip deals the next card from the seed pair
 * at the game's nonce in its own transaction under the row's lock, and a loss or a cash-out closes
 * the row (the payout credited as win:<bet id>). Only dealt cards are stored or sent: the next card
 * is computed when it is dealt, and the pair cannot be rotated while the game is open
 * (seeds.service), so it stays secret. The state lives in bets.outcome: a reload or a restart
 * resumes it (GET /api/hilo/me).
 */
export interface HiloOutcome extends HiloPlay {
  /** The max profit (cents) when the game began: a win reaching it cashes the game out. */
  maxProfit: number;
  /** Set when the game closes. */
  result?: 'cashed' | 'lost';
}

export const NO_GAME = 'No active game found.';

interface OpenGame {
  id: number;
  stake: number;
  nonce: number;
  outcome: HiloOutcome;
  seeds: Seeds;
  serverSeedHash: string;
}

type GameRow = {
  id: number;
  stake: number;
  outcome: unknown;
  nonce: number | null;
  seed_pair_id: number | null;
};

async function withSeeds(unit: Unit, row: GameRow): Promise<OpenGame> {
  const pair = await unit.tx
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed', 'server_seed_hash'])
    .where('id', '=', Number(row.seed_pair_id))
    .executeTakeFirstOrThrow();
  const nonce = Number(row.nonce);
  return {
    id: row.id,
    stake: row.stake,
    nonce,
    outcome: row.outcome as HiloOutcome,
    seeds: { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce },
    serverSeedHash: pair.server_seed_hash,
  };
}

async function lockOpenGame(unit: Unit, userId: number): Promise<OpenGame | null> {
  const row = await unit.tx
    .selectFrom('bets')
    .select(['id', 'stake', 'outcome', 'nonce', 'seed_pair_id'])
    .where('user_id', '=', userId)
    .where('game', '=', 'hilo')
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
  return row ? withSeeds(unit, row) : null;
}

const drawFrom = (seeds: Seeds) => (k: number) => hiloCard(seeds, k);

/** What a cash-out pays now: floor(stake × multiplier), capped at stake + the game's max profit. */
function cashoutOf(stake: number, o: HiloOutcome) {
  const full = hiloMultiplier(o.won);
  const { payout, capped } = minesCappedPayout(stake, hiloPayout(stake, o.won), o.maxProfit);
  return { payout, capped, multiplier: capped ? Math.floor((payout * 10000) / stake) : full };
}

function option(rank: number, guess: HiloGuess): HiloOption | null {
  const m = hiloGuessMultiplier(rank, guess);
  return m === 0 ? null : { multiplier: m / 10000, chance: hiloGuessChance(rank, guess) / 100 };
}

/** The game as the player may see it: the dealt cards only. */
export function viewOf(
  game: Omit<OpenGame, 'seeds'> & { seeds: { clientSeed: string } },
  payout?: number,
): HiloView {
  const o = game.outcome;
  const status = o.result ?? (o.status === 'lost' ? 'lost' : 'active');
  const current = o.cards[o.cards.length - 1] ?? 0;
  const rank = hiloRank(current);
  const active = status === 'active';
  const { payout: now, multiplier } = cashoutOf(game.stake, o);
  return {
    id: String(game.id),
    status,
    amount: centsToCoins(game.stake),
    cards: o.cards.map((c) => ({ index: c, rank: cardRank(c), suit: cardSuit(c) })),
    steps: o.steps.map((s) =>
      s.choice === 'skip' ? { choice: s.choice } : { choice: s.choice, win: s.win === true },
    ),
    multiplier: (o.won.length > 0 ? multiplier : 10_000) / 10000,
    cashout: o.won.length > 0 ? centsToCoins(now) : 0,
    ...(payout !== undefined ? { payout: centsToCoins(payout) } : {}),
    options: active
      ? { higher: option(rank, 'higher'), lower: option(rank, 'lower'), same: option(rank, 'same') }
      : { higher: null, lower: null, same: null },
    skips: o.skips,
    canSkip: active && hiloChoiceError(rank, 'skip', o.skips, o.cards.length) === null,
    canCashout: active && hiloCashoutError(o.won.length) === null,
    nonce: game.nonce,
    serverSeedHash: game.serverSeedHash,
    clientSeed: game.seeds.clientSeed,
  };
}

interface Done {
  view: HiloView;
  feed?: { id: number; stake: number; payout: number; multiplier: number };
}

/** Closes the game: the row settled under its lock, a payout credited in the same transaction. */
async function close(
  ctx: Ctx,
  unit: Unit,
  userId: number,
  game: OpenGame,
  outcome: HiloOutcome,
): Promise<Done> {
  const cashed = outcome.result === 'cashed';
  const { payout, multiplier } = cashed ? cashoutOf(game.stake, outcome) : { payout: 0, multiplier: 0 };
  const res = await unit.tx
    .updateTable('bets')
    .set({
      status: 'settled',
      payout,
      multiplier,
      outcome: sql`${JSON.stringify(outcome)}::jsonb`,
      settled_at: new Date(),
    })
    .where('id', '=', game.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('no_game', NO_GAME, 404);
  if (payout > 0) {
    await ctx.wallet.apply(unit, {
      userId,
      delta: payout,
      kind: 'win',
      ref: String(game.id),
      idempotencyKey: `win:${game.id}`,
    });
  }
  return {
    view: viewOf({ ...game, outcome }, payout),
    feed: { id: game.id, stake: game.stake, payout, multiplier },
  };
}

function announce(ctx: Ctx, user: SocketUser, done: Done): HiloView {
  if (done.feed) {
    publishBet(ctx, { userId: user.id, game: 'hilo', ...done.feed, betId: done.feed.id }, user, 0);
  }
  return done.view;
}

/** Starts a game: the stake through the bet engine, the start card from the seed pair at its nonce. */
export async function startHilo(ctx: Ctx, user: SocketUser, amountCoins: number): Promise<HiloView> {
  const stake = stakeCents(amountCoins);
  const maxProfit = coinsToCents(ctx.config.MAX_PROFIT);
  try {
    await placeBet<HiloOutcome>(ctx, { user, game: 'hilo', stake }, (seeds) => ({
      payout: 0,
      multiplier: 0,
      status: 'open',
      outcome: { ...hiloStart(drawFrom(seeds)), maxProfit },
    }));
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest('You already have a hilo game in progress.');
    throw err;
  }
  const view = await openGameView(ctx, user.id);
  if (!view) throw new AppError('no_game', NO_GAME, 404);
  return view;
}

/** A guess or a skip: deals the next card; a loss closes the game, a win at the max profit cashes it out. */
export async function guessHilo(ctx: Ctx, user: SocketUser, choice: HiloChoice): Promise<HiloView> {
  const done = await inTransaction(ctx.db, async (unit): Promise<Done> => {
    const game = await lockOpenGame(unit, user.id);
    if (!game) throw new AppError('no_game', NO_GAME, 404);
    const o = game.outcome;
    const current = o.cards[o.cards.length - 1] ?? 0;
    const err = hiloChoiceError(hiloRank(current), choice, o.skips, o.cards.length);
    if (err) throw Errors.badRequest(err);
    const next: HiloOutcome = { ...o, ...hiloPlay(o, choice, drawFrom(game.seeds)) };
    if (next.status === 'lost') return close(ctx, unit, user.id, game, { ...next, result: 'lost' });
    if (choice !== 'skip' && (cashoutOf(game.stake, next).capped || next.cards.length >= HILO_MAX_CARDS))
      return close(ctx, unit, user.id, game, { ...next, result: 'cashed' });
    await unit.tx
      .updateTable('bets')
      .set({ outcome: sql`${JSON.stringify(next)}::jsonb` })
      .where('id', '=', game.id)
      .execute();
    return { view: viewOf({ ...game, outcome: next }) };
  });
  return announce(ctx, user, done);
}

/** Cashes out after at least one won guess. */
export async function cashoutHilo(ctx: Ctx, user: SocketUser): Promise<HiloView> {
  const done = await inTransaction(ctx.db, async (unit) => {
    const game = await lockOpenGame(unit, user.id);
    if (!game) throw new AppError('no_game', NO_GAME, 404);
    const err = hiloCashoutError(game.outcome.won.length);
    if (err) throw Errors.badRequest(err);
    return close(ctx, unit, user.id, game, { ...game.outcome, result: 'cashed' });
  });
  return announce(ctx, user, done);
}

/** The open game as the player may see it, or null. */
export async function openGameView(ctx: Ctx, userId: number): Promise<HiloView | null> {
  const row = await ctx.db
    .selectFrom('bets')
    .select(['id', 'stake', 'outcome', 'nonce', 'seed_pair_id'])
    .where('user_id', '=', userId)
    .where('game', '=', 'hilo')
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!row) return null;
  const game = await inTransaction(ctx.db, (unit) => withSeeds(unit, row));
  return viewOf(game);
}

import { centsToCoins } from '@coinsite/shared';
import { HIGH_ROLLER_STAKE, LUCKY_WIN_MULTIPLIER } from '@coinsite/shared/constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { currentUser, parse, requireUser } from '../../platform/http.ts';
import { battleHistoryOf } from '../battles/battles.routes.ts';
import { caseHistoryOf } from '../cases/cases.routes.ts';
import { crashHistoryOf, rouletteHistoryOf } from '../rounds/round-history.ts';
import { recentBets, recentFeed } from './live-feed.ts';

const GAMES = [
  'dice',
  'limbo',
  'mines',
  'blackjack',
  'upgrader',
  'cases',
  'battles',
  'crash',
  'roulette',
  'coinflip',
  'slots',
] as const;

export const betsLiveQuery = z.object({ game: z.enum(GAMES, { error: 'Unknown game.' }).optional() });

export function betsRoutes(app: FastifyInstance, ctx: Ctx): void {
  /**
   * The live feed's first screen: the latest bets site-wide, optionally of one game, the player's
   * own, the high rollers' (stake ≥ HIGH_ROLLER_STAKE) and the lucky wins (≥ LUCKY_WIN_MULTIPLIER×).
   */
  app.get('/api/bets/live', async (req) => {
    const q = parse(betsLiveQuery, req.query);
    const user = await currentUser(ctx, req);
    return {
      all: await recentFeed(ctx, { game: q.game }),
      mine: user ? await recentFeed(ctx, { userId: user.id, game: q.game }) : [],
      high: await recentBets(ctx, { game: q.game, minStake: HIGH_ROLLER_STAKE * 100 }),
      lucky: await recentBets(ctx, { game: q.game, minMultiplier: LUCKY_WIN_MULTIPLIER }),
    };
  });

  /** One bet with what is needed to verify it (the server seed only once its pair is revealed). */
  app.get('/api/bets/:id', async (req) => {
    const { id } = parse(z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'Invalid bet id.') }), req.params);
    const row = await ctx.db
      .selectFrom('bets as b')
      .leftJoin('seed_pairs as s', 's.id', 'b.seed_pair_id')
      .innerJoin('users as u', 'u.id', 'b.user_id')
      .select([
        'b.id',
        'b.game',
        'b.stake',
        'b.payout',
        'b.multiplier',
        'b.status',
        'b.outcome',
        'b.nonce',
        'b.created_at',
        'u.username',
        's.server_seed',
        's.server_seed_hash',
        's.client_seed',
        's.status as seed_status',
      ])
      .where('b.id', '=', Number(id))
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Bet not found.');
    const settled = row.status === 'settled';
    return {
      id: String(row.id),
      game: row.game,
      username: row.username,
      amount: centsToCoins(row.stake),
      payout: centsToCoins(row.payout),
      multiplier: row.multiplier / 10000,
      created: row.created_at.toISOString(),
      outcome: settled ? row.outcome : null,
      seeds: {
        serverSeedHash: row.server_seed_hash,
        serverSeed: row.seed_status === 'revealed' ? row.server_seed : null,
        clientSeed: row.client_seed,
        nonce: row.nonce,
      },
    };
  });

  /** The profile's games tab. Round games fill their lists in their own issues. */
  app.get('/api/user/history', async (req) => {
    const user = await requireUser(ctx, req);
    return {
      caseBattles: await battleHistoryOf(ctx, user.id),
      cases: await caseHistoryOf(ctx, user.id),
      crash: await crashHistoryOf(ctx, user.id),
      roulette: await rouletteHistoryOf(ctx, user.id),
      games: await recentBets(ctx, { userId: user.id, limit: 100 }),
    };
  });
}

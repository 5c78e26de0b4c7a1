import { type BetView, centsToCoins } from '@coinsite/shared';
import { HIGH_ROLLER_STAKE, LUCKY_WIN_MULTIPLIER } from '@coinsite/shared/constants';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { publicUser, type Viewer, viewerOf } from '../../platform/ghost.ts';
import { currentUser, parse, requireUser } from '../../platform/http.ts';
import { battleHistoryOf } from '../battles/battles.routes.ts';
import { caseHistoryOf } from '../cases/cases.routes.ts';
import { crashHistoryOf, rouletteHistoryOf } from '../rounds/round-history.ts';
import { COINFLIP_BET_ID, coinflipBetDetails, recentCoinflipBets } from '../coinflip/coinflip.bets.ts';
import { ROUND_BET_ID, roundBetDetails } from '../rounds/round-bet-details.ts';
import { recentBets, recentFeed } from './live-feed.ts';
import type { Feature } from '../../platform/feature.ts';

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
  'plinko',
  'wheel',
  'keno',
  'hilo',
] as const;

/** An instant game's bet id, or a crash or roulette bet's feed id (`crash-12`). */
export const betIdParams = z.object({
  id: z
    .string()
    .regex(/^(?:[0-9]{1,18}|(?:crash|roulette)-[0-9]{1,18}|coinflip-[0-9]{1,18}-[12])$/, 'Invalid bet id.'),
});

export const betsLiveQuery = z.object({ game: z.enum(GAMES, { error: 'Unknown game.' }).optional() });

/** The feed's first screen with the coinflip seats among the bets (newest first). */
async function feedOf(
  ctx: Ctx,
  opts: { userId?: number; game?: string; viewer?: Viewer },
): Promise<BetView[]> {
  const flips = () =>
    recentCoinflipBets(ctx, { userId: opts.userId, limit: FEED_FIRST_SCREEN, viewer: opts.viewer ?? null });
  if (opts.game === 'coinflip') return flips();
  const bets = await recentFeed(ctx, opts);
  if (opts.game) return bets;
  return [...bets, ...(await flips())]
    .sort((a, b) => b.created.localeCompare(a.created))
    .slice(0, FEED_FIRST_SCREEN);
}
const FEED_FIRST_SCREEN = 20;

export function betsRoutes(app: FastifyInstance, ctx: Ctx): void {
  /**
   * The live feed's first screen: the latest bets site-wide, optionally of one game, the player's
   * own, the high rollers' (stake ≥ HIGH_ROLLER_STAKE) and the lucky wins (≥ LUCKY_WIN_MULTIPLIER×).
   */
  app.get('/api/bets/live', async (req) => {
    const q = parse(betsLiveQuery, req.query);
    const user = await currentUser(ctx, req);
    const viewer = viewerOf(user);
    return {
      all: await feedOf(ctx, { game: q.game, viewer }),
      mine: user ? await feedOf(ctx, { userId: user.id, game: q.game, viewer }) : [],
      high: await recentBets(ctx, { game: q.game, minStake: HIGH_ROLLER_STAKE * 100, viewer }),
      lucky: await recentBets(ctx, { game: q.game, minMultiplier: LUCKY_WIN_MULTIPLIER, viewer }),
    };
  });

  /** One bet with what is needed to verify it (the server seed only once its pair is revealed). */
  app.get('/api/bets/:id', async (req) => {
    const { id } = parse(betIdParams, req.params);
    const viewer = viewerOf(await currentUser(ctx, req));
    // a crash or roulette bet (the live feed's `crash-12`): its round gives the seeds and the result
    const round = ROUND_BET_ID.exec(id);
    if (round) return roundBetDetails(ctx, round[1] as 'crash' | 'roulette', Number(round[2]), viewer);
    const flip = COINFLIP_BET_ID.exec(id);
    if (flip) return coinflipBetDetails(ctx, Number(flip[1]), flip[2] === '1' ? 1 : 2, viewer);
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
        'b.user_id',
        'u.username',
        'u.avatar',
        'u.ghost',
        's.server_seed',
        's.server_seed_hash',
        's.client_seed',
        's.status as seed_status',
      ])
      .where('b.id', '=', Number(id))
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Bet not found.');
    const settled = row.status === 'settled';
    const who = publicUser(
      ctx,
      { id: row.user_id, username: row.username, avatar: row.avatar, ghost: row.ghost },
      viewer,
    );
    return {
      id: String(row.id),
      game: row.game,
      username: who.username,
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
      games: await recentBets(ctx, { userId: user.id, limit: 100, viewer: viewerOf(user) }),
    };
  });
}

/** The bets feeds and a bet's details. */
export const feature: Feature = { name: 'bets', routes: betsRoutes };

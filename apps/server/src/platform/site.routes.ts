import {
  centsToCoins,
  type PrivacyView,
  privacyBody,
  profileBody,
  type ProfileView,
  RANK,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from './context.ts';
import { Errors } from './errors.ts';
import { currentUser, parse, requireUser } from './http.ts';

export function siteRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** 503 in maintenance for everyone but admins; also tells the client whether to load a captcha. */
  app.get('/api/site', async (req, reply) => {
    const maintenanceEnabled = await ctx.controls.isEnabled('maintenance');
    if (maintenanceEnabled) {
      const user = await currentUser(ctx, req);
      if (!user || user.rank < 5)
        return reply.status(503).send({ error: Errors.maintenance().message, maintenanceEnabled });
    }
    return {
      maintenanceEnabled,
      recaptchaSiteKey: ctx.captcha.enabled ? (ctx.config.RECAPTCHA_SITE_KEY ?? null) : null,
      supportEmail: ctx.config.SUPPORT_EMAIL,
      // the screens compute multipliers with the same edges the server pays with
      edges: {
        dice: ctx.config.DICE_EDGE_PCT,
        limbo: ctx.config.LIMBO_EDGE_PCT,
        mines: ctx.config.MINES_EDGE_PCT,
      },
      // coins one dice, limbo or mines bet may win over its stake (MAX_PROFIT)
      maxProfit: ctx.config.MAX_PROFIT,
    };
  });

  app.post('/api/user/profile', async (req) => {
    const { userid } = parse(profileBody, req.body);
    const viewer = await currentUser(ctx, req);
    return profileOf(ctx, Number(userid), viewer ? { id: viewer.id, rank: viewer.rank } : null);
  });

  /** Settings → Privacy: hide the profile figures from other players (as Stake allows). */
  app.post('/api/user/settings/privacy', async (req): Promise<PrivacyView> => {
    const user = await requireUser(ctx, req);
    const { hideStats } = parse(privacyBody, req.body);
    await ctx.db.updateTable('users').set({ hide_stats: hideStats }).where('id', '=', user.id).execute();
    return { hideStats };
  });
}

/**
 * The public profile: game and cashier figures are derived from the ledger, never stored twice. A
 * player who hid their stats shows them only to themselves and admins; never an email or a balance.
 */
export async function profileOf(
  ctx: Ctx,
  userId: number,
  viewer: { id: number; rank: number } | null = null,
): Promise<ProfileView> {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'wager', 'created_at', 'hide_stats'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw Errors.notFound('User not found.');
  const identity = {
    _id: String(user.id),
    username: user.username,
    avatar: ctx.assets.avatar(user.avatar),
    created: user.created_at.toISOString(),
    statsHidden: user.hide_stats,
  };
  const mayView =
    !user.hide_stats || (viewer !== null && (viewer.id === user.id || viewer.rank >= RANK.admin));
  if (!mayView)
    return {
      ...identity,
      wager: null,
      profit: null,
      gamesPlayed: null,
      gamesWon: null,
      totalDeposited: null,
      totalWithdrawn: null,
    };
  const stats = await sql<{
    bets: number;
    wins: number;
    profit: number;
    deposited: number;
    withdrawn: number;
  }>`
    SELECT
      COUNT(*) FILTER (WHERE kind = 'bet')::bigint AS bets,
      COUNT(*) FILTER (WHERE kind = 'win')::bigint AS wins,
      COALESCE(SUM(delta) FILTER (WHERE kind IN ('bet', 'win', 'bet_refund')), 0)::bigint AS profit,
      COALESCE(SUM(delta) FILTER (WHERE kind = 'deposit'), 0)::bigint AS deposited,
      COALESCE(-SUM(delta) FILTER (WHERE kind IN ('withdraw', 'withdraw_refund')), 0)::bigint AS withdrawn
    FROM ledger_entries WHERE user_id = ${userId}`.execute(ctx.db);
  const s = stats.rows[0];
  return {
    ...identity,
    wager: centsToCoins(user.wager),
    profit: centsToCoins(s?.profit ?? 0),
    gamesPlayed: s?.bets ?? 0,
    gamesWon: s?.wins ?? 0,
    totalDeposited: centsToCoins(s?.deposited ?? 0),
    totalWithdrawn: centsToCoins(s?.withdrawn ?? 0),
  };
}

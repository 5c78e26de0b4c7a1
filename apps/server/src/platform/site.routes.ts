import {
  centsToCoins,
  type GhostView,
  ghostBody,
  type PrivacyView,
  privacyBody,
  profileBody,
  type ProfileView,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Ctx } from './context.ts';
import { Errors } from './errors.ts';
import { currentUser, parse, requireUser } from './http.ts';
import { kindsOf } from './wallet.ts';
import { publicUser, seesThrough } from './ghost.ts';
import type { Feature } from './feature.ts';

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
      // the registration form and the date-of-birth dialog refuse what the server refuses
      refusedRegions: ctx.config.refusedRegions,
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

  /** Settings → Privacy: ghost mode, "Hidden" to other players everywhere (platform/ghost.ts). */
  app.post('/api/user/settings/ghost', async (req): Promise<GhostView> => {
    const user = await requireUser(ctx, req);
    const { ghost } = parse(ghostBody, req.body);
    await ctx.db.updateTable('users').set({ ghost }).where('id', '=', user.id).execute();
    return { ghost };
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
    .select(['id', 'username', 'avatar', 'wager', 'created_at', 'hide_stats', 'ghost'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw Errors.notFound('User not found.');
  // a ghost (chat profile click) is "Hidden" to other players: no figures, no account id, no join date
  const shown = publicUser(ctx, user, viewer);
  const identity = {
    _id: shown.hidden ? '' : String(user.id),
    username: shown.username,
    avatar: shown.avatar,
    created: shown.hidden ? '' : user.created_at.toISOString(),
    statsHidden: user.hide_stats || shown.hidden,
    ghost: user.ghost && !shown.hidden,
  };
  const mayView = !identity.statsHidden || seesThrough(viewer, user.id);
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
      COALESCE(SUM(delta) FILTER (WHERE kind = ANY(${kindsOf('stake', 'win', 'refund')}::text[])), 0)::bigint AS profit,
      COALESCE(SUM(delta) FILTER (WHERE kind = ANY(${kindsOf('deposit')}::text[])), 0)::bigint AS deposited,
      COALESCE(-SUM(delta) FILTER (WHERE kind = ANY(${kindsOf('withdrawal', 'withdrawal_refund')}::text[])), 0)::bigint AS withdrawn
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

/** The site's public routes: settings, profiles, the live counters. */
export const feature: Feature = { name: 'site', routes: siteRoutes };

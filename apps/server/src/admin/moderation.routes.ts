import { type AdminFeaturesView, banUserBody, RANK, userId as userIdSchema } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import { Errors } from '../platform/errors.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { inTransaction } from '../platform/tx.ts';

/** Optional admin panels and the route each needs; the dialog shows a panel only when it exists. */
const OPTIONAL_PANELS = {
  trivia: { method: 'PUT', url: '/api/external/v1/trivia/create' },
  giveaway: { method: 'PUT', url: '/api/external/v1/giveaway/create' },
  race: { method: 'PUT', url: '/api/external/v1/race/create' },
} as const;

/** Ban/unban and the admin dialog's feature probe (rank 5 only; changes go to the audit log). */
export function moderationRoutes(app: FastifyInstance, ctx: Ctx): void {
  // Asked at request time: every feature module has registered its routes by then, so a panel whose
  // server side arrives in a later module lights up without touching the dialog.
  app.get('/api/external/v1/features', async (req): Promise<AdminFeaturesView> => {
    await requireAdmin(ctx, req);
    return {
      trivia: app.hasRoute(OPTIONAL_PANELS.trivia),
      giveaway: app.hasRoute(OPTIONAL_PANELS.giveaway),
      race: app.hasRoute(OPTIONAL_PANELS.race),
    };
  });

  app.post('/api/external/v1/users/:id/ban', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { id } = parse(z.object({ id: userIdSchema }), req.params);
    const { banned } = parse(banUserBody, req.body);
    await setBanned(ctx, admin.id, Number(id), banned);
    return { _id: id, banned };
  });
}

/**
 * Bans or unbans a user for a rank-5 actor (the admin route and the chat's `.ban-user`): written to
 * the audit log in the same transaction; a ban revokes every session and, once committed, sends the
 * user's open tabs `user banned` and disconnects them.
 */
export async function setBanned(
  ctx: Ctx,
  actorId: number,
  userId: number,
  banned: boolean,
  source: 'admin' | 'chat' = 'admin',
): Promise<void> {
  if (userId === actorId) throw Errors.badRequest('You cannot ban yourself.');
  await inTransaction(ctx.db, async (unit) => {
    const target = await unit.tx
      .selectFrom('users')
      .select(['rank'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!target) throw Errors.notFound('User not found.');
    if (banned && target.rank >= RANK.admin) throw Errors.badRequest('Admins cannot be banned.');
    await unit.tx.updateTable('users').set({ banned }).where('id', '=', userId).execute();
    await writeAudit(unit.tx, {
      actorId,
      action: banned ? 'ban-user' : 'unban-user',
      target: String(userId),
      details: { banned, source },
    });
    // a ban ends every session (DESIGN §7): unbanning later needs a fresh sign-in. Once committed,
    // the open tabs are told (`session-ended` banned, `user banned`: sent to /banned) and disconnected.
    if (banned) await ctx.sessions.revokeAll(userId, 'banned', unit);
  });
}

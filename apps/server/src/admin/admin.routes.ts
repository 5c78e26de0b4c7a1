import { sql } from 'kysely';
import {
  adjustBalanceBody,
  coinsToCents,
  centsToCoins,
  toggleControlBody,
  userId as userIdSchema,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import { Errors } from '../platform/errors.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { inTransaction } from '../platform/tx.ts';
import { auditRoutes } from './audit.routes.ts';
import { moderationRoutes } from './moderation.routes.ts';
import type { Feature } from '../platform/feature.ts';

/** /api/external/v1: rank 5 only; every change is written to the audit log. */
export function adminRoutes(app: FastifyInstance, ctx: Ctx): void {
  moderationRoutes(app, ctx);
  auditRoutes(app, ctx);
  app.get('/api/external/v1/controls/', async (req) => {
    await requireAdmin(ctx, req);
    return ctx.controls.view();
  });

  app.post('/api/external/v1/controls/toggle-state', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { name } = parse(toggleControlBody, req.body);
    const currentState = await ctx.controls.toggle(name);
    await audit(ctx, admin.id, 'toggle-control', name, { enabled: currentState });
    return { currentState };
  });

  app.get('/api/external/v1/users/list', async (req) => {
    await requireAdmin(ctx, req);
    const rows = await ctx.db
      .selectFrom('users')
      .select(['id', 'username', 'avatar', 'rank', 'balance', 'banned'])
      .orderBy('id', 'desc')
      .limit(500)
      .execute();
    // issue 16: the admin sees each player's cool-off / self-exclusion and whether limits are set
    const rg = new Map(
      (
        await sql<{
          user_id: number;
          block_kind: string | null;
          blocked_until: Date | number | null;
          limits: boolean;
        }>`
          SELECT user_id, CASE WHEN blocked_until > now() THEN block_kind END AS block_kind, blocked_until,
            coalesce(deposit_day, deposit_week, deposit_month, loss_day, loss_week, loss_month,
                     wager_day, wager_week, wager_month) IS NOT NULL AS limits
          FROM rg_state WHERE user_id = ANY(${rows.map((r) => r.id)}::bigint[])`.execute(ctx.db)
      ).rows.map((r) => [r.user_id, r]),
    );
    return rows.map((u) => {
      const r = rg.get(u.id);
      const until = r?.blocked_until;
      return {
        _id: String(u.id),
        username: u.username,
        avatar: ctx.assets.avatar(u.avatar),
        rank: u.rank,
        wallet: centsToCoins(u.balance),
        banned: u.banned,
        responsibleGaming: r
          ? {
              block: r.block_kind
                ? {
                    kind: r.block_kind as 'cool_off' | 'self_exclusion',
                    until:
                      // a permanent one is 'infinity', which the drivers give as Infinity, not a Date
                      until instanceof Date &&
                      Number.isFinite(until.getTime()) &&
                      until.getUTCFullYear() < 9000
                        ? until.toISOString()
                        : null,
                  }
                : null,
              limits: r.limits,
            }
          : { block: null, limits: false },
      };
    });
  });

  app.post('/api/external/v1/users/:id/balance', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { id } = parse(z.object({ id: userIdSchema }), req.params);
    const body = parse(adjustBalanceBody, req.body);
    const delta = coinsToCents(body.amount);
    if (delta === 0) throw Errors.badRequest('Amount must be at least 0.01.');
    const userId = Number(id);
    const balance = await inTransaction(ctx.db, async (unit) => {
      const exists = await unit.tx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!exists) throw Errors.notFound('User not found.');
      const key = `admin:${randomUUID()}`;
      const after = await ctx.wallet.apply(unit, {
        userId,
        delta,
        kind: 'admin',
        ref: body.reason,
        idempotencyKey: key,
      });
      await writeAudit(unit.tx, {
        actorId: admin.id,
        action: 'adjust-balance',
        target: String(userId),
        details: { delta, reason: body.reason, key },
      });
      return after;
    });
    return { balance: centsToCoins(balance) };
  });
}

/** One audit row outside a transaction (the action itself has none): see writeAudit. */
export async function audit(
  ctx: Ctx,
  adminId: number,
  action: string,
  target: string,
  details: unknown,
): Promise<void> {
  await writeAudit(ctx.db, { actorId: adminId, action, target, details });
}

/** The back office's routes. */
export const feature: Feature = { name: 'admin', routes: adminRoutes };

import { type AuditEntry, auditLogQuery } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';
import { parse, requireAdmin } from '../platform/http.ts';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** The admin dialog's Audit tab: every admin and moderator action, filtered, newest first (rank 5). */
export function auditRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/external/v1/audit-log', async (req): Promise<AuditEntry[]> => {
    await requireAdmin(ctx, req);
    const q = parse(auditLogQuery, req.query);
    let query = ctx.db
      .selectFrom('admin_audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select(['a.id', 'a.admin_id', 'u.username', 'a.action', 'a.target', 'a.details', 'a.created_at'])
      .orderBy('a.id', 'desc')
      .limit(q.limit);
    if (q.actor) {
      const actor = q.actor;
      query = /^\d{1,15}$/.test(actor)
        ? query.where((eb) => eb.or([eb('a.admin_id', '=', Number(actor)), eb('u.username', '=', actor)]))
        : query.where('u.username', '=', actor);
    }
    if (q.action) query = query.where('a.action', '=', q.action);
    if (q.target) query = query.where('a.target', '=', q.target);
    if (q.from) query = query.where('a.created_at', '>=', new Date(q.from));
    if (q.to) {
      const end = DATE_ONLY.test(q.to) ? new Date(Date.parse(q.to) + DAY_MS) : new Date(q.to);
      query = DATE_ONLY.test(q.to)
        ? query.where('a.created_at', '<', end)
        : query.where('a.created_at', '<=', end);
    }
    if (q.before) query = query.where('a.id', '<', q.before);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: String(r.id),
      actorId: r.admin_id === null ? null : String(r.admin_id),
      actorName: r.username,
      action: r.action,
      target: r.target,
      detail: r.details,
      created: r.created_at.toISOString(),
    }));
  });

  /** The actions seen so far, for the Audit tab's action filter. */
  app.get('/api/external/v1/audit-log/actions', async (req): Promise<string[]> => {
    await requireAdmin(ctx, req);
    const rows = await ctx.db
      .selectFrom('admin_audit_log')
      .select('action')
      .distinct()
      .orderBy('action')
      .limit(500)
      .execute();
    return rows.map((r) => r.action);
  });
}

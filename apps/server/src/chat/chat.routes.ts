import { type AuditEntry, announcementBody, type ChatHistory } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { audit } from '../admin/admin.routes.ts';
import type { Ctx } from '../platform/context.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { announce, chatHistory } from './chat.service.ts';

const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  action: z.string().max(64).optional(),
});

/** GET /chat/history; announcements and the moderation audit log (rank 5). */
export function chatRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/chat/history', async (): Promise<ChatHistory> => chatHistory(ctx));

  app.post('/api/external/v1/chat/announce', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { text } = parse(announcementBody, req.body);
    await audit(ctx, admin.id, 'announce', 'chat', { text });
    announce(ctx, text);
    return { success: true };
  });

  // every moderator and admin act (who, what, target, when), newest first
  app.get('/api/external/v1/audit-log', async (req): Promise<AuditEntry[]> => {
    await requireAdmin(ctx, req);
    const q = parse(auditQuery, req.query);
    let query = ctx.db
      .selectFrom('admin_audit_log as a')
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select(['a.id', 'a.admin_id', 'u.username', 'a.action', 'a.target', 'a.details', 'a.created_at'])
      .orderBy('a.id', 'desc')
      .limit(q.limit);
    if (q.action) query = query.where('a.action', '=', q.action);
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
}

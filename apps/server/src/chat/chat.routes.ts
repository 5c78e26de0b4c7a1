import { announcementBody, type ChatHistory } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../admin/admin.routes.ts';
import type { Ctx } from '../platform/context.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { announce, chatHistory } from './chat.service.ts';

/** GET /chat/history and announcements (rank 5; the audit log is in admin/audit.routes.ts). */
export function chatRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/chat/history', async (): Promise<ChatHistory> => chatHistory(ctx));

  app.post('/api/external/v1/chat/announce', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { text } = parse(announcementBody, req.body);
    await audit(ctx, admin.id, 'announce', 'chat', { text });
    announce(ctx, text);
    return { success: true };
  });
}

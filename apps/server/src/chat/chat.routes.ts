import {
  announcementBody,
  type ChatHistory,
  type ChatSettingsView,
  centsToCoins,
  chatSettingsBody,
  coinsToCents,
  type TipLimits,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { audit } from '../admin/admin.routes.ts';
import type { Ctx } from '../platform/context.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { announce, chatHistory, chatSettings, forgetChatSettings } from './chat.service.ts';
import { rainSettings } from './rain/rain.service.ts';

/** GET /chat/history and announcements (rank 5; the audit log is in admin/audit.routes.ts). */
export function chatRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/chat/history', async (): Promise<ChatHistory> => chatHistory(ctx));

  // what the tip and tip-rain dialogs label their amount with (the operator's limits, in coins)
  app.get('/api/chat/tip-limits', async (): Promise<TipLimits> => {
    const [chat, rain] = await Promise.all([chatSettings(ctx.db), rainSettings(ctx.db)]);
    return {
      tip: { min: centsToCoins(chat.tipMin), max: centsToCoins(chat.tipMax) },
      tipRain: { min: centsToCoins(rain.tipMin), max: centsToCoins(rain.tipMax) },
    };
  });

  app.post('/api/external/v1/chat/announce', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { text } = parse(announcementBody, req.body);
    await audit(ctx, admin.id, 'announce', 'chat', { text });
    announce(ctx, text);
    return { success: true };
  });

  // the operator's chat settings (slow mode, duplicate window, level gates, tip limits)
  app.get('/api/external/v1/chat/settings', async (req): Promise<ChatSettingsView> => {
    await requireAdmin(ctx, req);
    return chatSettingsView(await chatSettings(ctx.db));
  });
  app.put('/api/external/v1/chat/settings', async (req): Promise<ChatSettingsView> => {
    const admin = await requireAdmin(ctx, req);
    const b = parse(chatSettingsBody, req.body);
    await ctx.db
      .updateTable('chat_settings')
      .set({
        slow_mode_ms: Math.round(b.slowModeSeconds * 1000),
        duplicate_window_ms: Math.round(b.duplicateWindowSeconds * 1000),
        min_level: b.minLevel,
        tip_min_level: b.tipMinLevel,
        tip_min: coinsToCents(b.tipMin),
        tip_max: coinsToCents(b.tipMax),
      })
      .execute();
    await audit(ctx, admin.id, 'chat-settings', 'chat', b);
    forgetChatSettings(ctx); // this node at once, the others within the 5 s cache
    return chatSettingsView(await chatSettings(ctx.db));
  });
}

function chatSettingsView(s: Awaited<ReturnType<typeof chatSettings>>): ChatSettingsView {
  return {
    slowModeSeconds: s.slowModeMs / 1000,
    duplicateWindowSeconds: s.duplicateWindowMs / 1000,
    minLevel: s.minLevel,
    tipMinLevel: s.tipMinLevel,
    tipMin: centsToCoins(s.tipMin),
    tipMax: centsToCoins(s.tipMax),
  };
}

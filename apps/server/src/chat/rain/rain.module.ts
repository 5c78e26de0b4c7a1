import {
  CHAT_EVENTS,
  centsToCoins,
  coinsToCents,
  enterRainPayload,
  RAIN_TEXT,
  type RainSettingsView,
  rainSettingsBody,
  type SuspiciousRainJoin,
} from '@coinsite/shared';
import { audit } from '../../admin/admin.routes.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { parse, requireAdmin } from '../../platform/http.ts';
import { chatHooksOf } from '../chat.service.ts';
import { RainLoop } from './rain.loop.ts';
import {
  currentRainPot,
  enterRain,
  type RainSettings,
  rainSettings,
  rainState,
  socketIp,
  tipRain,
} from './rain.service.ts';

const loops = new WeakMap<Ctx, RainLoop>();

/** The rain loop of a server (tests drive and stop it). */
export function rainLoopOf(ctx: Ctx): RainLoop {
  const loop = loops.get(ctx);
  if (!loop) throw new Error('rain is not registered');
  return loop;
}

export const suspiciousQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) });

/** Rain: the leader's cycle, `enter-rain`, `/tip-rain`, history's rain part, the admin's suspicious joins. */
export function rainFeature(app: FastifyInstance, ctx: Ctx): void {
  const hooks = chatHooksOf(ctx);
  hooks.rain = () => rainState(ctx);
  hooks.tipRain = (sender, cents) => tipRain(ctx, sender, cents);

  // the pot on connect and again after auth (issue 27): the original client's header starts at 0.00
  // and only ever moves to a rain-update-amount
  const sendPot = (socket: { emit(event: string, ...args: unknown[]): unknown }) => {
    currentRainPot(ctx)
      .then((pot) => socket.emit(CHAT_EVENTS.rainUpdateAmount, pot))
      .catch((err) => ctx.log.warn({ err }, 'rain pot for a new socket failed'));
  };
  ctx.realtime.ns('chat').on('connection', sendPot);
  ctx.realtime.onAuthenticated('chat', sendPot);

  ctx.realtime.handle(
    'chat',
    CHAT_EVENTS.enterRain,
    enterRainPayload,
    CHAT_EVENTS.rainJoinError,
    async (socket, [token]) => {
      const user = socket.data.user;
      if (!user) throw new AppError('unauthorized', RAIN_TEXT.signIn, 401);
      await enterRain(ctx, user.id, socketIp(ctx, socket), token);
      socket.emit(CHAT_EVENTS.rainJoinSuccess, RAIN_TEXT.joined);
    },
    { auth: false },
  );

  app.get('/api/external/v1/rain/suspicious', async (req): Promise<SuspiciousRainJoin[]> => {
    await requireAdmin(ctx, req);
    const q = parse(suspiciousQuery, req.query);
    const rows = await ctx.db
      .selectFrom('rain_joins as j')
      .innerJoin('users as u', 'u.id', 'j.user_id')
      .select(['j.rain_id', 'j.user_id', 'u.username', 'j.ip', 'j.created_at'])
      .where('j.suspicious', '=', true)
      .orderBy('j.created_at', 'desc')
      .limit(q.limit)
      .execute();
    const others = rows.length
      ? await ctx.db
          .selectFrom('rain_joins')
          .select(['rain_id', 'user_id', 'ip'])
          .where('suspicious', '=', true)
          .where(
            'rain_id',
            'in',
            rows.map((r) => r.rain_id),
          )
          .execute()
      : [];
    return rows.map((r) => ({
      rainId: String(r.rain_id),
      userId: String(r.user_id),
      username: r.username,
      ip: r.ip,
      joined: new Date(r.created_at).toISOString(),
      sameIpUsers: others
        .filter((o) => o.rain_id === r.rain_id && o.ip === r.ip && o.user_id !== r.user_id)
        .map((o) => String(o.user_id)),
    }));
  });

  // the operator's rain settings; a change applies from the next rain (an open one keeps its times)
  app.get('/api/external/v1/rain/settings', async (req): Promise<RainSettingsView> => {
    await requireAdmin(ctx, req);
    return rainSettingsView(await rainSettings(ctx.db));
  });
  app.put('/api/external/v1/rain/settings', async (req): Promise<RainSettingsView> => {
    const admin = await requireAdmin(ctx, req);
    const b = parse(rainSettingsBody, req.body);
    await ctx.db
      .updateTable('rain_settings')
      .set({
        every_ms: b.everyMinutes * 60_000,
        join_window_ms: b.joinWindowSeconds * 1000,
        base_pot: coinsToCents(b.basePot),
        min_level: b.minLevel,
        min_wager: coinsToCents(b.minWager),
        tip_min_level: b.tipMinLevel,
        tip_min: coinsToCents(b.tipMin),
        tip_max: coinsToCents(b.tipMax),
      })
      .execute();
    await audit(ctx, admin.id, 'rain-settings', 'rain', b);
    return rainSettingsView(await rainSettings(ctx.db));
  });

  loops.set(ctx, new RainLoop(ctx));
}

function rainSettingsView(s: RainSettings): RainSettingsView {
  return {
    everyMinutes: Math.round(s.everyMs / 60_000),
    joinWindowSeconds: Math.round(s.joinWindowMs / 1000),
    basePot: centsToCoins(s.basePot),
    minLevel: s.minLevel,
    minWager: centsToCoins(s.minWager),
    tipMinLevel: s.tipMinLevel,
    tipMin: centsToCoins(s.tipMin),
    tipMax: centsToCoins(s.tipMax),
  };
}

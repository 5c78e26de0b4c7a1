import { CHAT_EVENTS, type GiveawayState, joinGiveawayPayload } from '@coinsite/shared';
import { GIVEAWAY_TEXT, giveawayCreateBody } from '@coinsite/shared/schemas/giveaway';
import type { FastifyInstance } from 'fastify';
import { chatHooksOf } from '../chat/chat.service.ts';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { GiveawayLoop } from './giveaway.loop.ts';
import { createGiveaway, giveawayHistory, joinGiveaway } from './giveaway.service.ts';
import { type Feature, made } from '../platform/feature.ts';

const loops = new WeakMap<Ctx, GiveawayLoop>();

/** Giveaways: the admin's create route, `join-giveaway`, the history's giveaway part and the leader's draw. */
export function giveawayFeature(app: FastifyInstance, ctx: Ctx): void {
  app.put('/api/external/v1/giveaway/create', async (req): Promise<GiveawayState> => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(giveawayCreateBody, req.body);
    return createGiveaway(ctx, admin.id, body);
  });

  chatHooksOf(ctx).giveaway = () => giveawayHistory(ctx);

  ctx.realtime.handle(
    'chat',
    CHAT_EVENTS.joinGiveaway,
    joinGiveawayPayload,
    CHAT_EVENTS.giveawayJoinError,
    async (socket, [id]) => {
      const user = socket.data.user;
      if (!user) throw new AppError('unauthorized', GIVEAWAY_TEXT.signIn, 401);
      await joinGiveaway(ctx, user.id, id);
      socket.emit(CHAT_EVENTS.giveawayJoinSuccess, GIVEAWAY_TEXT.joined);
    },
    { auth: false },
  );

  loops.set(ctx, new GiveawayLoop(ctx));
}

/** Tests: the app's giveaway loop. */
export function giveawayLoopOf(ctx: Ctx): GiveawayLoop | undefined {
  return loops.get(ctx);
}

export const feature: Feature = {
  name: 'giveaway',
  routes: giveawayFeature,
  leader: (ctx) => ({ giveaway: made(loops.get(ctx), 'giveaway') }),
};

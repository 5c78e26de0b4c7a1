import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';
import { chatResync } from './chat.resync.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatSocket } from './chat.socket.ts';
import { rainFeature, rainLoopOf } from './rain/rain.module.ts';
import type { Feature } from '../platform/feature.ts';

/** The live chat: messages, tips, moderation, announcements (rain, trivia, giveaways plug in via chatHooksOf). */
export function chatFeature(app: FastifyInstance, ctx: Ctx): void {
  chatRoutes(app, ctx);
  chatSocket(ctx);
  chatResync(ctx);
  rainFeature(app, ctx);
}

export const feature: Feature = {
  name: 'chat',
  routes: chatFeature,
  leader: (ctx) => ({ rain: rainLoopOf(ctx) }),
};

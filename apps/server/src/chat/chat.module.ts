import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';
import { chatRoutes } from './chat.routes.ts';
import { chatSocket } from './chat.socket.ts';
import { rainFeature } from './rain/rain.module.ts';

/** The live chat: messages, tips, moderation, announcements (rain, trivia, giveaways plug in via chatHooksOf). */
export function chatFeature(app: FastifyInstance, ctx: Ctx): void {
  chatRoutes(app, ctx);
  chatSocket(ctx);
  rainFeature(app, ctx);
}

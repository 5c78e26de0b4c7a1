import type { TriviaState } from '@coinsite/shared';
import { triviaCreateBody } from '@coinsite/shared/schemas/trivia';
import type { FastifyInstance } from 'fastify';
import { chatHooksOf } from '../chat/chat.service.ts';
import type { Ctx } from '../platform/context.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { TriviaLoop } from './trivia.loop.ts';
import { createTrivia, isTriviaAnswer, takeTriviaAnswer, triviaHistory } from './trivia.service.ts';
import { type Feature, made } from '../platform/feature.ts';

const loops = new WeakMap<Ctx, TriviaLoop>();

/** Trivia: the admin's create route, the chat hooks (history part, answers) and the leader's loop. */
export function triviaFeature(app: FastifyInstance, ctx: Ctx): void {
  app.put('/api/external/v1/trivia/create', async (req): Promise<TriviaState> => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(triviaCreateBody, req.body);
    return createTrivia(ctx, admin.id, body);
  });

  const hooks = chatHooksOf(ctx);
  hooks.trivia = () => triviaHistory(ctx);
  hooks.consume = {
    claims: (content) => isTriviaAnswer(ctx, content),
    take: (sender, content) => takeTriviaAnswer(ctx, sender, content),
  };

  loops.set(ctx, new TriviaLoop(ctx));
}

/** Tests: the app's trivia loop. */
export function triviaLoopOf(ctx: Ctx): TriviaLoop | undefined {
  return loops.get(ctx);
}

export const feature: Feature = {
  name: 'trivia',
  routes: triviaFeature,
  leader: (ctx) => ({ trivia: made(loops.get(ctx), 'trivia') }),
};

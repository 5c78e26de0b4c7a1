import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { viewerOf } from '../../platform/ghost.ts';
import { currentUser, requireUser } from '../../platform/http.ts';
import { crashState, myCrashBet } from './crash.views.ts';

export function crashRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/crash', async (req) => crashState(ctx, viewerOf(await currentUser(ctx, req))));
  app.get('/api/crash/me', async (req) => {
    const user = await requireUser(ctx, req);
    return { bet: await myCrashBet(ctx, user.id) };
  });
}

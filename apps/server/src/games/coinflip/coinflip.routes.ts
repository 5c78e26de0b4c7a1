import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { revealsTo, viewerOf } from '../../platform/ghost.ts';
import { currentUser, parse } from '../../platform/http.ts';
import { COINFLIP_TEXT } from './coinflip.service.ts';
import { coinflipState, loadCoinflip } from './coinflip.views.ts';

export function coinflipRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/coinflip', async (req) => coinflipState(ctx, viewerOf(await currentUser(ctx, req))));
  app.get('/api/coinflip/:id', async (req) => {
    const { id } = parse(
      z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'Invalid coinflip.') }),
      req.params,
    );
    const flip = await loadCoinflip(ctx, Number(id));
    if (!flip) throw Errors.notFound(COINFLIP_TEXT.notFound);
    return flip.view(revealsTo(viewerOf(await currentUser(ctx, req))));
  });
}

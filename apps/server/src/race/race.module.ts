import { raceCreateBody } from '@coinsite/shared/schemas/race';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';
import { currentUser, parse, requireAdmin, requireUser } from '../platform/http.ts';
import { viewerOf } from '../platform/ghost.ts';
import { RaceLoop } from './race.loop.ts';
import { createRace, lastRaceView, myRace, raceSchedule, raceView } from './race.service.ts';
import { type Feature, made } from '../platform/feature.ts';

const loops = new WeakMap<Ctx, RaceLoop>();

/**
 * The weekly race (issue 11): GET /race, /race/last, /race/me, the admin's PUT race/create and the
 * leader's loop (start, fold, pay once, next race). Entries come from the bet hooks
 * (race-hooks.ts, registered with the wager hooks).
 */
export function raceFeature(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/race', async (req) => raceView(ctx, viewerOf(await currentUser(ctx, req))));
  app.get('/api/race/last', async (req) => lastRaceView(ctx, viewerOf(await currentUser(ctx, req))));
  app.get('/api/race/me', async (req) => {
    const user = await requireUser(ctx, req);
    return myRace(ctx, user.id);
  });
  app.get('/api/external/v1/race/schedule', async (req) => {
    await requireAdmin(ctx, req);
    return raceSchedule(ctx);
  });
  app.put('/api/external/v1/race/create', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(raceCreateBody, req.body);
    return createRace(ctx, admin.id, body);
  });

  loops.set(ctx, new RaceLoop(ctx));
}

/** Tests: the app's race loop. */
export function raceLoopOf(ctx: Ctx): RaceLoop | undefined {
  return loops.get(ctx);
}

export const feature: Feature = {
  name: 'race',
  routes: raceFeature,
  leader: (ctx) => ({ race: made(loops.get(ctx), 'race') }),
};

import { raceCreateBody } from '@coinsite/shared/schemas/race';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../platform/context.ts';
import { parse, requireAdmin, requireUser } from '../platform/http.ts';
import { runWhileLeader } from '../games/rounds/round-runner.ts';
import { RaceLoop } from './race.loop.ts';
import { createRace, lastRaceView, myRace, raceView } from './race.service.ts';

const loops = new WeakMap<Ctx, RaceLoop>();

/**
 * The weekly race (issue 11): GET /race, /race/last, /race/me, the admin's PUT race/create and the
 * leader's loop (start, fold, pay once, next race). Entries come from the bet hooks
 * (race-hooks.ts, registered with the wager hooks).
 */
export function raceFeature(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/race', () => raceView(ctx));
  app.get('/api/race/last', () => lastRaceView(ctx));
  app.get('/api/race/me', async (req) => {
    const user = await requireUser(ctx, req);
    return myRace(ctx, user.id);
  });
  app.put('/api/external/v1/race/create', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(raceCreateBody, req.body);
    return createRace(ctx, admin.id, body);
  });

  const loop = new RaceLoop(ctx);
  loops.set(ctx, loop);
  runWhileLeader(ctx, { race: loop });
}

/** Tests: the app's race loop. */
export function raceLoopOf(ctx: Ctx): RaceLoop | undefined {
  return loops.get(ctx);
}

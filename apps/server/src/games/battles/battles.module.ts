import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { BattleLoop } from './battles.loop.ts';
import { battlesRoutes } from './battles.routes.ts';
import { battlesSocket } from './battles.socket.ts';
import type { Feature } from '../../platform/feature.ts';

const loops = new WeakMap<Ctx, BattleLoop>();

/** Case battles: routes, the namespace's handlers, and the round loop on the leader. */
export async function battlesFeature(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const loop = new BattleLoop(ctx);
  loops.set(ctx, loop);
  battlesRoutes(app, ctx);
  battlesSocket(ctx, loop);
  ctx.leadership.onLeader(() => loop.start());
  ctx.leadership.onFollower(() => void loop.stop());
  ctx.onClose.push(() => loop.stop());
}

/** Tests: the app's battle loop (to wait until a pass is done). */
export function battleLoopOf(ctx: Ctx): BattleLoop | undefined {
  return loops.get(ctx);
}

export const feature: Feature = { name: 'battles', routes: battlesFeature };

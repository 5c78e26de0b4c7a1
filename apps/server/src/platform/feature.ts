import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.ts';
import { type LeaderTask, runWhileLeader } from './leader-tasks.ts';

/**
 * One feature of the server (a game, chat, the cashier...): what it adds to the app, each part
 * optional. apps/server/src/features.ts lists them; registerFeatureList runs each in that order.
 *
 * Leader-only work (round loops, rain, trivia, giveaways, the race) is named by `leader`: the loops
 * `routes` made (the same objects the socket handlers and the tests use), run while this node leads.
 */
export interface Feature {
  /** Unique, lower-case: the feature's folder name. */
  readonly name: string;
  /** HTTP routes (and, for features that group several parts, everything they set up). */
  routes?(app: FastifyInstance, ctx: Ctx): void | Promise<void>;
  /** Socket.IO handlers (ctx.realtime). */
  sockets?(ctx: Ctx): void;
  /**
   * The leader-only tasks, by name: started when this node becomes leader, stopped when it stops
   * leading and at shutdown (read after `routes`, which makes them).
   */
  leader?(ctx: Ctx): Record<string, LeaderTask>;
  /** Rows the feature needs before serving (catalogues, level tables); idempotent. */
  seed?(ctx: Ctx): Promise<void>;
  /** Run at shutdown, before the database closes. */
  stop?(ctx: Ctx): void | Promise<void>;
}

/**
 * Registers the features in list order, each one's routes, then sockets, then seed, every step
 * awaited before the next, then its leader tasks. Throws on a repeated name (two folders registering the same feature).
 */
export async function registerFeatureList(
  app: FastifyInstance,
  ctx: Ctx,
  features: readonly Feature[],
): Promise<void> {
  const seen = new Set<string>();
  for (const feature of features) {
    if (seen.has(feature.name)) throw new Error(`feature "${feature.name}" is registered twice`);
    seen.add(feature.name);
    await feature.routes?.(app, ctx);
    feature.sockets?.(ctx);
    await feature.seed?.(ctx);
    const tasks = feature.leader?.(ctx);
    if (tasks) runWhileLeader(ctx, tasks);
    const { stop } = feature;
    if (stop) ctx.onClose.push(() => stop(ctx));
  }
}

/** A task `routes` made, for `leader`: a feature whose routes did not make it is a bug at boot. */
export function made<T>(task: T | undefined, name: string): T {
  if (task === undefined) throw new Error(`the leader task "${name}" was not made by its feature's routes`);
  return task;
}

import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from './context.ts';
import type { RedisClients } from './redis.ts';

/** How long a dependency may take to answer before the check calls it down. */
const CHECK_TIMEOUT_MS = 1000;

export interface Health {
  status: 'ok' | 'degraded' | 'down';
  database: 'ok' | 'down';
  redis: 'ok' | 'down' | 'off';
  leader: boolean;
  uptimeSeconds: number;
}

const within = <T>(p: Promise<T>): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);

/**
 * `GET /api/health` for load balancers and compose health checks: 200 while the node can serve
 * (a Redis outage only degrades it: events stay on this node), 503 when the database is down.
 * Names no versions, hosts or errors.
 */
export function healthRoute(app: FastifyInstance, ctx: Ctx, redis: RedisClients | undefined): void {
  const started = Date.now();
  app.get('/api/health', async (_req, reply): Promise<Health> => {
    const database = await within(sql`SELECT 1`.execute(ctx.db)).then(
      () => 'ok' as const,
      () => 'down' as const,
    );
    const cache = redis
      ? await within(redis.pub.ping()).then(
          () => 'ok' as const,
          () => 'down' as const,
        )
      : ('off' as const);
    const status = database === 'down' ? 'down' : cache === 'down' ? 'degraded' : 'ok';
    reply.status(status === 'down' ? 503 : 200).header('cache-control', 'no-store');
    return {
      status,
      database,
      redis: cache,
      leader: ctx.leadership.isLeader(),
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
    };
  });
}

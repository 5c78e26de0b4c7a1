import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from './db-types.ts';

/** One admin or moderator action: who, what, on what, with which details. */
export interface AuditRow {
  actorId: number;
  action: string;
  target: string | null;
  details?: unknown;
}

/** What one admin request has written to the audit log so far. */
interface RequestMark {
  written: boolean;
}

const marks = new AsyncLocalStorage<RequestMark>();
const requestMarks = new WeakMap<FastifyRequest, RequestMark>();
/** Requests that passed requireAdmin (or a moderator check), with the acting user's id. */
const actors = new WeakMap<FastifyRequest, number>();

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes one append-only audit row: pass the action's transaction (`unit.tx`) when it has one, so the
 * row commits or rolls back with the action. The request's mark tells the safety-net hook below that
 * this request has been recorded.
 */
export async function writeAudit(db: Kysely<DB>, row: AuditRow): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      admin_id: row.actorId,
      action: row.action,
      target: row.target,
      details: JSON.stringify(row.details ?? {}),
    })
    .execute();
  const mark = marks.getStore();
  if (mark) mark.written = true;
}

/** requireAdmin calls this: the request is an admin action by `actorId`. */
export function markAdminRequest(req: FastifyRequest, actorId: number): void {
  actors.set(req, actorId);
}

/**
 * The safety net that keeps every admin route in the audit log: each request runs its handler inside
 * a mark, and a successful change (not GET) by an admin that wrote no audit row of its own gets a
 * generic row (`POST /api/external/v1/...`, the path parameters and body) once answered. Install
 * before any route is registered.
 */
export function installAuditHook(app: FastifyInstance, db: Kysely<DB>): void {
  app.addHook('preHandler', (req, _reply, done) => {
    const mark: RequestMark = { written: false };
    requestMarks.set(req, mark);
    marks.run(mark, done);
  });
  app.addHook('onResponse', async (req, reply) => {
    const actorId = actors.get(req);
    if (actorId === undefined || READ_METHODS.has(req.method) || reply.statusCode >= 400) return;
    if (requestMarks.get(req)?.written) return;
    const route = req.routeOptions.url ?? req.url;
    try {
      await writeAudit(db, {
        actorId,
        action: `${req.method} ${route}`,
        target: (req.params as { id?: string } | undefined)?.id ?? null,
        details: { params: req.params ?? {}, body: req.body ?? null },
      });
      req.log.warn({ route }, 'admin route wrote no audit row of its own: recorded a generic one');
    } catch (err) {
      req.log.error({ err, route }, 'could not write the audit row');
    }
  });
}

import Fastify from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installAuditHook, markAdminRequest, writeAudit } from './audit.ts';
import type { DB } from './db-types.ts';

/** Records the rows the audit helpers insert (the only Kysely call they make). */
function fakeDb(rows: unknown[]): Kysely<DB> {
  return {
    insertInto: () => ({ values: (v: unknown) => ({ execute: async () => rows.push(v) }) }),
  } as unknown as Kysely<DB>;
}

describe('the audit safety net', () => {
  const rows: Array<{ admin_id: number; action: string; target: string | null; details: string }> = [];
  const db = fakeDb(rows);
  const app = Fastify();
  beforeAll(async () => {
    installAuditHook(app, db);
    // an admin route that forgot its audit row
    app.post('/x/:id', async (req) => {
      markAdminRequest(req, 7);
      await new Promise((r) => setImmediate(r));
      return { ok: true };
    });
    // one that wrote its own (after an await: the mark follows the request's async context)
    app.post('/y', async (req) => {
      markAdminRequest(req, 7);
      await new Promise((r) => setImmediate(r));
      await writeAudit(db, { actorId: 7, action: 'did-y', target: null });
      return { ok: true };
    });
    app.post('/refused', async (req, reply) => {
      markAdminRequest(req, 7);
      return reply.status(400).send({ error: 'no' });
    });
    app.get('/read', async (req) => {
      markAdminRequest(req, 7);
      return [];
    });
    app.post('/player', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(() => app.close());

  it('records a generic row for an admin change that wrote none, and nothing else', async () => {
    const settle = () => new Promise((r) => setImmediate(r));
    await app.inject({ method: 'POST', url: '/x/42', payload: { a: 1 } });
    await settle();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ admin_id: 7, action: 'POST /x/:id', target: '42' });
    expect(JSON.parse(rows[0]?.details ?? '{}')).toEqual({ params: { id: '42' }, body: { a: 1 } });
    await app.inject({ method: 'POST', url: '/y' });
    expect(rows.map((r) => r.action)).toEqual(['POST /x/:id', 'did-y']);
    await app.inject({ method: 'POST', url: '/refused' });
    await app.inject({ method: 'GET', url: '/read' });
    await app.inject({ method: 'POST', url: '/player' });
    await settle();
    expect(rows).toHaveLength(2);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test-support/server.ts';
import { ROUTE_DOCS, UNDOCUMENTED } from './api-docs.ts';

// biome-ignore lint/suspicious/noExplicitAny: JSON documents walked freely by the checks
type Json = Record<string, any>;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Fastify's `:id` pattern as an OpenAPI path template `{id}`. */
const openapiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * Issue 18 item 2: the OpenAPI 3.1 and AsyncAPI 3 documents are generated from the route table and
 * the shared zod schemas. The documents do not depend on the database, so one PGlite server suffices.
 */
describe('API documents', () => {
  let server: TestServer;
  let openapi: Json;
  let asyncapi: Json;
  let adminToken: string;
  beforeAll(async () => {
    server = await startServer();
    const admin = await server.newUser();
    await server.site.ctx.db.updateTable('users').set({ rank: 5 }).where('id', '=', admin.id).execute();
    adminToken = admin.token;
    // the whole document (the admin part is an admin's only: see the last test)
    openapi = (await server.api<Json>('GET', '/api/docs/openapi.json', undefined, adminToken)).body;
    asyncapi = (await server.api<Json>('GET', '/api/docs/asyncapi.json')).body;
  });
  afterAll(() => server?.close());

  it('the OpenAPI document has the structure of OpenAPI 3.1', () => {
    expect(openapi.openapi).toBe('3.1.0');
    expect(openapi.info).toEqual(
      expect.objectContaining({ title: expect.any(String), version: expect.any(String) }),
    );
    expect(typeof openapi.paths).toBe('object');
    for (const [p, item] of Object.entries(openapi.paths as Json)) {
      expect(p.startsWith('/')).toBe(true);
      expect(p).not.toMatch(/:[A-Za-z]/); // templates, not Fastify patterns
      for (const [method, op] of Object.entries(item as Json)) {
        expect(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']).toContain(method);
        expect(typeof op.responses).toBe('object');
        for (const param of op.parameters ?? []) {
          expect(['query', 'header', 'path', 'cookie']).toContain(param.in);
          expect(typeof param.name).toBe('string');
          if (param.in === 'path') {
            expect(param.required).toBe(true);
            expect(p).toContain(`{${param.name}}`);
          }
        }
        if (op.requestBody) expect(op.requestBody.content['application/json'].schema).toBeTypeOf('object');
      }
    }
  });

  it('every route of the route table is in the document, and every route taking a body says which', () => {
    const routes = server.site.routes.filter((r) => r.method !== 'HEAD' && !UNDOCUMENTED(r.url));
    expect(routes.length).toBeGreaterThan(80);
    const missing: string[] = [];
    for (const r of routes) {
      const op = openapi.paths[openapiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) {
        missing.push(`${r.method} ${r.url}`);
        continue;
      }
      if (!METHODS_WITH_BODY.has(r.method)) continue;
      const doc = ROUTE_DOCS[`${r.method} ${r.url}`];
      // a route that may take a body must say so: its schema, or null for none
      expect(doc?.body, `${r.method} ${r.url} needs an entry in ROUTE_DOCS`).not.toBeUndefined();
      if (doc?.body) {
        // an object, or a union of objects (a discriminated body such as the break's kind)
        const schema = op.requestBody?.content?.['application/json']?.schema;
        for (const variant of schema?.oneOf ?? schema?.anyOf ?? [schema])
          expect(variant?.type).toBe('object');
      }
    }
    expect(missing).toEqual([]);
    // no stale entries: each documented route exists
    const keys = new Set(server.site.routes.map((r) => `${r.method} ${r.url}`));
    expect(Object.keys(ROUTE_DOCS).filter((k) => !keys.has(k))).toEqual([]);
    // a body the handler parses is the shared schema, field for field
    const login =
      openapi.paths['/api/auth/registration/login'].post.requestBody.content['application/json'].schema;
    expect(Object.keys(login.properties)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('every socket event of Realtime.events() is in the AsyncAPI document with its payload and answer', () => {
    expect(asyncapi.asyncapi).toBe('3.0.0');
    const events = server.site.ctx.realtime.events();
    expect(events.length).toBeGreaterThan(20);
    const ops = Object.values(asyncapi.operations as Json);
    for (const e of events) {
      const op = ops.find((o) => o['x-namespace'] === `/${e.ns}` && o['x-event'] === e.event);
      expect(op, `${e.ns} ${e.event}`).toBeTruthy();
      expect(op.action).toBe('receive');
      expect(op['x-answer-events']).toContain(e.errorEvent);
      const ref = (op.messages[0].$ref as string).split('/');
      const message = asyncapi.channels[ref[2] as string].messages[ref[4] as string];
      expect(message.name).toBe(e.event);
      expect(message.payload.type).toBe('array'); // the positional arguments as a tuple
    }
  });

  it('the browsable pages answer: Swagger UI and the socket page', async () => {
    const ui = await fetch(`${server.url}/api/docs`);
    expect(ui.status).toBe(200);
    expect(await ui.text()).toContain('swagger-ui');
    const page = await fetch(`${server.url}/api/docs/sockets`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('dice:bet');
  });

  it('the admin routes are in the document for an admin only (issue 26 item 10)', async () => {
    const player = await server.newUser();
    const banned = await server.newUser();
    await server.site.ctx.db.updateTable('users').set({ rank: 5 }).where('id', '=', banned.id).execute();
    const adminPaths = (doc: Json) => Object.keys(doc.paths).filter((p) => p.startsWith('/api/external/'));
    const tags = (doc: Json) =>
      Object.values(doc.paths as Json).flatMap((item) =>
        Object.values(item as Json).flatMap((op) => op.tags ?? []),
      );
    const everyAdminRoute = server.site.routes.filter(
      (r) => r.url.startsWith('/api/external/') && r.method !== 'HEAD',
    );
    expect(everyAdminRoute.length).toBeGreaterThan(20);
    // an admin, through both URLs (ours and Swagger UI's own): every admin route
    for (const url of ['/api/docs/openapi.json', '/api/docs/json']) {
      const doc = (await server.api<Json>('GET', url, undefined, adminToken)).body;
      expect(new Set(adminPaths(doc)).size, url).toBe(
        new Set(everyAdminRoute.map((r) => openapiPath(r.url))).size,
      );
      expect(Object.keys(doc.paths)).toContain('/api/auth/registration/login');
    }
    // a visitor, a player, a token that is no session and a banned admin: the public part only
    await server.site.ctx.db.updateTable('users').set({ banned: true }).where('id', '=', banned.id).execute();
    for (const token of [undefined, player.token, 'not-a-token', banned.token]) {
      for (const url of ['/api/docs/openapi.json', '/api/docs/json']) {
        const res = await server.api<Json>('GET', url, undefined, token);
        expect(res.status, `${url} ${token}`).toBe(200);
        expect(adminPaths(res.body), `${url} ${token}`).toEqual([]);
        expect(tags(res.body).filter((t: string) => t.startsWith('admin'))).toEqual([]);
        expect(Object.keys(res.body.paths)).toContain('/api/auth/registration/login');
        expect(JSON.stringify(res.body)).not.toContain('/api/external/');
      }
    }
    const yaml = await fetch(`${server.url}/api/docs/yaml`);
    expect(await yaml.text()).not.toContain('/api/external/');
  });
});

import * as shared from '@coinsite/shared';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { startServer, type TestServer } from './server.ts';
import { findLedgerMismatches } from '../platform/ledger.ts';
import { importCode, simulateBet } from '../economy/cashier/cashier.test-support.ts';
import { inTransaction } from '../platform/tx.ts';

/**
 * Standing check (issue 9): bounded bad input to every HTTP route and every socket event, read from
 * the code (Fastify's route table through buildApp's onRoute hook, and Realtime.events()), as
 * anonymous, as a signed-in user and, on the admin routes, as an admin. Nothing may answer 5xx (or
 * the socket's "Something went wrong"), the server keeps answering, and no balance or ledger row
 * moves, except a victim account adjusted by the admin balance route with a plain amount.
 */

const ADMIN = { ADMIN_EMAIL: 'fuzz-admin@example.com', ADMIN_PASSWORD: 'fuzz-admin-password' };
const SEED = 9_009;
/** Random inputs per route and identity, on top of the fixed table (one request per bad value). */
const RANDOM_RUNS = 4;
/** Random payloads per socket event and identity, on top of the fixed table. */
const SOCKET_RANDOM_RUNS = 4;
const SOCKET_ANSWER_MS = 1_500;

/**
 * Routes not fuzzed, each with its reason. Empty today: every route in the table is fuzzed.
 * (The Steam routes are fuzzed with STEAM_OPENID_URL pointing at a closed local port, so no request
 * leaves the machine.)
 */
const NOT_FUZZED: Record<string, string> = {};

/**
 * Failures tolerated while a fix is on its way, each as "METHOD /route/pattern as identity" (none
 * today: issue 9 items 7 and 8 emptied it). Anything found outside the list fails the suite.
 */
const KNOWN_FAILURES: string[] = [];

/** Bad values for a field: wrong types, huge/negative numbers, number-like strings, control characters. */
const BAD_VALUES: unknown[] = [
  // control characters first: a one-shot target (a pending withdrawal) must meet them before a value it accepts
  '\u0000',
  'abc\u0000def',
  '\u0007\u001b[31m\r\n',
  '\ud800',
  true,
  false,
  null,
  [1],
  [],
  {},
  { $gt: 0 },
  { a: { b: { c: [1, { d: 'x' }] } } },
  1e308,
  -1,
  -0.001,
  0.001,
  2 ** 53 + 1,
  1e15,
  0,
  'NaN',
  'Infinity',
  '0x10',
  '1e3',
  '-5',
  ' 1 ',
  '1.999',
  '',
  'x'.repeat(10_000),
  '../../../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
];

/** Bad path parameters (raw, already URL-safe); the table also runs with each real id (see `realParams`). */
const BAD_PARAMS = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '0x10',
  'abc',
  'NaN',
  '99999999999999999999',
  '%00',
  'a%00b',
  '%E0%A4%A',
  'x'.repeat(300),
  '..%2F..%2F..%2Fpackage.json',
];

/** Bodies that are not JSON objects at all (sent raw with a JSON content type). */
const RAW_BODIES = ['{"a":', 'null', '"string"', '123', '[1,2]', '\u0000', '{"__proto__":{"x":1}}'];

/** Every object key in the shared zod schemas: the field names the routes and events read. */
function schemaKeys(): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node instanceof z.ZodType) {
      const def = (node as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
      if (def.type === 'object' && def.shape && typeof def.shape === 'object')
        for (const k of Object.keys(def.shape)) keys.add(k);
      for (const v of Object.values(def)) walk(v);
      return;
    }
    for (const v of Array.isArray(node) ? node : Object.values(node)) walk(v);
  };
  for (const v of Object.values(shared)) walk(v);
  return [...keys].sort();
}

interface Failure {
  where: string;
  input: string;
  result: string;
}

const describeInput = (v: unknown) => {
  const s = typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v));
  return s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s;
};

/** An amount the admin route takes on purpose: a JSON number or a signed decimal string of cents. */
const isPlainMoney = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v) && Number.isInteger(v * 100)) ||
  (typeof v === 'string' && /^-?\d+(\.\d{1,2})?$/.test(v));

/**
 * The admin routes that move money by design, on the victim account only, and the bodies that may
 * do it: a balance adjustment with a JSON number or a signed 2-decimal string, and cancelling the victim's pending
 * withdrawal (its refund). Any other ledger row written during the fuzz is a failure.
 */
const ADMIN_MONEY_ROUTES: Record<string, (body: unknown) => boolean> = {
  'POST /api/external/v1/users/:id/balance': (body) => isPlainMoney((body as { amount?: unknown })?.amount),
  'POST /api/external/v1/transactions/cancel/:id': () => true,
};

/** The suite on one database kind (fuzz.test.ts runs it on the test database). */
export function fuzzSuite(db: 'pglite' | 'postgres'): void {
  describe(`fuzz: every route and socket event on ${db}`, () => {
    let server: TestServer;
    let adminId: number;
    let fuzzer: { id: number; token: string };
    let victimId: number;
    /** Real ids for path parameters: the victim user's, and the victim's pending withdrawal's. */
    let realParams: string[] = [];
    const keys = schemaKeys();
    const failures: Failure[] = [];
    let logErrors: unknown[] = [];

    const ctx = () => server.site.ctx;
    const lastLedgerId = async () => {
      const row = await ctx()
        .db.selectFrom('ledger_entries')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirst();
      return Number(row?.id ?? 0);
    };
    const newEntries = (after: number) =>
      ctx()
        .db.selectFrom('ledger_entries')
        .select(['id', 'user_id', 'delta', 'kind', 'ref'])
        .where('id', '>', after)
        .execute();
    const gameOfBet = async (id: number) =>
      (await ctx().db.selectFrom('bets').select('game').where('id', '=', id).executeTakeFirst())?.game;
    const balances = async () =>
      Object.fromEntries(
        (await ctx().db.selectFrom('users').select(['id', 'balance']).orderBy('id').execute()).map((r) => [
          r.id,
          r.balance,
        ]),
      );
    const credit = (userId: number, cents: number, key: string) =>
      inTransaction(ctx().db, (unit) =>
        ctx().wallet.apply(unit, { userId, delta: cents, kind: 'admin', idempotencyKey: key }),
      );

    beforeAll(async () => {
      server = await startServer({
        db,
        env: { ...ADMIN, STEAM_OPENID_URL: 'http://127.0.0.1:9/openid/login' },
      });
      const admin = await ctx()
        .db.selectFrom('users')
        .select('id')
        .where('email', '=', ADMIN.ADMIN_EMAIL)
        .executeTakeFirstOrThrow();
      adminId = admin.id;
      const user = await server.newUser();
      fuzzer = { id: user.id, token: user.token };
      victimId = (await server.newUser()).id;
      await credit(fuzzer.id, 500_000, 'fuzz-seed-user');
      await credit(adminId, 500_000, 'fuzz-seed-admin');
      await credit(victimId, 500_000, 'fuzz-seed-victim');
      // a pending withdrawal of the victim's, so the admin confirm/cancel routes reach their bodies
      const adminToken = await ctx().sessions.create(adminId);
      await importCode(server, adminToken, 'FUZZ-CARD-1', 20);
      const victimToken = await ctx().sessions.create(victimId);
      expect(
        (await server.api('POST', '/api/kinguin/redeem', { code: 'FUZZ-CARD-1' }, victimToken)).status,
      ).toBe(200);
      await simulateBet(server, victimId, 4_000, 'fuzz-victim-bet');
      await credit(victimId, 4_000, 'fuzz-victim-win');
      const wd = await server.api(
        'POST',
        '/api/cashier/crypto/withdraw',
        { currency: 'LTC', address: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', amount: 30 },
        victimToken,
      );
      expect(wd.status).toBe(200);
      const tx = await ctx()
        .db.selectFrom('cashier_transactions')
        .select('id')
        .where('user_id', '=', victimId)
        .where('type', '=', 'withdraw')
        .executeTakeFirstOrThrow();
      realParams = [String(victimId), String(tx.id)];
      // Realtime logs handler crashes through the app logger (silent in tests): count them instead.
      vi.spyOn(ctx().log, 'error').mockImplementation((...args: unknown[]) => {
        logErrors.push(args[0]);
      });
    });
    afterAll(async () => {
      vi.restoreAllMocks();
      await server?.close();
    });

    it('enumerates the route table and the socket handler registry', () => {
      const routes = server.site.routes;
      expect(routes.length).toBeGreaterThan(60);
      expect(routes).toContainEqual({ method: 'POST', url: '/api/coupon/redeem' });
      expect(routes).toContainEqual({ method: 'POST', url: '/api/external/v1/users/:id/balance' });
      const events = ctx().realtime.events();
      expect(events).toContainEqual(expect.objectContaining({ ns: 'dice', event: 'dice:bet' }));
      expect(events).toContainEqual(expect.objectContaining({ ns: 'chat', event: 'auth' }));
      expect(keys).toEqual(expect.arrayContaining(['amount', 'code']));
      for (const route of Object.keys(NOT_FUZZED))
        expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(route);
    });

    // thousands of requests one after the other: minutes on a busy machine running two test files at once
    it('HTTP: no 5xx, the server keeps answering, no balance moves', { timeout: 600_000 }, async () => {
      const routes = server.site.routes.filter(
        (r) => r.method !== 'HEAD' && !NOT_FUZZED[`${r.method} ${r.url}`],
      );
      const before = await balances();
      /** Per user: what the admin money routes moved on purpose. */
      const allowedDelta = new Map<number, number>();
      /** Money moved by a reported failure, per user: the balances must still add up around it. */
      const flagged = new Map<number, number>();
      const flaggedOf = (id: number) => flagged.get(id) ?? 0;
      let requests = 0;
      /**
       * The newest ledger row seen: each request's rows are those after it (one query per request,
       * not a max() before and a read after: a third of the run's round trips).
       */
      let ledgerMark = await lastLedgerId();
      /** Statuses of the current route and identity: a route that refuses the identity gets a short run. */
      let statuses: number[] = [];
      const refused = () => statuses.length >= 4 && statuses.every((s) => s === 401 || s === 403);

      const send = async (
        route: { method: string; url: string },
        token: string | undefined,
        input: { param: string; body?: unknown; raw?: string; query?: Record<string, unknown> },
        who: string,
      ) => {
        const param = input.param;
        let urlPath = route.url.replace(/:[A-Za-z_]+/g, param).replace(/\*$/, param);
        if (input.query) {
          const q = new URLSearchParams();
          for (const [k, v] of Object.entries(input.query))
            for (const item of Array.isArray(v) ? v : [v])
              q.append(k, typeof item === 'object' ? JSON.stringify(item) : String(item));
          urlPath += `?${q}`;
        }
        const headers: Record<string, string> = {};
        if (token) headers['x-auth-token'] = token;
        let body: string | undefined;
        if (route.method !== 'GET' && route.method !== 'DELETE') {
          if (input.raw !== undefined) body = input.raw;
          else if (input.body !== undefined) body = JSON.stringify(input.body);
          if (body !== undefined) headers['content-type'] = 'application/json';
        }
        statuses.push(0);
        let status: number;
        let text: string;
        try {
          const res = await fetch(server.url + urlPath, {
            method: route.method,
            headers,
            body,
            redirect: 'manual',
          });
          status = res.status;
          text = (await res.text()).slice(0, 200);
        } catch (err) {
          status = -1;
          text = String(err);
        }
        requests++;
        statuses[statuses.length - 1] = status;
        const where = `${route.method} ${route.url} as ${who}`;
        const shown = describeInput({ path: urlPath.slice(0, 120), body: input.raw ?? input.body });
        if (status < 0 || status >= 500) failures.push({ where, input: shown, result: `${status} ${text}` });
        const moved = await newEntries(ledgerMark);
        for (const e of moved) {
          ledgerMark = Math.max(ledgerMark, Number(e.id));
          const allowed =
            // the victim, or the user the admin route names (a real withdrawal id can be a user id too)
            who === 'admin' &&
            (e.user_id === victimId || urlPath.startsWith(`/api/external/v1/users/${e.user_id}/`))
              ? ADMIN_MONEY_ROUTES[`${route.method} ${route.url}`]
              : undefined;
          const legit = allowed?.(input.body) === true;
          if (legit) allowedDelta.set(e.user_id, (allowedDelta.get(e.user_id) ?? 0) + e.delta);
          else flagged.set(e.user_id, flaggedOf(e.user_id) + e.delta);
          if (!legit)
            failures.push({
              where,
              input: shown,
              result: `${status}; ledger moved: user ${e.user_id} ${e.kind} ${e.delta}`,
            });
        }
      };

      const allKeys = (v: unknown) => Object.fromEntries(keys.map((k) => [k, v]));
      const randomInputs = fc.sample(
        fc.record({
          param: fc.constantFrom(...BAD_PARAMS),
          body: fc.oneof(
            fc.constant(undefined),
            fc.constantFrom(...BAD_VALUES),
            fc.dictionary(fc.constantFrom(...keys), fc.constantFrom(...BAD_VALUES), { maxKeys: 12 }),
            fc.anything({ maxDepth: 3, maxKeys: 5 }),
          ),
          query: fc.dictionary(
            fc.constantFrom(...keys),
            fc.constantFrom(...BAD_VALUES.filter((v) => typeof v !== 'string' || v.length < 100)),
            {
              maxKeys: 4,
            },
          ),
        }),
        { seed: SEED, numRuns: RANDOM_RUNS * 40 },
      );

      let r = 0;
      for (const route of routes) {
        const admin = route.url.startsWith('/api/external/');
        const hasParam = /[:*]/.test(route.url);
        const identities: Array<[string, () => Promise<string | undefined>]> = [
          ['anonymous', async () => undefined],
          // a fresh session per route: the logout route must not cut the rest of the run short
          ['user', () => ctx().sessions.create(fuzzer.id)],
        ];
        if (admin) identities.push(['admin', () => ctx().sessions.create(adminId)]);
        for (const [who, tokenFor] of identities) {
          const token = await tokenFor();
          // a missing body, bodies that are not objects, the table (every schema field set to one bad
          // value) on each real id, bad ids, and random inputs; a route that refuses this identity on
          // its first four inputs (401/403) reads no more of it, so it gets no more
          const inputs: Array<{
            param: string;
            body?: unknown;
            raw?: string;
            query?: Record<string, unknown>;
          }> = [];
          for (const param of hasParam ? realParams : ['']) {
            inputs.push({ param });
            // a GET sends no body: its table varies the query string only
            if (route.method !== 'GET') inputs.push(...RAW_BODIES.map((raw) => ({ param, raw })));
            for (const v of BAD_VALUES) inputs.push({ param, body: allKeys(v), query: allKeys(v) });
          }
          if (hasParam)
            for (const [i, param] of BAD_PARAMS.entries())
              inputs.push({ param, body: allKeys(BAD_VALUES[i]) });
          for (let i = 0; i < RANDOM_RUNS; i++) {
            const input = randomInputs[r++ % randomInputs.length];
            if (input) inputs.push(input);
          }
          statuses = [];
          for (const input of inputs) {
            await send(route, token, input, who);
            if (refused()) break;
          }
        }
        const site = await server.api('GET', '/api/site');
        if (site.status !== 200)
          failures.push({
            where: `after ${route.method} ${route.url}`,
            input: '',
            result: `GET /api/site ${site.status}`,
          });
      }

      console.info(
        `fuzz HTTP on ${db}: ${routes.length} routes, ${requests} requests, ${failures.length} failures`,
      );
      reportAndCheck('HTTP', failures.splice(0));
      // no crash, no balance moved (bar the admin's legit adjustments), a clean ledger
      expect((await server.api('GET', '/api/site')).status).toBe(200);
      const after = await balances();
      for (const [id, balance] of Object.entries(before)) {
        const allowed = allowedDelta.get(Number(id)) ?? 0;
        expect(after[id], `user ${id}`).toBe(balance + allowed + flaggedOf(Number(id)));
      }
      expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    });

    it('sockets: every event answers without a crash, no balance moves', { timeout: 240_000 }, async () => {
      const events = ctx().realtime.events();
      const before = await balances();
      const ledgerBefore = await lastLedgerId();
      logErrors = [];
      const found: Failure[] = [];
      let emits = 0;
      const blamedBets = new Set<string>();

      const table: unknown[][] = [
        [],
        ...BAD_VALUES.map((v) => [v]),
        [Object.fromEntries(keys.map((k) => [k, '0x10']))],
        [Object.fromEntries(keys.map((k) => [k, true]))],
        [Object.fromEntries(keys.map((k) => [k, '\u0000']))],
        [Object.fromEntries(keys.map((k) => [k, [1]]))],
        [1, 2, 3, 4, 5, 6, 7, 8, 9],
      ];
      const random = fc.sample(
        fc.array(
          fc.oneof(
            fc.constantFrom(...BAD_VALUES),
            fc.dictionary(fc.constantFrom(...keys), fc.constantFrom(...BAD_VALUES), { maxKeys: 10 }),
            fc.anything({ maxDepth: 3, maxKeys: 5 }),
          ),
          { maxLength: 3 },
        ),
        { seed: SEED, numRuns: SOCKET_RANDOM_RUNS * events.length },
      );

      const fuzzSocket = async (socket: Socket, list: typeof events, who: string) => {
        let r = 0;
        for (const ev of list) {
          const payloads = [...table, ...random.slice(r, r + SOCKET_RANDOM_RUNS)];
          r += SOCKET_RANDOM_RUNS;
          for (const args of payloads) {
            const errorsBefore = logErrors.length;
            const ledgerMark = await lastLedgerId();
            const answer = new Promise<unknown[] | null>((resolve) => {
              const timer = setTimeout(() => {
                socket.off(ev.errorEvent, on);
                resolve(null);
              }, SOCKET_ANSWER_MS);
              const on = (...got: unknown[]) => {
                clearTimeout(timer);
                socket.off(ev.errorEvent, on);
                resolve(got);
              };
              socket.on(ev.errorEvent, on);
            });
            socket.emit(ev.event, ...args);
            emits++;
            const got = await answer;
            // the next event must follow by more than the 10 ms throttle
            await new Promise((res) => setTimeout(res, shared.SOCKET_MIN_INTERVAL_MS + 2));
            const crashed =
              logErrors.length > errorsBefore ||
              (got !== null && JSON.stringify(got).includes('Something went wrong'));
            if (crashed || !socket.connected)
              found.push({
                where: `/${ev.ns} ${ev.event} as ${who}`,
                input: describeInput(args),
                result: !socket.connected ? 'socket disconnected' : `handler error: ${describeInput(got)}`,
              });
            // namespaces run at once: a bet row is blamed on the event of its game's namespace
            for (const e of await newEntries(ledgerMark)) {
              if (who !== 'user' || e.user_id !== fuzzer.id) continue;
              const game = e.ref && /^\d+$/.test(e.ref) ? await gameOfBet(Number(e.ref)) : undefined;
              if (game !== undefined && game !== ev.ns) continue;
              // the payout of a bet already reported (a mines cash-out after a coerced bet) is not a new failure
              if (e.kind !== 'bet' && e.ref && blamedBets.has(e.ref)) continue;
              if (e.kind === 'bet' && e.ref) blamedBets.add(e.ref);
              found.push({
                where: `/${ev.ns} ${ev.event} as ${who}`,
                input: describeInput(args),
                result: `ledger moved: ${e.kind} ${e.delta}${game ? ` (${game} bet ${e.ref}?)` : ''}`,
              });
            }
            if (!socket.connected) return;
          }
        }
      };

      const token = await ctx().sessions.create(fuzzer.id);
      const byNs = new Map<string, typeof events>();
      for (const ev of events) byNs.set(ev.ns, [...(byNs.get(ev.ns) ?? []), ev]);
      // one socket per namespace and identity, all namespaces at once
      await Promise.all(
        [...byNs.entries()].flatMap(([ns, list]) => [
          server.socket(ns).then((s) => fuzzSocket(s, list, 'anonymous')),
          server.socket(ns, token).then((s) => fuzzSocket(s, list, 'user')),
        ]),
      );

      expect((await server.api('GET', '/api/site')).status).toBe(200);
      console.info(
        `fuzz sockets on ${db}: ${events.length} events, ${emits} emits, ${found.length} failures`,
      );
      reportAndCheck('socket', found);
      // every row written is a known failure's bet (or its win) on the fuzzing user; nobody else moved
      const expected = { ...before };
      for (const e of await newEntries(ledgerBefore)) {
        const game = e.ref && /^\d+$/.test(e.ref) ? await gameOfBet(Number(e.ref)) : undefined;
        expect(e.user_id).toBe(fuzzer.id);
        expect(KNOWN_FAILURES.some((k) => k.startsWith(`/${game} `))).toBe(true);
        expected[e.user_id] = (expected[e.user_id] ?? 0) + e.delta;
      }
      expect(await balances()).toEqual(expected);
      expect(await findLedgerMismatches(ctx().db)).toEqual([]);
    });
  });
}

/** Prints every failure; the test fails on any that is not in KNOWN_FAILURES. */
function reportAndCheck(kind: string, found: Failure[]): void {
  const seen = new Map<string, Failure[]>();
  for (const f of found) seen.set(f.where, [...(seen.get(f.where) ?? []), f]);
  for (const [where, list] of seen)
    console.warn(
      `fuzz ${kind} failure: ${where} (${list.length}×), e.g. ${list[0]?.input} → ${list[0]?.result}`,
    );
  const unknown = [...seen.keys()].filter((w) => !KNOWN_FAILURES.some((k) => w.startsWith(k)));
  expect(unknown, 'fuzz failures not in KNOWN_FAILURES (see the warnings above)').toEqual([]);
}

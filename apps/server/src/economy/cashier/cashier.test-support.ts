import { SIGNATURE_HEADER, signDelivery } from '../../integrations/payments/signing.ts';
import { inTransaction } from '../../platform/tx.ts';
import { afterAll, beforeAll, expect } from 'vitest';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { startServer, type TestServer } from '../../test-support/server.ts';

/** Helpers shared by the cashier's integration tests. */

export const ADMIN = { email: 'cashier-admin@example.com', password: 'cashier-admin-pw' };

/**
 * One server per test file on `db` with the cashier admin seeded: hands the server and the admin's
 * token to `use` before the tests, and checks the ledger before closing it after them.
 */
export function withAdminServer(
  db: 'pglite' | 'postgres',
  use: (server: TestServer, adminToken: string) => void,
): void {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startServer({ db, env: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } });
    use(server, await signIn(server, ADMIN.email, ADMIN.password));
  });
  afterAll(async () => {
    if (server) expect(await findLedgerMismatches(server.site.ctx.db)).toEqual([]);
    await server?.close();
  });
}

export async function signIn(server: TestServer, email: string, password: string): Promise<string> {
  const login = await server.api<{ redirect: string }>('POST', '/api/auth/registration/login', {
    email,
    password,
  });
  const code = login.body.redirect.split('token=')[1];
  const ex = await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code });
  return ex.body.token;
}

export async function balanceOf(server: TestServer, userId: number): Promise<number> {
  const row = await server.site.ctx.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

/** Posts a provider delivery signed with `secret` (at `nowMs`), as the provider would. */
export async function deliver(
  server: TestServer,
  path: string,
  secret: string,
  body: object,
  nowMs = Date.now(),
): Promise<{ status: number; body: Record<string, unknown> }> {
  const raw = JSON.stringify(body);
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signDelivery(secret, raw, nowMs) },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** Moves money through the wallet as a game would (a lost bet grows the wager by its stake). */
export async function simulateBet(server: TestServer, userId: number, stakeCents: number, key: string) {
  const ctx = server.site.ctx;
  await inTransaction(ctx.db, (unit) =>
    ctx.wallet.apply(unit, {
      userId,
      delta: -stakeCents,
      kind: 'bet',
      wager: stakeCents,
      idempotencyKey: key,
    }),
  );
}

export async function adminCredit(server: TestServer, userId: number, cents: number, key: string) {
  const ctx = server.site.ctx;
  await inTransaction(ctx.db, (unit) =>
    ctx.wallet.apply(unit, { userId, delta: cents, kind: 'admin', idempotencyKey: key }),
  );
}

/** Imports one gift card code worth `valueUsd` dollars through the admin route. */
export async function importCode(server: TestServer, admin: string, code: string, valueUsd: number) {
  const res = await server.api(
    'PUT',
    '/api/external/v1/giftcards/import',
    { value: valueUsd, codes: [code] },
    admin,
  );
  if (res.status !== 200) throw new Error(`import failed: ${JSON.stringify(res.body)}`);
}

/** Helpers shared by the rewards integration tests (coupons, affiliates, VIP, faucet). */
import { randomUUID } from 'node:crypto';
import { placeBet } from '../../games/engine/bet-engine.ts';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { TestServer } from '../../test-support/server.ts';

export const ADMIN = { ADMIN_EMAIL: 'rewards-admin@example.com', ADMIN_PASSWORD: 'rewards-admin-pw' };

export async function adminToken(server: TestServer): Promise<string> {
  const login = await server.api<{ redirect: string }>('POST', '/api/auth/registration/login', {
    email: ADMIN.ADMIN_EMAIL,
    password: ADMIN.ADMIN_PASSWORD,
  });
  const code = login.body.redirect.split('token=')[1];
  const ex = await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code });
  return ex.body.token;
}

let quick = 0;

/** A user row and a session without the registration route (no password hashing: fast for 50). */
export async function quickUser(ctx: Ctx): Promise<{ id: number; token: string; username: string }> {
  const username = `q${process.pid % 1000}_${quick++}_${randomUUID().slice(0, 4)}`;
  const row = await ctx.db
    .insertInto('users')
    // a date of birth and state, as our registration form sends: the web client asks an account
    // without them before its first bet (issue 26 §6), which a browser test of a game is not about
    .values({
      username,
      email: `${username}@example.com`,
      password_hash: null,
      steam_id: null,
      birth_date: '1990-01-01',
      region: 'CA',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token: await ctx.sessions.create(row.id), username };
}

export async function fund(ctx: Ctx, userId: number, cents: number): Promise<void> {
  await inTransaction(ctx.db, (unit) =>
    ctx.wallet.apply(unit, {
      userId,
      delta: cents,
      kind: 'admin',
      idempotencyKey: `test-fund:${randomUUID()}`,
    }),
  );
}

/** A lost bet of `stake` cents through the real bet engine (so the bet hooks run). */
export async function lostBet(ctx: Ctx, userId: number, game: string, stake: number): Promise<void> {
  await placeBet(ctx, { user: { id: userId, username: 'p', avatar: '' }, game, stake }, () => ({
    payout: 0,
    multiplier: 0,
    outcome: { test: true },
  }));
}

export async function balanceOf(ctx: Ctx, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('users')
    .select('balance')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.balance;
}

export async function ledgerCount(ctx: Ctx, userId: number, kind: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('ledger_entries')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
  return rows.length;
}

export async function rewardsOf(ctx: Ctx, userId: number) {
  return ctx.db.selectFrom('user_rewards').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

import type { FaucetView } from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { balanceOf, fund, ledgerCount, quickUser } from './rewards-test-kit.ts';

const HALF_HOUR = 30 * 60_000;

describe.each(DB_KINDS)('faucet on %s', (db) => {
  let server: TestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());
  const ctx = () => server.site.ctx;
  const claim = (token: string) =>
    server.api<{ claimed?: number; nextClaimAt?: string; error?: string }>(
      'POST',
      '/api/rewards/faucet/claim',
      {},
      token,
    );

  it('pays 0.05 every 30 minutes while the balance is below 0.10', async () => {
    const u = await quickUser(ctx());
    expect((await claim('')).status).toBe(401);
    const v = await server.api<FaucetView>('GET', '/api/rewards/faucet', undefined, u.token);
    expect(v.body).toEqual({ amount: 0.05, below: 0.1, intervalMs: HALF_HOUR, nextClaimAt: null });

    const first = await claim(u.token);
    expect(first.body).toEqual({
      claimed: 0.05,
      nextClaimAt: new Date(clock.now() + HALF_HOUR).toISOString(),
    });
    expect(await balanceOf(ctx(), u.id)).toBe(5);
    const early = await claim(u.token);
    expect(early.status).toBe(400);
    expect(early.body.error).toBe('You can claim the faucet again in 30m 0s.');
    clock.jump(HALF_HOUR - 61_000);
    expect((await claim(u.token)).body.error).toBe('You can claim the faucet again in 1m 1s.');
    const later = await server.api<FaucetView>('GET', '/api/rewards/faucet', undefined, u.token);
    expect(later.body.nextClaimAt).toBe(new Date(clock.now() + 61_000).toISOString());

    clock.jump(61_000);
    expect((await claim(u.token)).status).toBe(200);
    expect(await balanceOf(ctx(), u.id)).toBe(10);
    clock.jump(HALF_HOUR);
    expect((await claim(u.token)).body.error).toBe(
      'The faucet is only available while your balance is below 0.10.',
    );
    expect(await balanceOf(ctx(), u.id)).toBe(10);
    expect(await ledgerCount(ctx(), u.id, 'faucet')).toBe(2);
  });

  it('refuses a balance of 0.10 or more', async () => {
    const u = await quickUser(ctx());
    await fund(ctx(), u.id, 10);
    expect((await claim(u.token)).status).toBe(400);
    expect(await balanceOf(ctx(), u.id)).toBe(10);
  });

  it('20 concurrent claims pay once', async () => {
    const u = await quickUser(ctx());
    const results = await Promise.all(Array.from({ length: 20 }, () => claim(u.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await balanceOf(ctx(), u.id)).toBe(5);
    expect(await ledgerCount(ctx(), u.id, 'faucet')).toBe(1);
    expect(await findLedgerMismatches(ctx().db)).toEqual([]);
  });
});

import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realityChecksOf } from '../../apps/server/src/platform/account/reality-check.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { inTransaction } from '../../apps/server/src/platform/tx.ts';
import { type Site, startSite } from './support/site.ts';

const MIN = 60_000;

/**
 * Issue 26 §8: the reality check keeps the session's clock (the server's): a reload does not
 * restart it, two tabs show it once each, and an answer in one closes it in both.
 */
describe('the reality check in the browser', () => {
  const clock = new ManualClock(Date.now());
  let site: Site;
  beforeAll(async () => {
    site = await startSite({}, { clock });
  });
  afterAll(() => site?.close());

  const ctx = () => site.server.site.ctx;

  /** Waits until `count` tabs of the session are bound on /chat and their reminders were read. */
  async function tabsReady(sessionId: number, count: number) {
    await expect
      .poll(() => ctx().realtime.ns('chat').adapter.rooms.get(`session:${sessionId}`)?.size ?? 0, {
        timeout: 20_000,
      })
      .toBe(count);
    await realityChecksOf(ctx()).idle();
  }

  /**
   * As if `ms` had passed for this player's reminder: its stored times move back. (Moving the app's
   * clock by minutes would play every round-loop tick of them.) The timer follows when a tab connects.
   */
  async function passed(userId: number, ms: number) {
    const by = `${ms} milliseconds`;
    await sql`UPDATE sessions SET created_at = created_at - ${by}::interval,
      reality_acked_at = reality_acked_at - ${by}::interval WHERE user_id = ${userId}`.execute(ctx().db);
    await sql`UPDATE rg_state SET reality_check_set_at = reality_check_set_at - ${by}::interval
      WHERE user_id = ${userId}`.execute(ctx().db);
  }

  async function player(minutes: number) {
    const user = await site.server.newUser();
    await site.fund(user.id, 100);
    expect(
      (await site.server.api('POST', '/api/account/reality-check', { minutes }, user.token)).status,
    ).toBe(200);
    const sessionId = (await ctx().sessions.resolve(user.token))?.sessionId ?? 0;
    return { ...user, sessionId };
  }

  const dialogOf = (page: Page) => page.getByRole('dialog', { name: 'Reality check' });
  async function opened(page: Page) {
    await page.goto('/');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
  }

  it('keeps its clock over a reload, shows once in each of two tabs, one answer closes both', async () => {
    const user = await player(5);
    // play after the reminder was set: 12.50 and 5.00 staked, 20.00 won
    const play = [
      [-1250, 'bet'],
      [2000, 'win'],
      [-500, 'bet'],
    ] as const;
    for (const [i, [delta, kind]] of play.entries())
      await inTransaction(ctx().db, (unit) =>
        ctx().wallet.apply(unit, { userId: user.id, delta, kind, idempotencyKey: `e2e-rc:${user.id}:${i}` }),
      );

    const page = await site.signedIn(user.token, '/');
    await tabsReady(user.sessionId, 1);
    await passed(user.id, 3 * MIN);
    // a reload three minutes in: the old client started its timer again here
    await page.reload();
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    await tabsReady(user.sessionId, 1);
    await passed(user.id, 2 * MIN - 2000);
    // two seconds before it is due, a second tab of the same browser
    const second = await page.context().newPage();
    await opened(second);
    await tabsReady(user.sessionId, 2);
    expect(await dialogOf(page).count()).toBe(0);
    expect(await dialogOf(second).count()).toBe(0);

    await clock.advance(2000);
    for (const tab of [page, second]) {
      await dialogOf(tab).waitFor({ timeout: 15_000 });
      expect(await dialogOf(tab).count()).toBe(1);
      await dialogOf(tab).getByText('5 min', { exact: true }).waitFor();
      expect(await tab.getByTestId('reality-net').textContent()).toBe('+2.50');
    }
    await site.settledShot(page, 'reality-check-desktop');

    // a phone, same session, opened while it is due and unanswered: shown at once
    const phone = await site.signedIn(user.token, '/', { phone: true });
    await dialogOf(phone).waitFor({ timeout: 15_000 });
    await site.settledShot(phone, 'reality-check-phone');
    // reloaded while due: still there (the server's clock, not the page's)
    await second.reload();
    await dialogOf(second).waitFor({ timeout: 15_000 });

    await dialogOf(page).getByRole('button', { name: 'Continue' }).click();
    for (const tab of [page, second, phone])
      await dialogOf(tab).waitFor({ state: 'detached', timeout: 15_000 });
    // answered: a reload does not bring it back
    await page.reload();
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    await tabsReady(user.sessionId, 3);
    expect(await dialogOf(page).count()).toBe(0);
  });

  it('"Take a break" answers it and opens the cool-off; "Log out" signs out', async () => {
    const user = await player(5);
    await passed(user.id, 5 * MIN - 2000);
    const page = await site.signedIn(user.token, '/');
    await tabsReady(user.sessionId, 1);
    await clock.advance(2000);
    await dialogOf(page).waitFor({ timeout: 15_000 });
    await dialogOf(page).getByRole('button', { name: 'Take a break' }).click();
    await page.waitForURL(/\/profile\?tab=settings#rg-cooloff$/);
    const cooloff = page.getByLabel('Take a break for');
    await cooloff.waitFor();
    await expect.poll(() => cooloff.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialogOf(page).count()).toBe(0);

    await passed(user.id, 5 * MIN);
    await page.reload();
    await dialogOf(page).waitFor({ timeout: 15_000 });
    await dialogOf(page).getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Sign in' }).first().waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Account menu').count()).toBe(0);
  });
});

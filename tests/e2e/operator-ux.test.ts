import { ACCOUNT_TEXT } from '@coinsite/shared/schemas/account';
import type { AdminTxView } from '@coinsite/shared/schemas/cashier';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCode, simulateBet } from '../../apps/server/src/economy/cashier/cashier.test-support.ts';
import { saveCase } from '../../apps/server/src/games/cases/cases.catalogue.ts';
import { type Site, startSite, toastBox } from './support/site.ts';

/** Issue 28 items 9, 12 and 14: race places, case toasts, the withdraw notice, the admin's race and payouts. */
describe('what players and operators see (issue 28)', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
  });
  afterAll(() => site?.close());

  const ctx = () => site.server.site.ctx;
  const settledShot = async (page: Page, name: string) => {
    await site.settled(page);
    await site.shot(page, name);
  };

  it('the race podium and the leaderboard show places nobody holds as open, without a prize', async () => {
    await expect
      .poll(async () => (await site.server.api<{ active: boolean }>('GET', '/api/race')).body.active, {
        timeout: 20_000,
      })
      .toBe(true);
    for (const phone of [false, true]) {
      const { page } = await site.newPage({ phone });
      await page.goto('/leaderboard');
      const podium = page.getByTestId('race-podium');
      await podium.waitFor({ timeout: 40_000 });
      await expect.poll(() => podium.getByTestId('race-open-place').count()).toBe(3);
      const text = (await podium.textContent()) ?? '';
      expect(text).not.toContain('Empty');
      expect(text).not.toMatch(/\d+\.\d\d/); // no prize (nor wager) for nobody
      await settledShot(page, `race-open-places-${phone ? '390' : '1440'}`);

      await page.goto('/home');
      await page.getByTestId('leaderboard-tile').click();
      const modal = page.getByTestId('leaderboard-modal');
      await modal.waitFor();
      expect(await modal.getByTestId('race-open-place').count()).toBe(3);
      expect(await modal.locator('ol').textContent()).not.toMatch(/Prize|Empty/);
      await settledShot(page, `leaderboard-open-places-${phone ? '390' : '1440'}`);
    }
  });

  it('a case opening worth less than its price says so instead of "You won"', async () => {
    await saveCase(ctx(), {
      slug: 'always-less',
      name: 'Always Less',
      price: 100,
      image: '/api/cases/art/case/91a0b1-3b4252-coin.svg',
      kind: 'paid',
      items: [
        {
          name: 'Paper Shuriken',
          price: 10,
          color: 'grey',
          image: '/api/cases/art/item/grey-coin.svg',
          ticketsStart: 1,
          ticketsEnd: 100_000,
        },
      ],
    });
    const u = await site.server.newUser();
    await site.fund(u.id, 5);
    const page = await site.signedIn(u.token, '/cases/always-less');
    await page.getByRole('button', { name: 'Open for 1.00' }).click();
    await page
      .getByText('You got Paper Shuriken worth 0.10 from a 1.00 case (−0.90).')
      .waitFor({ timeout: 45_000 });
    expect(await page.getByText('You won Paper Shuriken').count()).toBe(0);
    await settledShot(page, 'case-losing-toast-1440');
  });

  it('the withdraw tab and the profile say up front that withdrawals need a confirmed email', async () => {
    const u = await site.server.newUser({ verified: false });
    for (const phone of [false, true]) {
      const page = await site.signedIn(u.token, '/profile', { phone });
      const notice = page.getByTestId('email-confirm-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(u.email);
      await settledShot(page, `profile-email-notice-${phone ? '390' : '1440'}`);

      await page.getByRole('button', { name: 'Cashier' }).first().click();
      const dialog = page.getByRole('dialog', { name: /^Cashier/ });
      await dialog.getByRole('tab', { name: 'Withdraw' }).click();
      const inTab = dialog.getByTestId('email-confirm-notice');
      await inTab.waitFor();
      expect(await inTab.textContent()).toContain(ACCOUNT_TEXT.confirmToWithdraw);
      // the converter starts at the minimum withdrawal (10 coins = $5), not below it
      expect(await dialog.getByLabel('Coins').inputValue()).toBe('10');
      await settledShot(page, `withdraw-email-notice-${phone ? '390' : '1440'}`);
      if (!phone) {
        await inTab.getByRole('button', { name: 'Send the link again' }).click();
        await page.getByText(ACCOUNT_TEXT.verificationSent).waitFor();
      }
      // the Cash App deposit starts at its minimum (10 coins = $5)
      await dialog.getByRole('tab', { name: 'Deposit' }).click();
      await dialog.getByRole('button', { name: /^Cash ?App/ }).click();
      expect(await dialog.getByLabel('Coins').inputValue()).toBe('10');
      expect(await dialog.getByLabel('Dollars').inputValue()).toBe('5');
      await settledShot(page, `cashapp-minimum-${phone ? '390' : '1440'}`);
    }
    // confirmed: no notice
    const v = await site.server.newUser();
    const page = await site.signedIn(v.token, '/profile');
    await page.getByRole('tab', { name: /Settings/ }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('email-confirm-notice').count()).toBe(0);
  });

  it('the admin race form answers an empty form in words', async () => {
    const page = await site.signedIn(admin, '/home');
    await page.getByRole('button', { name: 'Admin', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin' });
    await dialog.getByRole('tab', { name: 'Race' }).click();
    await dialog.getByRole('button', { name: 'Create race' }).click();
    await page
      .getByText('There was an error creating new race: Please choose the date and time the race ends.', {
        exact: false,
      })
      .waitFor();
    expect(await page.getByText('endingDate').count()).toBe(0);
    await dialog.getByTestId('race-schedule-row').filter({ hasText: 'Running' }).waitFor();
    await settledShot(page, 'race-admin-empty-form-1440');
  });

  it('Confirm asks for the payout txid (the audit records it); Cancel toasts the spec text', async () => {
    const server = site.server;
    const u = await server.newUser();
    // withdrawals need a deposit first: a gift card of $10, wagered, then balance for two requests
    await importCode(server, admin, `OPS-E2E-${u.id}`, 10);
    expect(
      (await server.api('POST', '/api/kinguin/redeem', { code: `OPS-E2E-${u.id}` }, u.token)).status,
    ).toBe(200);
    await simulateBet(server, u.id, 2_000, `ops-e2e-bet-${u.id}`);
    await site.fund(u.id, 30);
    for (let i = 0; i < 2; i++) {
      const res = await server.api<{ state: number; error?: string }>(
        'POST',
        '/api/cashier/crypto/withdraw',
        { currency: 'LTC', address: 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh', amount: 10 },
        u.token,
      );
      expect(res.body.state, JSON.stringify(res.body)).toBe(1);
    }
    const [second, first] = (
      await server.api<AdminTxView[]>('GET', '/api/external/v1/transactions/list', undefined, admin)
    ).body.filter((t) => t._user._id === String(u.id) && t.type === 'withdraw');
    if (!first || !second) throw new Error('withdrawals missing');

    for (const phone of [false, true]) {
      const page = await site.signedIn(admin, '/home', { phone });
      if (phone) {
        await page.getByLabel('Open menu').click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Admin' }).click();
      } else await page.getByRole('button', { name: 'Admin', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Admin' });
      await dialog.getByRole('tab', { name: 'Transactions' }).click();
      const rowOf = (id: string) =>
        dialog.getByTestId('admin-tx').filter({ has: page.getByText(id, { exact: true }) });
      const tx = phone ? second : first;
      await rowOf(tx._id).waitFor();
      if (!phone) {
        await rowOf(tx._id).getByRole('button', { name: 'Confirm' }).click();
        const ask = page.getByRole('dialog', { name: `Confirm withdrawal ${tx._id}` });
        await ask.waitFor();
        const go = ask.getByRole('button', { name: 'Confirm payout' });
        expect(await go.isDisabled()).toBe(true);
        await ask.getByLabel('Payout transaction id (txid)').fill('ab12cd34ef56');
        await settledShot(page, 'admin-confirm-txid-1440');
        await go.click();
        await page.getByText(`Succesfully confirmed transaction ${tx._id}!`).waitFor();
        const audit = await ctx()
          .db.selectFrom('admin_audit_log')
          .select('details')
          .where('action', '=', 'confirm-transaction')
          .where('target', '=', tx._id)
          .executeTakeFirstOrThrow();
        expect(audit.details).toMatchObject({ txid: 'ab12cd34ef56' });
      } else {
        await rowOf(tx._id).getByRole('button', { name: 'Cancel' }).click();
        const said = `Succesfully cancel transaction ${tx._id}!`;
        await page.getByText(said).waitFor();
        // inside the screen (once it has slid in), where a person sees it over the admin dialog
        const box = await toastBox(page, said);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.y + box.height).toBeLessThanOrEqual(844);
        await settledShot(page, 'admin-cancel-toast-390');
      }
    }
  });
});

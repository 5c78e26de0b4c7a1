import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCode, simulateBet } from '../../apps/server/src/economy/cashier/cashier.test-support.ts';
import { type Site, startSite } from './support/site.ts';

const LTC = 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh';

/** The cashier as a person sees it: a card deposit through the sandbox checkout, a withdrawal an admin confirms. */
describe('cashier in the browser', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    // the cashier reads its operator settings from the process environment
    process.env.GIFTCARD_PRODUCT_URLS = '5=https://shop.example/gift-5,100=https://shop.example/gift-100';
    site = await startSite();
    delete process.env.GIFTCARD_PRODUCT_URLS;
    const login = await site.server.api<{ redirect: string }>('POST', '/api/auth/registration/login', {
      email: 'admin@example.com',
      password: 'admin-password',
    });
    const code = login.body.redirect.split('token=')[1];
    admin = (await site.server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code }))
      .body.token;
  });
  afterAll(() => site?.close());

  async function signedIn(token: string, phone = false) {
    const { context, page } = await site.newPage({ phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto('/home');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    return { context, page };
  }
  /** Screenshots wait for running animations (dialog zoom, pane slide) to finish. */
  async function shot(page: Page, name: string) {
    await site.settled(page);
    await page.waitForTimeout(600); // CSS transitions of the sliding panes
    await site.shot(page, name);
  }
  const balance = (page: Page) => page.getByTestId('balance').first();
  async function openCashier(page: Page) {
    await page.getByRole('button', { name: 'Cashier' }).first().click();
    const dialog = page.getByRole('dialog', { name: /^Cashier/ });
    await dialog.waitFor();
    return dialog;
  }

  it('deposits through the sandbox card checkout and sees the balance change', async () => {
    const u = await site.server.newUser();
    const { context, page } = await signedIn(u.token);
    await expect.poll(() => balance(page).textContent()).toBe('0.00');
    const dialog = await openCashier(page);
    await dialog.getByText('Sandbox', { exact: true }).first().waitFor();
    await shot(page, 'cashier-deposit-tiles');
    await dialog.getByRole('button', { name: /^Card/ }).click();
    expect(await dialog.getByLabel('Coins').inputValue()).toBe('10');
    await dialog.getByLabel('Coins').fill('24');
    expect(await dialog.getByLabel('Dollars').inputValue()).toBe('12');
    await dialog.getByLabel('Dollars').fill('12.5');
    expect(await dialog.getByLabel('Coins').inputValue()).toBe('25');
    // the fee and the total are shown before Proceed (issue 14 item 12): 12.50 + 4.9 % (0.62) + 0.30
    expect(await dialog.getByTestId('card-fee-summary').textContent()).toContain(
      'Card fee (4.9% + $0.30)$0.92',
    );
    expect(await dialog.getByTestId('card-total').textContent()).toBe('$13.42');
    await shot(page, 'cashier-card-panel');
    await dialog.getByLabel('Coins').fill('8');
    await dialog.getByText('Proceed is disabled: the minimum card deposit is 10.00 coins ($5.00).').waitFor();
    expect(await dialog.getByRole('button', { name: 'Proceed' }).isDisabled()).toBe(true);
    await dialog.getByLabel('Coins').fill('25');

    const [checkout] = await Promise.all([
      context.waitForEvent('page'),
      dialog.getByRole('button', { name: 'Proceed' }).click(),
    ]);
    await checkout.waitForURL(/\/sandbox\/arkpay\/checkout\/sbx_card_/);
    await checkout.getByText('SANDBOX').waitFor();
    await site.shot(checkout, 'cashier-card-sandbox-checkout');
    await checkout.getByRole('button', { name: 'Pay $13.42' }).click();
    await checkout.getByText('Payment complete').waitFor();
    await checkout.close();

    // the toast first: it stands 4.5 s from the credit, and the balance counts up for 1 s of them
    await page.getByText('Your CARD deposit of 25.00 coins has been credited!').waitFor({ timeout: 10_000 });
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('25.00');
    await shot(page, 'cashier-card-credited');
  });

  it('requests a withdrawal and sees it confirmed by an admin', async () => {
    const u = await site.server.newUser();
    // a $20 gift card deposit, wagered through once (playthrough), then 80 coins to play with
    await importCode(site.server, admin, 'E2E-WITHDRAW-20', 20);
    await site.server.api('POST', '/api/kinguin/redeem', { code: 'E2E-WITHDRAW-20' }, u.token);
    await simulateBet(site.server, u.id, 4_000, `e2e-wd-${u.id}`);
    await site.fund(u.id, 80);
    const { page } = await signedIn(u.token);
    await expect.poll(() => balance(page).textContent()).toBe('80.00');

    const dialog = await openCashier(page);
    await dialog.getByRole('tab', { name: 'Withdraw' }).click();
    await dialog.getByRole('radio', { name: 'Litecoin' }).click();
    await dialog.getByLabel('Coins').fill('20');
    expect(await dialog.getByLabel('Dollars').inputValue()).toBe('10');
    await dialog.getByLabel('Litecoin address').fill(LTC);
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    expect(await confirm.getAttribute('aria-disabled')).toBe('true');
    await dialog.getByRole('checkbox').check();
    await shot(page, 'cashier-withdraw-form');
    await confirm.click();
    await page
      .getByText(
        'Successfully withdrawed 20.20 credits for 0.125 LTC! Your withdrawal should manual confirm within a few minutes!',
      )
      .waitFor();
    await expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe('59.80');
    await dialog.getByText('Pending', { exact: true }).waitFor();

    const list = await site.server.api<Array<{ _id: string; _user: { _id: string } }>>(
      'GET',
      '/api/external/v1/transactions/list?type=withdraw',
      undefined,
      admin,
    );
    const mine = list.body.find((t) => t._user._id === String(u.id));
    expect(mine).toBeDefined();
    const ok = await site.server.api(
      'POST',
      `/api/external/v1/transactions/confirm/${mine?._id}`,
      { txid: 'e2e-ltc-payout' },
      admin,
    );
    expect(ok.status).toBe(200);
    await page.getByText('Your withdrawal of 20.20 coins has been sent!').waitFor();
    await dialog.getByText('Completed', { exact: true }).waitFor();
    expect(await balance(page).textContent()).toBe('59.80');
    await shot(page, 'cashier-withdraw-confirmed');
  });

  it('shows the crypto deposit panel on a phone', async () => {
    const u = await site.server.newUser();
    // a litecoin deposit seen on chain with 3 of its 8 confirmations (issue 14 item 14)
    const addrs = await site.server.api<{ ltc: { address: string } }>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      u.token,
    );
    const sent = await site.server.api(
      'POST',
      '/api/external/v1/sandbox/chain/send',
      { currency: 'ltc', address: addrs.body.ltc.address, amount: '0.5' },
      admin,
    );
    expect(sent.status).toBe(200);
    await site.server.api(
      'POST',
      '/api/external/v1/sandbox/chain/mine',
      { currency: 'ltc', blocks: 3 },
      admin,
    );
    const { page } = await signedIn(u.token, true);
    const dialog = await openCashier(page);
    await shot(page, 'cashier-deposit-tiles-phone');
    await dialog.getByRole('button', { name: /^Solana/ }).click();
    await dialog.getByText('Only deposit on the Solana Network!').waitFor();
    await dialog.getByRole('img', { name: 'Solana deposit address QR code' }).waitFor();
    expect(await dialog.getByTestId('deposit-address').textContent()).toMatch(
      /^[1-9A-HJ-NP-Za-km-z]{32,44}$/,
    );
    await shot(page, 'cashier-crypto-panel-phone');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: /^Litecoin/ }).click();
    const detected = dialog.getByTestId('detected-deposit');
    await expect.poll(() => detected.textContent(), { timeout: 10_000 }).toContain('0.5 LTC');
    expect(await detected.textContent()).toMatch(/3\/8 confirmations.*Pending/);
    await shot(page, 'cashier-crypto-detected-phone');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: /^Bitcoin/ }).waitFor();

    // six drawn gift-card products, each linking to its own page (issue 14 item 13)
    await dialog.getByRole('button', { name: /^Gift Card/ }).click();
    const products = dialog.getByTestId('giftcard-product');
    await expect.poll(() => products.count()).toBe(6);
    const links = await products.evaluateAll((as) =>
      as.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.querySelector('svg') !== null]),
    );
    expect(links.map((l) => l[0])).toEqual([5, 10, 15, 20, 50, 100].map((v) => `Buy a $${v} gift card`));
    expect(links.every((l) => l[2])).toBe(true);
    expect(links[0]?.[1]).toBe('https://shop.example/gift-5');
    expect(links[5]?.[1]).toBe('https://shop.example/gift-100');
    expect(new Set(links.map((l) => l[1])).size).toBe(6);
    await shot(page, 'cashier-giftcard-panel-phone');
    await page.setViewportSize({ width: 1440, height: 900 });
    await shot(page, 'cashier-giftcard-panel-desktop');

    // the profile history lists the detected deposit as Pending with its confirmations
    await page.keyboard.press('Escape');
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Transactions' }).click();
    await page.getByText('Pending · 3/8 confirmations').waitFor({ timeout: 10_000 });
    await site.shot(page, 'profile-crypto-pending-desktop');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, resetCodeIn } from '../../apps/server/src/test-support/outbox.ts';
import { waitForChatSockets } from '../../apps/server/src/test-support/server.ts';
import { type Site, startSite } from './support/site.ts';

/** Issue 2's browser check: register, see 0.00, log out, log in, reset the password through the outbox. */
describe('accounts in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('registers, sees 0.00, follows update-wallet, logs out, logs in and resets the password', async () => {
    const { page } = await site.newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('tab', { name: 'Registration' }).click();
    await page.getByLabel('Email').fill('player@example.com');
    await page.getByLabel('Username').fill('player_one');
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByLabel('Repeat Password').fill('first-password');
    // issue 16: the form asks for the date of birth and the state
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('State').selectOption('CA');
    await site.shot(page, 'platform-register');
    await page.getByRole('button', { name: 'Play Now' }).click();
    await page.getByText("You've successfully registered an account!").waitFor();
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe('0.00');
    await expect.poll(() => page.getByTestId('username').textContent()).toBe('player_one');
    // the chat panel's online count: the server's users-online plus 10 (spec-2 §4)
    await expect
      .poll(async () => Number(await page.getByTestId('online-count').textContent()), { timeout: 10_000 })
      .toBeGreaterThanOrEqual(11);
    await site.shot(page, 'platform-signed-in');

    // A credit made on the server reaches the tab by update-wallet and the balance animates to it.
    const user = await site.server.site.ctx.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'player_one')
      .executeTakeFirstOrThrow();
    await site.fund(user.id, 12.5);
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 10_000 }).toBe('12.50');

    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Email').fill('player@example.com');
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe('12.50');

    await page.getByRole('button', { name: 'Log Out' }).first().click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Forgot Password?' }).click();
    await page.getByLabel('Email').fill('player@example.com');
    await page.getByRole('button', { name: 'Send Security Code' }).click();
    await page
      .getByText("We've sent you an email containing the security code to reset your password!")
      .waitFor();
    let code: string | null = null;
    await expect
      .poll(() => {
        code = resetCodeIn(lastMailTo(site.server.dataDir, 'player@example.com') ?? '');
        return code;
      })
      .toMatch(/^[A-Z0-9]{10}$/);
    await page.getByLabel('Security Token').fill(code ?? '');
    await page.getByLabel('New Password').fill('second-password');
    await page.getByLabel('Confirm Password').fill('second-password');
    await site.shot(page, 'platform-recovery');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('You have successfully reset your password, try login in!').waitFor();

    await page.getByLabel('Email').fill('player@example.com');
    await page.getByLabel('Password', { exact: true }).fill('second-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect.poll(() => page.getByTestId('balance').textContent(), { timeout: 15_000 }).toBe('12.50');
  });

  it('a deposit that lands while the page is loading the player shows in the balance', async () => {
    const u = await site.server.newUser();
    await site.fund(u.id, 10);
    const { context, page } = await site.newPage();
    await context.addInitScript((t) => window.localStorage.setItem('token', t), u.token);
    // the server reads the player (10.00) at once; its answer reaches the page after the deposit's
    // update-wallet, which came while the page had no player to add it to
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let read = () => {};
    const wasRead = new Promise<void>((r) => {
      read = r;
    });
    let asked = 0;
    await page.route('**/api/user', async (route) => {
      if (asked++ > 0) return route.continue();
      const response = await route.fetch();
      read();
      await held;
      await route.fulfill({ response });
    });
    const delivered = new Promise<void>((resolve) => {
      page.on('websocket', (ws) =>
        ws.on('framereceived', (f) => {
          if (String(f.payload).includes('"update-wallet"')) resolve();
        }),
      );
    });
    await page.goto('/home');
    await wasRead;
    await waitForChatSockets([site.server], [u.id]);
    await site.fund(u.id, 5);
    await delivered;
    release();
    await expect
      .poll(() => page.getByTestId('balance').first().textContent(), { timeout: 15_000 })
      .toBe('15.00');
    // the load was asked again after the event, and only once more
    expect(asked).toBe(2);
  });

  it('the recovery link of the mail opens the recovery view prefilled', async () => {
    const u = await site.server.newUser();
    await site.server.api('POST', '/api/auth/registration/forgot_password', { email: u.email });
    const code = resetCodeIn(lastMailTo(site.server.dataDir, u.email) ?? '') ?? '';
    const { page } = await site.newPage();
    await page.goto(`/home?email=${encodeURIComponent(u.email)}&code=${code}`);
    await expect.poll(() => page.getByLabel('Security Token').inputValue(), { timeout: 15_000 }).toBe(code);
    expect(await page.getByLabel('Email').inputValue()).toBe(u.email);
  });

  it('shows the 404, banned and phone layouts', async () => {
    const { page } = await site.newPage();
    await page.goto('/no/such/page');
    await page.getByText('404 error. Page not found :(').waitFor({ timeout: 15_000 });
    await page.goto('/banned');
    await page.getByText('YOU HAVE BEEN BANNED').waitFor();
    await site.shot(page, 'platform-banned');

    const u = await site.server.newUser();
    const phone = await site.newPage({ phone: true });
    await phone.context.addInitScript((token) => localStorage.setItem('token', token), u.token);
    await phone.page.goto('/home');
    await phone.page.getByRole('button', { name: 'Open menu' }).waitFor({ timeout: 15_000 });
    await expect
      .poll(() => phone.page.getByTestId('balance').textContent(), { timeout: 15_000 })
      .toBe('0.00');
    await site.shot(phone.page, 'platform-phone-home');

    // payment methods are drawn marks, not letter badges; games menu subtitles are never cut off
    // (issue 14 item 19)
    const desk = await site.newPage();
    await desk.context.addInitScript((token) => localStorage.setItem('token', token), u.token);
    await desk.page.goto('/home');
    const methods = desk.page.getByRole('region', { name: 'Deposit with your preferred payment method' });
    await methods.waitFor({ timeout: 15_000 });
    expect(await methods.locator('svg[data-mark]').count()).toBe(13);
    await methods.scrollIntoViewIfNeeded();
    await site.shot(desk.page, 'platform-home-payment-marks');
    await desk.page.getByRole('button', { name: 'Games' }).click();
    const menu = desk.page.getByRole('menu');
    await menu.waitFor();
    const cut = await menu
      .locator('[role="menuitem"] span span')
      .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
    expect(cut).toEqual([]);
    await site.shot(desk.page, 'platform-games-menu');
    await desk.page.keyboard.press('Escape');
    await desk.page.getByRole('button', { name: 'Cashier' }).first().click();
    const cashier = desk.page.getByRole('dialog', { name: /^Cashier/ });
    await cashier.waitFor();
    expect(await cashier.locator('svg[data-mark]').count()).toBeGreaterThanOrEqual(9);
    await desk.page.waitForTimeout(600);
    await site.shot(desk.page, 'platform-cashier-marks');
  });

  it('shows the maintenance page to players while maintenance is on', async () => {
    await site.server.site.ctx.controls.toggle('maintenance');
    try {
      const { page } = await site.newPage();
      await page.goto('/home');
      await page
        .getByText('We are currently undergoing maintenance', { exact: false })
        .waitFor({ timeout: 15_000 });
      // never a bare "— online" while no count is known (issue 14 item 19)
      await page.waitForTimeout(1500);
      expect(await page.locator('body').textContent()).not.toContain('— online');
      await site.shot(page, 'platform-maintenance');
    } finally {
      await site.server.site.ctx.controls.toggle('maintenance');
    }
  });
});

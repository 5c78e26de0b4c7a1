import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totpAt } from '../../apps/server/src/platform/auth/totp.ts';
import { type Site, startSite } from './support/site.ts';

/** Issue 16: two-factor authentication set up in the Settings tab, then asked at sign-in. */
describe('account safety in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const shot = (page: Page, name: string) => site.settledShot(page, name);

  async function settingsOf(token: string, phone = false): Promise<Page> {
    const page = await site.signedIn(token, '/profile', { phone });
    await page.getByRole('tab', { name: 'Settings' }).click();
    return page;
  }

  it('a player turns 2FA on with the QR code and signs in with a code', async () => {
    const user = await site.server.newUser();
    const page = await settingsOf(user.token);
    await page.getByRole('button', { name: 'Set up 2FA' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByLabel('Setup key').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await shot(page, 'account-2fa-setup-desktop');
    await page.getByLabel('Code from the app').fill(totpAt(base32Decode(secret), Date.now()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').count())
      .toBe(10);
    await shot(page, 'account-2fa-recovery-desktop');
    await page.getByRole('button', { name: 'I saved them' }).click();
    await page.getByText(/recovery\s+codes left/).waitFor();
    await page.getByRole('region', { name: 'Active sessions' }).getByText('This device').waitFor();
    await shot(page, 'account-settings-desktop');

    const phone = await settingsOf(user.token, true);
    await phone.getByText(/recovery\s+codes left/).waitFor();
    await shot(phone, 'account-settings-phone');

    // signing in asks for the code after the password
    const { page: login } = await site.newPage();
    await login.goto('/home');
    await login.getByRole('button', { name: 'Sign in' }).first().click({ timeout: 40_000 });
    await login.getByLabel('Email').fill(user.email);
    await login.getByLabel('Password', { exact: true }).fill(user.password);
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    const codeField = login.getByLabel('Authentication code');
    await codeField.waitFor();
    await shot(login, 'account-2fa-sign-in-desktop');
    // the next time step: the one used to turn 2FA on cannot be used again
    await codeField.fill(totpAt(base32Decode(secret), Date.now() + 30_000));
    await login.getByRole('button', { name: 'Sign In', exact: true }).click();
    await login.getByLabel('Account menu').waitFor({ timeout: 20_000 });
  });

  it('the Settings tab sets a loss limit; registration asks for the date of birth and state', async () => {
    const user = await site.server.newUser();
    const page = await settingsOf(user.token);
    const rg = page.getByRole('region', { name: 'Responsible gaming' });
    await rg.getByLabel('Daily loss limit').fill('25');
    await rg.getByLabel('Daily loss limit').press('Enter');
    await rg.getByText('used 0.00 of 25.00').waitFor();
    await rg.scrollIntoViewIfNeeded();
    await shot(page, 'account-responsible-gaming-desktop');
    const phone = await settingsOf(user.token, true);
    await phone.getByRole('region', { name: 'Responsible gaming' }).scrollIntoViewIfNeeded();
    await shot(phone, 'account-responsible-gaming-phone');

    const { page: reg } = await site.newPage();
    await reg.goto('/home');
    await reg.getByRole('button', { name: 'Sign in' }).first().click({ timeout: 40_000 });
    await reg.getByRole('dialog').getByRole('tab', { name: 'Registration' }).click();
    const n = Math.floor(Math.random() * 1e6);
    await reg.getByLabel('Email').fill(`teen_${n}@example.com`);
    await reg.getByLabel('Username').fill(`teen_${n}`);
    await reg.getByLabel('Password', { exact: true }).fill('correct horse');
    await reg.getByLabel('Repeat Password').fill('correct horse');
    const now = new Date();
    await reg.getByLabel('Date of birth').fill(`${now.getUTCFullYear() - 17}-01-01`);
    await reg.getByLabel('State').selectOption('CA');
    await shot(reg, 'account-register-age-desktop');
    await reg.getByRole('button', { name: 'Play Now' }).click();
    await reg.getByText('Sorry, you must be an adult (minimum age 18) to use this site.').waitFor();
  });
});

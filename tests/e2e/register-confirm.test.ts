import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, loginLinkCodeIn } from '../../apps/server/src/test-support/outbox.ts';
import { type Site, startSite } from './support/site.ts';

/** Issue 9 item 9(d) in the browser: with REGISTER_CONFIRM_EMAIL on, sign-up ends at "check your mail". */
describe('registration confirmed by mail in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ REGISTER_CONFIRM_EMAIL: 'yes' });
  });
  afterAll(() => site?.close());

  it('shows the check-mail page, and the mailed link signs in', async () => {
    const { page } = await site.newPage();
    await page.goto('/home');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('tab', { name: 'Registration' }).click();
    await page.getByLabel('Email').fill('mailer@example.com');
    await page.getByLabel('Username').fill('mailer_one');
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByLabel('Repeat Password').fill('first-password');
    // issue 16: the form asks for the date of birth and the state
    await page.getByLabel('Date of birth').fill('1990-05-17');
    await page.getByLabel('State').selectOption('CA');
    await page.getByRole('button', { name: 'Play Now' }).click();
    await page.getByRole('heading', { name: 'Check your mail' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/register/check-mail');
    await page.getByText('We sent a link to finish signing up').waitFor();
    await site.settledShot(page, 'register-check-mail');

    const code = loginLinkCodeIn(lastMailTo(site.server.dataDir, 'mailer@example.com') ?? '');
    expect(code).toMatch(/^[0-9a-f]{64}$/);
    await page.goto(`/login?token=${code}`);
    await expect
      .poll(() => page.getByTestId('username').textContent(), { timeout: 15_000 })
      .toBe('mailer_one');
  });
});

import { formatBreakEnd } from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/**
 * Issue 26: a player on a break sees it in the shell on every page, with the break's end, instead of
 * finding out by a refused click; a player without one sees nothing.
 */
describe('the break banner in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function onBreak(body: unknown) {
    const user = await site.server.newUser();
    const res = await site.server.api<{ block: { until: string | null } }>(
      'POST',
      '/api/account/break',
      body,
      user.token,
    );
    expect(res.status).toBe(200);
    return { user, until: res.body.block.until };
  }

  it('a cooling-off player sees the end of the break on every page, on a desktop and a phone', async () => {
    const { user, until } = await onBreak({ kind: 'cool_off', days: 7 });
    if (!until) throw new Error('a cool-off has an end');
    const text = `You are on a break until ${formatBreakEnd(until)}`;
    const page = await site.signedIn(user.token, '/home');
    const banner = page.getByTestId('break-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(text);
    await site.shot(page, 'rg-break-banner-desktop');
    await page.goto('/dice');
    await banner.waitFor();
    expect(await banner.textContent()).toContain(text);
    const phone = await site.signedIn(user.token, '/home', { phone: true });
    const phoneBanner = phone.getByTestId('break-banner');
    await phoneBanner.waitFor();
    expect(await phoneBanner.textContent()).toContain(text);
    await site.shot(phone, 'rg-break-banner-phone');
  });

  it('a permanent self-exclusion says so; a player without a break sees no banner', async () => {
    const { user } = await onBreak({ kind: 'self_exclusion', months: null });
    const page = await site.signedIn(user.token, '/rewards');
    const banner = page.getByTestId('break-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('You have excluded yourself permanently');
    const free = await site.server.newUser();
    const other = await site.signedIn(free.token, '/home');
    await other.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    expect(await other.getByTestId('break-banner').count()).toBe(0);
  });
});

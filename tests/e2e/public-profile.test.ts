import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateBet } from '../../apps/server/src/economy/cashier/cashier.test-support.ts';
import { postMessage } from '../../apps/server/src/chat/chat.service.ts';
import { nextEvent } from '../../apps/server/src/test-support/server.ts';
import { type Site, startSite } from './support/site.ts';

/** Issue 11 items 4-5: a username in chat opens the public profile; privacy hides it; the Audit tab. */
describe('public profiles and the audit tab in the browser', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
    await site.server.site.ctx.db.updateTable('chat_settings').set({ slow_mode_ms: 0 }).execute();
  });
  afterAll(() => site?.close());

  async function signedIn(token: string, path: string, opts: { phone?: boolean } = {}): Promise<Page> {
    const { context, page } = await site.newPage(opts);
    await context.addInitScript((t) => {
      window.localStorage.setItem('token', t);
      window.localStorage.setItem('chat-rules-agreed', 'true');
    }, token);
    await page.goto(path);
    await page.getByLabel('Account menu').waitFor({ timeout: 40_000 });
    return page;
  }
  const shot = (page: Page, name: string) => site.settledShot(page, name);

  /** A player past the chat's level gate who bet 25.00 and lost, with one chat line. */
  async function chattyPlayer(line: string) {
    const server = site.server;
    const u = await server.newUser();
    await site.fund(u.id, 100);
    await simulateBet(server, u.id, 2_500, `e2e-profile-bet-${u.id}`);
    await server.site.ctx.db.updateTable('users').set({ wager: 1_000_000 }).where('id', '=', u.id).execute();
    await postMessage(server.site.ctx, u.id, line);
    return u;
  }

  it('a username in chat opens the profile dialog with the stats; hiding them in Settings hides them', async () => {
    const owner = await chattyPlayer('hello from the profile test');
    const viewer = await site.server.newUser();

    const pv = await signedIn(viewer.token, '/home');
    const line = pv.getByTestId('chat-message').filter({ hasText: 'hello from the profile test' });
    await line.waitFor({ timeout: 20_000 });
    await line.getByTestId('chat-username').click();
    const dialog = pv.getByRole('dialog', { name: `${owner.username}'s Profile` });
    await dialog.waitFor();
    await dialog.getByText('Wagered').waitFor();
    const stats = dialog.getByTestId('profile-stats');
    await expect.poll(() => stats.textContent()).toContain('10,000.00');
    const text = (await stats.textContent()) ?? '';
    for (const label of ['Wagered', 'Profit', 'Bets Placed', 'Bets Won', 'Registered', 'UserID'])
      expect(text).toContain(label);
    expect(text).toContain(String(owner.id));
    expect(text).not.toContain(owner.email);
    await dialog.getByRole('button', { name: `Tip ${owner.username}` }).waitFor();
    await shot(pv, 'public-profile-1440');

    // the owner hides the stats in Settings
    const po = await signedIn(owner.token, '/profile');
    await po.getByRole('tab', { name: 'Settings' }).click();
    const toggle = po.getByRole('switch', { name: 'Hide my stats' });
    await expect.poll(() => toggle.isEnabled()).toBe(true);
    expect(await toggle.getAttribute('aria-checked')).toBe('false');
    await toggle.click();
    await po.getByText('Your stats are now hidden.').waitFor();
    expect(await toggle.getAttribute('aria-checked')).toBe('true');
    await shot(po, 'profile-privacy-1440');

    // a fresh look at the profile shows no figures
    const pv2 = await signedIn(viewer.token, '/home', { phone: true });
    await pv2.getByRole('button', { name: 'Open chat' }).click();
    const line2 = pv2.getByTestId('chat-message').filter({ hasText: 'hello from the profile test' });
    await line2.waitFor({ timeout: 20_000 });
    await line2.getByRole('button', { name: `${owner.username}'s profile` }).click();
    const hidden = pv2.getByRole('dialog', { name: `${owner.username}'s Profile` });
    await hidden.getByTestId('profile-stats-hidden').waitFor();
    const hiddenText = (await hidden.textContent()) ?? '';
    expect(hiddenText).toContain(`${owner.username} keeps their stats private.`);
    expect(hiddenText).not.toContain('Wagered');
    expect(hiddenText).not.toContain('10,000.00');
    expect(hiddenText).toContain(String(owner.id));
    await shot(pv2, 'public-profile-hidden-390');
  });

  it("a player's name in the live feed opens their profile dialog", async () => {
    const bettor = await site.server.newUser();
    await site.fund(bettor.id, 5);
    const viewer = await site.server.newUser();
    const page = await signedIn(viewer.token, '/dice');
    const socket = await site.server.socket('dice', bettor.token);
    const result = nextEvent(socket, 'dice:result');
    socket.emit('dice:bet', { amount: 0.5, multiplier: 2, rangeData: 50 });
    await result;
    socket.disconnect();
    const row = page.getByTestId('live-bet-row').filter({ hasText: bettor.username }).first();
    await row.waitFor({ timeout: 20_000 });
    await row.getByTestId('live-bet-user').click();
    const dialog = page.getByRole('dialog', { name: `${bettor.username}'s Profile` });
    const stats = dialog.getByTestId('profile-stats');
    await expect.poll(() => stats.textContent()).toContain('Bets Placed');
    expect(await stats.textContent()).toContain('0.50');
    await shot(page, 'public-profile-live-feed-1440');
  });

  it('the Audit tab lists admin actions and filters them by action and target', async () => {
    const u = await site.server.newUser();
    const adjust = await site.server.api(
      'POST',
      `/api/external/v1/users/${u.id}/balance`,
      { amount: 3, reason: 'e2e audit' },
      admin,
    );
    expect(adjust.status).toBe(200);
    await site.server.api('POST', '/api/external/v1/chat/announce', { text: 'Audit e2e' }, admin);

    for (const phone of [false, true]) {
      const page = await signedIn(admin, '/home', { phone });
      if (phone) {
        await page.getByLabel('Open menu').click();
        await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Admin' }).click();
      } else {
        await page.getByRole('button', { name: 'Admin', exact: true }).click();
      }
      const dialog = page.getByRole('dialog', { name: 'Admin' });
      await dialog.getByRole('tab', { name: 'Audit' }).click();
      const rows = dialog.getByTestId('audit-row');
      await rows.first().waitFor();
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      expect(await rows.first().textContent()).toContain('announce');
      await shot(page, `admin-audit-${phone ? 390 : 1440}`);
      if (phone) continue;

      await dialog.getByRole('combobox', { name: 'Action' }).selectOption('adjust-balance');
      await dialog.getByRole('textbox', { name: 'Target' }).fill(String(u.id));
      await dialog.getByRole('button', { name: 'Filter' }).click();
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain('reason: e2e audit');
      await shot(page, 'admin-audit-filtered-1440');
    }
  });
});

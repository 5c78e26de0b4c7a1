import { SESSION_END_TEXT } from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForChatSockets } from '../../apps/server/src/test-support/server.ts';
import { type Site, startSite } from './support/site.ts';

/**
 * Issue 26 §7: a session ended elsewhere ends visibly in the browser that held it: the header goes
 * back to a visitor's (no username, no balance) and a dialog says why.
 */
describe('a session ended elsewhere', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('revoked from another device: the other browser signs out and says why', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 25);
    const laptopToken = await site.server.signIn(user.email, user.password);
    // the revoked browser, on a game page with its balance showing
    const phone = await site.signedIn(user.token, '/dice', { phone: true });
    await phone.getByTestId('balance').first().waitFor();
    await waitForChatSockets([site.server], [user.id]);

    const laptop = await site.signedIn(laptopToken, '/profile');
    await laptop.getByRole('tab', { name: 'Settings' }).click();
    const sessions = laptop.getByRole('region', { name: 'Active sessions' });
    await sessions.getByText('This device').waitFor();
    await sessions
      .getByRole('button', { name: /^Sign out / })
      .first()
      .click();

    const dialog = phone.getByRole('dialog', { name: 'Signed out' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('signed-out-reason').textContent()).toBe(SESSION_END_TEXT.revoked);
    expect(await phone.getByLabel('Account menu').count()).toBe(0);
    expect(await phone.getByTestId('balance').count()).toBe(0);
    expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await site.settledShot(phone, 'session-revoked-phone');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await phone.getByRole('button', { name: 'Sign in' }).first().waitFor();
    // the device that revoked it stays signed in
    await laptop.getByLabel('Account menu').waitFor();
  });

  it('a 401 on any call (a session that expired while the page slept) signs out the same way', async () => {
    const user = await site.server.newUser();
    const page = await site.signedIn(user.token, '/profile');
    await page.getByRole('tab', { name: 'Settings' }).click();
    const rg = page.getByRole('region', { name: 'Responsible gaming' });
    await rg.getByLabel('Reality check every').waitFor();
    const { sessionId } = (await site.server.site.ctx.sessions.resolve(user.token)) ?? { sessionId: 0 };
    // ended without telling its sockets (as if this tab had been asleep): only HTTP can tell it now
    await site.server.site.ctx.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', sessionId)
      .execute();
    // the next click that calls the server is answered 401
    await rg.getByLabel('Reality check every').fill('30');
    await rg.getByLabel('Reality check every').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Session expired' });
    await dialog.waitFor({ timeout: 15_000 });
    expect(await dialog.getByTestId('signed-out-reason').textContent()).toBe(SESSION_END_TEXT.expired);
    expect(await page.getByLabel('Account menu').count()).toBe(0);
    await site.settledShot(page, 'session-expired-desktop');
  });
});

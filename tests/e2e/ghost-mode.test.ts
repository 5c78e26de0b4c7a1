import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMessage } from '../../apps/server/src/chat/chat.service.ts';
import { nextEvent } from '../../apps/server/src/test-support/server.ts';
import { type Site, startSite } from './support/site.ts';

/** Issue 33 item 4: ghost mode in the browser (Settings → Privacy, the live feed, a chat profile click). */
describe('ghost mode in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
    await site.server.site.ctx.db.updateTable('chat_settings').set({ slow_mode_ms: 0 }).execute();
  });
  afterAll(() => site?.close());

  async function diceBet(token: string): Promise<void> {
    const socket = await site.server.socket('dice', token);
    const result = nextEvent(socket, 'dice:result');
    socket.emit('dice:bet', { amount: 0.5, rangeData: 50 });
    await result;
    socket.disconnect();
  }

  it('the player turns it on in Settings; others see "Hidden" in the feed and in a chat profile; the player sees their name', async () => {
    const ghost = await site.server.newUser();
    await site.fund(ghost.id, 5);
    await site.server.site.ctx.db
      .updateTable('users')
      .set({ wager: 1_000_000 })
      .where('id', '=', ghost.id)
      .execute();
    await diceBet(ghost.token); // a bet from before ghost mode

    const own = await site.signedIn(ghost.token, '/profile', { storage: { 'chat-rules-agreed': 'true' } });
    await own.getByRole('tab', { name: 'Settings' }).click();
    const toggle = own.getByRole('switch', { name: 'Ghost mode' });
    await toggle.click();
    await expect.poll(() => toggle.getAttribute('aria-checked')).toBe('true');
    await site.settledShot(own, 'ghost-settings-1440');
    await postMessage(site.server.site.ctx, ghost.id, 'boo from a ghost');

    const viewer = await site.server.newUser();
    const page = await site.signedIn(viewer.token, '/dice', { storage: { 'chat-rules-agreed': 'true' } });
    await diceBet(ghost.token); // a new bet, broadcast
    // the feed: the old bet and the new one both "Hidden", no link to a profile
    const rows = page.getByTestId('live-bet-row').filter({ hasText: 'Hidden' });
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('live-bet-row').filter({ hasText: ghost.username }).count()).toBe(0);
    expect(
      await rows
        .first()
        .getByRole('button', { name: /profile/ })
        .count(),
    ).toBe(0);
    await site.settledShot(page, 'ghost-feed-1440');

    // a click on the ghost's name in chat opens a profile that says "Hidden"
    const line = page.getByTestId('chat-message').filter({ hasText: 'boo from a ghost' });
    await line.waitFor({ timeout: 20_000 });
    await line.getByTestId('chat-username').click();
    const dialog = page.getByRole('dialog', { name: "Hidden's Profile" });
    await dialog.waitFor();
    expect(await dialog.textContent()).not.toContain(ghost.username);
    // no account id, no join date, nothing to tip
    const text = (await dialog.textContent()) ?? '';
    for (const gone of ['UserID', 'Registered', 'Member since', String(ghost.id), 'Tip '])
      expect(text).not.toContain(gone);
    await site.settledShot(page, 'ghost-profile-1440');

    // the player's own feed shows their name
    const mine = await site.signedIn(ghost.token, '/dice', { phone: true });
    await mine.getByRole('tab', { name: /Mine|My bets/ }).click();
    await mine
      .getByTestId('live-bet-row')
      .filter({ hasText: ghost.username })
      .first()
      .waitFor({ timeout: 20_000 });
    await site.settledShot(mine, 'ghost-own-feed-390');
  });
});

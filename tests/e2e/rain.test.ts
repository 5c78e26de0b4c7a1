import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** Rain in the browser (issue 10 item 3): the chat's rain panel, joining, the tip-rain dialog. */
describe('rain in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const db = () => site.server.site.ctx.db;

  /** Moves the open rain's join window to now (the server runs on the system clock here). */
  async function openWindow() {
    const now = Date.now();
    await expect
      .poll(
        async () =>
          (await db().selectFrom('rains').select('id').where('status', '=', 'open').execute()).length,
      )
      .toBe(1);
    await db()
      .updateTable('rains')
      .set({ opens_at: now - 1000, closes_at: now + 110_000 })
      .where('status', '=', 'open')
      .execute();
  }

  async function player() {
    const u = await site.server.newUser();
    await db().updateTable('users').set({ wager: 1_000_000 }).where('id', '=', u.id).execute();
    return u;
  }

  async function chatPage(token: string, phone = false): Promise<Page> {
    const page = await site.chatPage(token, { phone });
    await page.getByTestId('rain-panel').waitFor();
    return page;
  }

  it('shows every 30m outside the window on the home banner and the chat panel', async () => {
    const u = await player();
    const page = await chatPage(u.token);
    expect(await page.getByTestId('rain-timer').textContent()).toBe('every 30m');
    await page.getByTestId('rain-banner').waitFor();
    await site.shot(page, 'rain-idle-1440');
  });

  it('joins a rain: Join → Joined, the success toast; the tip-rain dialog opens', async () => {
    await openWindow();
    const u = await player();
    const page = await chatPage(u.token);
    const timer = page.getByTestId('rain-timer');
    await expect.poll(() => timer.textContent()).toMatch(/^join in: 1:[45]\d$/);
    await site.shot(page, 'rain-joinable-1440');
    await page.getByTestId('rain-join').click();
    await expect.poll(() => page.getByTestId('rain-join').textContent()).toBe('Joined');
    expect(await page.getByTestId('rain-join').isDisabled()).toBe(true);
    await page.getByText('You joined the rain!').waitFor();
    await site.shot(page, 'rain-joined-1440');
    await page.getByRole('button', { name: 'Tip Rain' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Tip Rain' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Your amount will be added to the current pot.');
    await page.waitForTimeout(400);
    await site.shot(page, 'rain-tip-dialog-1440');
  });

  it('on a phone the panel shows in the opened chat, and joining works there too', async () => {
    await openWindow();
    const u = await player();
    const page = await chatPage(u.token, true);
    await page.getByTestId('rain-join').click();
    await expect.poll(() => page.getByTestId('rain-join').textContent()).toBe('Joined');
    await page.waitForTimeout(300);
    await site.shot(page, 'rain-joined-390');
  });
});

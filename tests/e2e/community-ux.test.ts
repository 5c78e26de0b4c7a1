import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postMessage } from '../../apps/server/src/chat/chat.service.ts';
import { type Site, startSite } from './support/site.ts';

/** Issue 28 items 1–4: the chat as a reader, a player and a moderator see it. */
describe('chat and community (issue 28)', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
    await site.server.site.ctx.db
      .updateTable('chat_settings')
      .set({ slow_mode_ms: 0, duplicate_window_ms: 0 })
      .execute();
  });
  afterAll(() => site?.close());

  /** A player past the chat's level gate. */
  async function chatter() {
    const u = await site.server.newUser();
    await site.server.site.ctx.db
      .updateTable('users')
      .set({ wager: 1_000_000 })
      .where('id', '=', u.id)
      .execute();
    return u;
  }

  let serial = 0;
  /** Posts `n` lines as `userId` through the server's own path (stored and broadcast). */
  async function post(userId: number, n: number, prefix = 'line'): Promise<string[]> {
    const texts: string[] = [];
    for (let i = 0; i < n; i++) {
      const text = `${prefix} ${++serial}`;
      await postMessage(site.server.site.ctx, userId, text);
      texts.push(text);
    }
    return texts;
  }

  const list = (page: Page) => page.getByRole('list', { name: 'Chat messages' });
  const gap = (l: Locator) => l.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
  const lastShown = (page: Page, text: string) =>
    page.getByTestId('chat-message').filter({ hasText: text }).waitFor();

  it('opens at the newest message, follows new ones, and shows a pill instead of jumping when scrolled up', async () => {
    const a = await chatter();
    await post(a.id, 30);
    for (const phone of [false, true]) {
      const reader = await chatter();
      const page = await site.chatPage(reader.token, { phone });
      const l = list(page);
      await lastShown(page, `line ${serial}`);
      expect(await l.evaluate((el) => el.scrollHeight > el.clientHeight * 1.5)).toBe(true);
      // a fresh page opens at the newest lines
      await expect.poll(() => gap(l)).toBeLessThan(48);
      // and follows six new messages
      const six = await post(a.id, 6);
      await lastShown(page, six[5] as string);
      await expect.poll(() => gap(l)).toBeLessThan(48);
      expect(await l.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);

      // a reader who scrolls up (the wheel, as a person does) stays put; a pill counts what arrived below
      await l.hover();
      await page.mouse.wheel(0, -20_000);
      await expect.poll(() => l.evaluate((el) => el.scrollTop)).toBe(0);
      const two = await post(a.id, 2);
      await lastShown(page, two[1] as string);
      const pill = page.getByRole('button', { name: '2 new messages' });
      await pill.waitFor();
      expect(await l.evaluate((el) => el.scrollTop)).toBe(0);
      await site.settled(page);
      await site.shot(page, `chat-new-messages-pill-${phone ? '390' : '1440'}`);
      await pill.click();
      await expect.poll(() => gap(l)).toBeLessThan(48);
      await pill.waitFor({ state: 'detached' });
      // following again
      const one = await post(a.id, 1);
      await lastShown(page, one[0] as string);
      await expect.poll(() => gap(l)).toBeLessThan(48);
      await site.settled(page);
      await site.shot(page, `chat-follows-${phone ? '390' : '1440'}`);
    }
  });

  it('answers an unknown /command instead of posting it, and says "1 minute"', async () => {
    const u = await chatter();
    const page = await site.chatPage(u.token);
    const input = page.getByRole('textbox', { name: 'Chat message' });
    await input.fill('/foo');
    await input.press('Enter');
    await page
      .getByText('Unknown command. Available commands: /tip {userId} {amount}, /tip-rain {amount}.')
      .waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('chat-message').filter({ hasText: '/foo' }).count()).toBe(0);
    const stored = await site.server.site.ctx.db
      .selectFrom('chat_messages')
      .select('id')
      .where('content', '=', '/foo')
      .execute();
    expect(stored).toEqual([]);

    // a moderator mutes for one minute: singular
    const mod = await site.chatPage(admin);
    const modInput = mod.getByRole('textbox', { name: 'Chat message' });
    await modInput.fill(`.mute-user ${u.id} 1`);
    await modInput.press('Enter');
    await mod.getByText(`${u.username} is muted for 1 minute.`).waitFor();
  });

  it('the tip dialog labels the amount in coins with the dollar value beside', async () => {
    const [a, b] = [await chatter(), await chatter()];
    const [line] = await post(b.id, 1, `tip target ${b.username}`);
    for (const phone of [false, true]) {
      const page = await site.chatPage(a.token, { phone });
      const row = page.getByTestId('chat-message').filter({ hasText: line as string });
      await row.getByTestId('chat-username').click();
      const profile = page.getByRole('dialog', { name: `${b.username}'s Profile` });
      await profile.getByRole('button', { name: `Tip ${b.username}` }).click();
      const tip = page.getByRole('dialog', { name: 'Tip User' });
      const field = tip.getByLabel('Amount: 1.00 – 100.00 coins ($0.50 – $50.00)');
      await field.fill('5');
      await tip.getByText('= $2.50').waitFor();
      await site.settled(page);
      await site.shot(page, `chat-tip-label-${phone ? '390' : '1440'}`);
    }
  });

  it('the maintenance page shows the chat history, and no staff sign-in to a signed-in player', async () => {
    const a = await chatter();
    const [line] = await post(a.id, 1, 'before maintenance');
    const player = await site.server.newUser();
    await site.server.site.ctx.controls.toggle('maintenance');
    try {
      // signed in (a session token in storage): the maintenance page, which has no account menu
      const { context, page: p } = await site.newPage();
      await context.addInitScript((t) => window.localStorage.setItem('token', t), player.token);
      await p.goto('/');
      await p.getByRole('heading', { name: /undergoing maintenance/ }).waitFor({ timeout: 40_000 });
      await p
        .getByTestId('chat-message')
        .filter({ hasText: line as string })
        .waitFor();
      expect(await p.getByText('No messages yet').count()).toBe(0);
      expect(await p.getByRole('button', { name: 'Staff sign-in' }).count()).toBe(0);
      await site.settled(p);
      await site.shot(p, 'maintenance-chat-signed-in-1440');
      // a visitor still has the staff sign-in
      const { page: visitor } = await site.newPage();
      await visitor.goto('/');
      await visitor.getByRole('button', { name: 'Staff sign-in' }).waitFor({ timeout: 40_000 });
    } finally {
      await site.server.site.ctx.controls.toggle('maintenance');
    }
  });
});

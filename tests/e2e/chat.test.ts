import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite, toastsShown } from './support/site.ts';

/** The live chat in real browsers against the real server (issue 10 items 1, 2, 6, 7). */
describe('live chat in the browser', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
    // the operator's slow mode off: a fast browser sends two lines within any short window, and slow
    // mode has its own integration tests (chat.test.ts)
    await site.server.site.ctx.db.updateTable('chat_settings').set({ slow_mode_ms: 0 }).execute();
  });
  afterAll(() => site?.close());

  /** A player past the chat's level gate (level 2 needs some wager). */
  async function chatter() {
    const u = await site.server.newUser();
    await site.server.site.ctx.db
      .updateTable('users')
      .set({ wager: 1_000_000 })
      .where('id', '=', u.id)
      .execute();
    return u;
  }

  const chatPage = (token: string, opts: { phone?: boolean; agreed?: boolean } = {}) =>
    site.chatPage(token, opts);

  async function say(page: Page, text: string) {
    const input = page.getByRole('textbox', { name: 'Chat message' });
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
  }

  const messages = (page: Page) => page.getByTestId('chat-message');
  const messageWith = (page: Page, text: string) => messages(page).filter({ hasText: text });

  const settled = (page: Page) => site.settled(page);

  it('shows the rules on the first focus of the message box, once', async () => {
    const u = await chatter();
    const page = await chatPage(u.token, { agreed: false });
    await page.getByRole('textbox', { name: 'Chat message' }).click();
    const rules = page.getByRole('dialog', { name: 'Chat Rules' });
    await rules.waitFor();
    expect(await rules.textContent()).toContain('No harassment of users or staff.');
    await settled(page);
    await site.shot(page, 'chat-rules-1440');
    await rules.getByRole('button', { name: 'I Agree' }).click();
    await rules.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => localStorage.getItem('chat-rules-agreed'))).toBe('true');
    await page.reload();
    await page.getByRole('textbox', { name: 'Chat message' }).click();
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Chat Rules' }).count()).toBe(0);
  });

  it('two players see each other, battle links become links and HTML stays text', async () => {
    const [a, b] = [await chatter(), await chatter()];
    const [pa, pb] = [await chatPage(a.token), await chatPage(b.token)];
    const alerts: string[] = [];
    for (const p of [pa, pb])
      p.on('dialog', (d) => {
        alerts.push(d.message());
        void d.dismiss();
      });

    await say(pa, `hello from ${a.username}`);
    await messageWith(pb, `hello from ${a.username}`).waitFor();
    await say(pb, `hi ${a.username}, join /battles/ab12 now`);
    const reply = messageWith(pa, `hi ${a.username}, join`);
    await reply.waitFor();
    const link = reply.getByRole('link', { name: 'Case Battle' });
    expect(await link.getAttribute('href')).toBe('/battles/ab12');
    // the sender's name opens the public profile
    await reply.getByTestId('chat-username').click();
    const profile = pa.getByRole('dialog', { name: `${b.username}'s Profile` });
    await profile.waitFor();
    // no stat is cut off, on a desktop and on a phone (issue 14 item 19)
    for (const size of [
      { width: 390, height: 844, name: 'phone' },
      { width: 1440, height: 900, name: 'desktop' },
    ]) {
      await pa.setViewportSize(size);
      await profile.getByTestId('profile-registered').waitFor();
      const clipped = await profile
        .locator('dd, dd *')
        .evaluateAll((els) => els.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent));
      expect(clipped).toEqual([]);
      await site.shot(pa, `chat-profile-dialog-${size.name}`);
    }
    await pa.keyboard.press('Escape');

    const xss = '<img src=x onerror=alert(1)>';
    await say(pa, xss);
    const shown = messageWith(pb, xss);
    await shown.waitFor();
    expect(await shown.locator('p').textContent()).toBe(xss);
    await say(pa, '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>');
    await messageWith(pb, 'window.__pwned=2').waitFor();
    expect(
      await pb
        .locator('[data-testid="chat-message"] img[src="x"], [data-testid="chat-message"] script')
        .count(),
    ).toBe(0);
    await pb.waitForTimeout(300);
    expect(await pb.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(alerts).toEqual([]);

    await settled(pb);
    await site.shot(pb, 'chat-1440');
  });

  it('shows 15 skeleton rows while the history loads and the online count plus 10', async () => {
    const { page } = await site.newPage();
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/chat/history', async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto('/');
    await expect.poll(() => page.getByTestId('chat-skeleton').count(), { timeout: 30_000 }).toBe(15);
    expect(await page.getByText('Sign in or Sign up to chat').count()).toBe(1);
    await site.shot(page, 'chat-loading-1440');
    release();
    await page.getByTestId('chat-skeleton').first().waitFor({ state: 'detached' });
    await expect
      .poll(async () => Number(await page.getByTestId('online-count').textContent()))
      .toBeGreaterThan(10);
  });

  it('follows new messages at the bottom, but not while the reader has scrolled up', async () => {
    const [a, b] = [await chatter(), await chatter()];
    const [pa, pb] = [await chatPage(a.token), await chatPage(b.token)];
    for (let i = 1; i <= 14; i++) {
      await say(pa, `line ${i} of ${a.username}`);
      await messageWith(pb, `line ${i} of ${a.username}`).waitFor();
      await pa.waitForTimeout(120);
    }
    const list = pb.getByRole('list', { name: 'Chat messages' });
    const gap = () => list.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    expect(await list.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(gap).toBeLessThan(48);
    // the reader scrolls up as a person does (the wheel): a script moving scrollTop is not a reader
    await list.hover();
    await pb.mouse.wheel(0, -20_000);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBe(0);
    await say(pa, `while reading up ${a.username}`);
    await messageWith(pb, `while reading up ${a.username}`).waitFor();
    expect(await list.evaluate((el) => el.scrollTop)).toBe(0);
    await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await pa.waitForTimeout(120);
    await say(pa, `back at the bottom ${a.username}`);
    await messageWith(pb, `back at the bottom ${a.username}`).waitFor();
    await expect.poll(gap).toBeLessThan(48);
    // at most 30 kept
    expect(await messages(pb).count()).toBeLessThanOrEqual(30);
  });

  it('a moderator deletes a message from the CONTROLS menu and it goes for everyone', async () => {
    const a = await chatter();
    const [pa, pm] = [await chatPage(a.token), await chatPage(admin)];
    await say(pa, `please delete me ${a.username}`);
    const onMod = messageWith(pm, `please delete me ${a.username}`);
    await onMod.waitFor();
    await messageWith(pa, `please delete me ${a.username}`).waitFor();
    // a player's right-click opens no menu
    await messageWith(pa, `please delete me ${a.username}`).click({ button: 'right' });
    expect(await pa.getByText('CONTROLS').count()).toBe(0);

    // the moderator's own name is red (rank 5)
    await say(pm, 'Keep it friendly, everyone.');
    const own = messageWith(pm, 'Keep it friendly, everyone.').getByTestId('chat-username');
    expect(await own.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(239, 68, 68)');

    await onMod.click({ button: 'right' });
    const menu = pm.getByRole('menu');
    await menu.getByText('CONTROLS').waitFor();
    await settled(pm);
    await site.shot(pm, 'chat-controls-1440');
    await menu.getByRole('menuitem', { name: 'DELETE MESSAGE' }).click();
    await onMod.waitFor({ state: 'detached' });
    await messageWith(pa, `please delete me ${a.username}`).waitFor({ state: 'detached' });

    // MUTE USER: the player's next line is refused with a clear error
    await say(pa, `mute me ${a.username}`);
    const muteMe = messageWith(pm, `mute me ${a.username}`);
    // counted as they come: the first may have left (4.5 s) before the second comes
    const told = await toastsShown(pa, 'You are muted for 10 more minutes.');
    await muteMe.click({ button: 'right' });
    await pm.getByRole('menuitem', { name: 'MUTE USER' }).click();
    await pm.getByText(`${a.username} is muted for 10 minutes.`).waitFor();
    // the player is told at once, and again when they try to speak
    await expect.poll(told).toBe(1);
    await say(pa, 'can anyone hear me?');
    await expect.poll(told).toBe(2);
    expect(await messageWith(pm, 'can anyone hear me?').count()).toBe(0);

    // BAN USER asks once more, then the player is sent to the banned page
    await muteMe.click({ button: 'right' });
    await pm.getByRole('menuitem', { name: 'BAN USER' }).click();
    const confirm = pm.getByRole('dialog', { name: 'Ban user' });
    await confirm.waitFor();
    await settled(pm);
    await site.shot(pm, 'chat-ban-confirm-1440');
    await confirm.getByRole('button', { name: 'BAN USER' }).click();
    await pa.waitForURL('**/banned', { timeout: 15_000 });
  });

  it('the CONTROLS menu works from the keyboard: a focusable button, arrow keys, Escape', async () => {
    const a = await chatter();
    const [pa, pm] = [await chatPage(a.token), await chatPage(admin)];
    await say(pa, `keyboard delete ${a.username}`);
    const line = messageWith(pm, `keyboard delete ${a.username}`);
    await line.waitFor();
    // players have no such button
    await messageWith(pa, `keyboard delete ${a.username}`).waitFor();
    expect(await messageWith(pa, `keyboard delete ${a.username}`).getByTestId('chat-controls').count()).toBe(
      0,
    );

    // Tab from the username reaches the line's menu button
    await line.getByTestId('chat-username').focus();
    await pm.keyboard.press('Tab');
    const trigger = line.getByRole('button', { name: `Moderate ${a.username}'s message` });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await expect.poll(() => trigger.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await pm.keyboard.press('Enter');
    const menu = pm.getByRole('menu');
    await menu.getByText('CONTROLS').waitFor();
    const focused = () => pm.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
    await expect.poll(focused).toBe('DELETE MESSAGE');
    await pm.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('MUTE USER');
    await pm.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('BAN USER');
    await settled(pm);
    await site.shot(pm, 'chat-controls-keyboard-1440');
    // Escape closes it and gives focus back to the button
    await pm.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    // ArrowDown on the button opens it as well; Enter on an item acts
    await pm.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('DELETE MESSAGE');
    await pm.keyboard.press('Enter');
    await line.waitFor({ state: 'detached' });
    await messageWith(pa, `keyboard delete ${a.username}`).waitFor({ state: 'detached' });
  });

  it('announcements are info toasts; the tip dialog opens from a profile; phones open the panel', async () => {
    const [a, b] = [await chatter(), await chatter()];
    await site.fund(a.id, 10);
    const pa = await chatPage(a.token, { phone: true });
    const made = await site.server.api(
      'POST',
      '/api/external/v1/chat/announce',
      { text: 'Rain in five minutes!' },
      admin,
    );
    expect(made.status).toBe(200);
    await pa.getByText('Rain in five minutes!').waitFor();

    const pb = await chatPage(b.token);
    await say(pb, `tip me ${b.username}`);
    const line = messageWith(pa, `tip me ${b.username}`);
    await line.waitFor();
    await settled(pa);
    await site.shot(pa, 'chat-390');
    await line.getByTestId('chat-username').click();
    const profile = pa.getByRole('dialog', { name: `${b.username}'s Profile` });
    await profile.getByRole('button', { name: `Tip ${b.username}` }).click();
    const tip = pa.getByRole('dialog', { name: 'Tip User' });
    await tip.getByText(`ID: ${b.id}`).waitFor();
    await tip.getByLabel('Amount: 1.00 – 100.00 coins ($0.50 – $50.00)').fill('1');
    await tip.getByText('= $0.50').waitFor();
    await settled(pa);
    await site.shot(pa, 'chat-tip-390');
    await tip.getByRole('button', { name: 'SEND' }).click();
    await tip.waitFor({ state: 'hidden' });
    // the server decides and answers both sides with toasts
    await pa.getByText(`You tipped ${b.username} 1.00 coins!`).waitFor();
    await pb.getByText(`${a.username} tipped you 1.00 coins!`).waitFor();
  });
});

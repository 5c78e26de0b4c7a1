import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminTab, useSite } from './support/site.ts';

/** Giveaways in real browsers (issue 10 item 5): the admin's Giveaway tab, the chat panel, Join, the draw. */
describe('giveaways in the browser', () => {
  const site = useSite();

  const settled = (page: Page) => site.settled(page);

  const chatPage = (token: string, phone = false) => site.chatPage(token, { phone });

  it('an admin starts a giveaway from the Giveaway tab; a player joins, sees Joined, and wins the draw', {
    timeout: 150_000,
  }, async () => {
    const adminPage = await chatPage(site.admin);
    const dialog = await openAdminTab(adminPage, 'Giveaway');
    await dialog.getByLabel('Prize').fill('25');
    await dialog.getByLabel('Duration (minutes)').fill('10');
    await settled(adminPage);
    await site.shot(adminPage, 'giveaway-admin-tab-1440');
    await dialog.getByRole('button', { name: 'Start giveaway' }).click();
    await adminPage.getByText('Successfully created giveaway!').waitFor();

    const u = await site.server.newUser();
    const page = await chatPage(u.token);
    const panel = page.getByTestId('giveaway-panel');
    await panel.waitFor();
    expect(await page.getByTestId('giveaway-entries').textContent()).toBe('0 entries');
    await page.getByTestId('giveaway-join').click();
    await page.getByText('You joined the giveaway. Good luck!').waitFor();
    await expect.poll(() => page.getByTestId('giveaway-join').textContent()).toBe('Joined');
    expect(await page.getByTestId('giveaway-join').isDisabled()).toBe(true);
    expect(await page.getByTestId('giveaway-entries').textContent()).toBe('1 entry');
    await page.mouse.move(0, 0);
    await settled(page);
    await site.shot(page, 'giveaway-joined-1440');
    const phone = await chatPage(u.token, true);
    await expect.poll(() => phone.getByTestId('giveaway-join').textContent()).toBe('Joined');
    await settled(phone);
    await site.shot(phone, 'giveaway-joined-390');

    // the phone's timers are faked from here on: the drawn result goes after a while (issue 28 item 2)
    await phone.clock.install();

    // entries close: move the end into the past, the leader's next pass draws it
    await sql`UPDATE giveaways SET ends_at = ${Date.now()} WHERE status = 'open'`.execute(
      site.server.site.ctx.db,
    );
    await page.getByTestId('giveaway-winner').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('giveaway-winner').textContent()).toContain(u.username);
    await page.getByText(`${u.username} won the giveaway of 25.00 coins!`).first().waitFor();
    // drawn, the panel folds to one line over the chat; its "proof" link unfolds the proof (issue 28 item 2)
    const drawnPanel = page.getByTestId('giveaway-panel');
    expect(await drawnPanel.evaluate((el) => el.getBoundingClientRect().height)).toBeLessThan(56);
    expect(await page.getByTestId('giveaway-seed').count()).toBe(0);
    await settled(page);
    await site.shot(page, 'giveaway-drawn-folded-1440');
    await drawnPanel.getByRole('button', { name: 'proof' }).click();
    await page.getByTestId('giveaway-seed').waitFor();
    expect(await page.getByTestId('giveaway-public').textContent()).toMatch(/^[0-9a-f]{64}$/);
    // the public value is the id of the EOS block fixed when entries closed (the sandbox chain here)
    const block = Number((await page.getByTestId('giveaway-block').textContent())?.slice(1));
    expect(block).toBeGreaterThan(0);
    expect((await page.getByTestId('giveaway-public').textContent())?.slice(0, 8)).toBe(
      block.toString(16).padStart(8, '0'),
    );
    await page.getByText('Public value (EOS Block Hash)').waitFor();
    const balance = (
      await site.server.site.ctx.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', u.id)
        .executeTakeFirstOrThrow()
    ).balance;
    expect(balance).toBe(2500);
    await settled(page);
    await site.shot(page, 'giveaway-drawn-1440');
    await phone.getByTestId('giveaway-winner').waitFor();
    expect(await phone.getByTestId('giveaway-seed').count()).toBe(0);
    await settled(phone);
    await site.shot(phone, 'giveaway-drawn-390');
    // and goes five minutes later (the next giveaway would replace it sooner)
    await phone.clock.fastForward('05:01');
    await phone.getByTestId('giveaway-panel').waitFor({ state: 'detached' });
  });
});

import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** Giveaways in real browsers (issue 10 item 5): the admin's Giveaway tab, the chat panel, Join, the draw. */
describe('giveaways in the browser', () => {
  let site: Site;
  let admin: string;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
  });
  afterAll(() => site?.close());

  const settled = (page: Page) => site.settled(page);

  const chatPage = (token: string, phone = false) => site.chatPage(token, { phone });

  it('an admin starts a giveaway from the Giveaway tab; a player joins, sees Joined, and wins the draw', async () => {
    const adminPage = await chatPage(admin);
    await adminPage.getByRole('button', { name: 'Admin', exact: true }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Admin' });
    await dialog.getByRole('tab', { name: 'Giveaway' }).click();
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

    // entries close: move the end into the past, the leader's next pass draws it
    await sql`UPDATE giveaways SET ends_at = ${Date.now()} WHERE status = 'open'`.execute(
      site.server.site.ctx.db,
    );
    await page.getByTestId('giveaway-winner').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('giveaway-winner').textContent()).toContain(u.username);
    await page.getByTestId('giveaway-seed').waitFor();
    expect(await page.getByTestId('giveaway-public').textContent()).toMatch(/^[0-9a-f]{64}$/);
    // the public value is the id of the EOS block fixed when entries closed (the sandbox chain here)
    const block = Number((await page.getByTestId('giveaway-block').textContent())?.slice(1));
    expect(block).toBeGreaterThan(0);
    expect((await page.getByTestId('giveaway-public').textContent())?.slice(0, 8)).toBe(
      block.toString(16).padStart(8, '0'),
    );
    await page.getByText('Public value (EOS Block Hash)').waitFor();
    await page.getByText(`${u.username} won the giveaway of 25.00 coins!`).first().waitFor();
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
    await phone.getByTestId('giveaway-seed').waitFor();
    await settled(phone);
    await site.shot(phone, 'giveaway-drawn-390');
  });
});

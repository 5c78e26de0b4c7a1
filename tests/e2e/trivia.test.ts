import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openAdminTab, useSite } from './support/site.ts';

/** Trivia in real browsers (issue 10 item 4): the admin's Trivia tab, the chat panel, a winning answer. */
describe('trivia in the browser', () => {
  const site = useSite();

  const settled = (page: Page) => site.settled(page);

  const chatPage = (token: string, phone = false) => site.chatPage(token, { phone });

  it('an admin creates a trivia from the Trivia tab; a player answers in chat and wins', async () => {
    const adminPage = await chatPage(site.admin);
    const dialog = await openAdminTab(adminPage, 'Trivia');
    await dialog.getByLabel('Question').fill('What is the capital of France?');
    await dialog.getByLabel('Answer').fill('Paris');
    await dialog.getByLabel('Winners').fill('3');
    await dialog.getByLabel('Prize (per winner)').fill('5');
    await settled(adminPage);
    await site.shot(adminPage, 'trivia-admin-tab-1440');
    await dialog.getByRole('button', { name: 'Create trivia' }).click();
    await adminPage.getByText('Successfully created trivia!').waitFor();

    const u = await site.server.newUser();
    await site.server.site.ctx.db
      .updateTable('users')
      .set({ wager: 1_000_000 })
      .where('id', '=', u.id)
      .execute();
    const page = await chatPage(u.token);
    const panel = page.getByTestId('trivia-panel');
    await panel.waitFor();
    expect(await panel.textContent()).toContain('Question in');
    expect(await panel.textContent()).not.toContain('Paris');
    expect(await page.getByTestId('trivia-winners').textContent()).toBe('0/3');
    await settled(page);
    await site.shot(page, 'trivia-countdown-1440');

    // the countdown is 60 s of real time here: move its end into the past, the leader's next pass opens it
    await sql`UPDATE trivias SET starts_at = ${Date.now()} WHERE status = 'countdown'`.execute(
      site.server.site.ctx.db,
    );
    await page.getByTestId('trivia-question').waitFor({ timeout: 10_000 });
    expect(await page.getByTestId('trivia-question').textContent()).toBe('What is the capital of France?');
    await settled(page);
    await site.shot(page, 'trivia-question-1440');
    const phone = await chatPage(u.token, true);
    await phone.getByTestId('trivia-question').waitFor();
    await settled(phone);
    await site.shot(phone, 'trivia-question-390');

    const input = page.getByRole('textbox', { name: 'Chat message' });
    await input.fill('  paris ');
    await input.press('Enter');
    await page.getByText('Correct answer! You won 5.00 coins in the trivia.').waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByTestId('trivia-winners').textContent()).toBe('1/3');
    const balance = async () =>
      (
        await site.server.site.ctx.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', u.id)
          .executeTakeFirstOrThrow()
      ).balance;
    expect(await balance()).toBe(500);
    await settled(page);
    await site.shot(page, 'trivia-won-1440');
  });

  it('the Trivia tab on a phone', async () => {
    const { context, page } = await site.newPage({ phone: true });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), site.admin);
    await page.goto('/home');
    await page.getByLabel('Account menu').waitFor({ timeout: 40_000 });
    await page.getByLabel('Open menu').click();
    await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button', { name: 'Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Admin' });
    await dialog.getByRole('tab', { name: 'Trivia' }).click();
    await dialog.getByLabel('Question').waitFor();
    await settled(page);
    await site.shot(page, 'trivia-admin-tab-390');
  });
});

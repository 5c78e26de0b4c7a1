import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** Issue 33 item 5: one hotkeys dialog on every game; Stake's S / A / D on the round games too. */
describe('hotkeys on every game in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  const on = { 'game-settings': JSON.stringify({ hotkeys: true }) };

  async function dialogOf(page: Page, expected: string[]) {
    await page.getByTestId('hotkeys-open').click();
    const dialog = page.getByRole('dialog', { name: 'Hotkeys' });
    const list = dialog.getByRole('list', { name: 'Hotkeys' });
    await list.waitFor();
    const text = (await list.textContent()) ?? '';
    for (const e of expected) expect(text).toContain(e);
    return dialog;
  }
  async function close(page: Page) {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Hotkeys' }).waitFor({ state: 'detached' });
    await page.locator('body').click({ position: { x: 5, y: 400 } });
  }

  it('crash, roulette, coinflip, blackjack and slots each list their keys; S doubles, A halves, D zeroes', {
    timeout: 150_000,
  }, async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 50);

    const crash = await site.signedIn(user.token, '/crash', { storage: on });
    await dialogOf(crash, [
      'cash out',
      'Double the bet amount',
      'Halve the bet amount',
      'Set the bet amount to zero',
    ]);
    await site.settledShot(crash, 'hotkeys-crash-1440');
    await close(crash);
    const amount = crash.getByLabel('Bet Amount');
    await amount.fill('1.00');
    await crash.locator('body').click({ position: { x: 5, y: 400 } });
    await crash.keyboard.press('s');
    await expect.poll(() => amount.inputValue()).toBe('2.00');
    await crash.keyboard.press('a');
    await crash.keyboard.press('a');
    await expect.poll(() => amount.inputValue()).toBe('0.50');
    await crash.keyboard.press('d');
    await expect.poll(() => amount.inputValue()).toBe('0.00');

    const roulette = await site.signedIn(user.token, '/roulette', { storage: on });
    await dialogOf(roulette, ['Bet on red', 'Bet on green', 'Bet on black']);
    await close(roulette);
    await roulette.getByLabel('Bet Amount').fill('1.00');
    await roulette.locator('body').click({ position: { x: 5, y: 400 } });
    // R bets on red (pressed again while a round is not taking bets)
    await expect
      .poll(
        async () => {
          const rows = await site.server.site.ctx.db
            .selectFrom('round_bets')
            .select('color')
            .where('user_id', '=', user.id)
            .execute();
          if (rows.length === 0) await roulette.keyboard.press('r');
          return rows.map((b) => b.color);
        },
        { timeout: 45_000, interval: 2000 },
      )
      .toContain('red');

    const coinflip = await site.signedIn(user.token, '/coinflip', { storage: on });
    await dialogOf(coinflip, ['Create a flip']);
    await close(coinflip);

    const blackjack = await site.signedIn(user.token, '/blackjack', { storage: on });
    await dialogOf(blackjack, ['Hit', 'Stand', 'Double', 'Split', 'Deal a new hand']);
    await site.settledShot(blackjack, 'hotkeys-blackjack-1440');
    await close(blackjack);

    const slot = await site.signedIn(user.token, '/slots/vs20doghouse', { storage: on, phone: true });
    await dialogOf(slot, ['Spin']);
    await site.settledShot(slot, 'hotkeys-slots-390');
  });
});

import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite, toastBox } from './support/site.ts';

/**
 * Issue 28 item 10, as a player meets it on dice: Max stops at the largest stake the max-profit
 * rule accepts; an autobet stopped by a refused bet puts its base back in the field; its stop-loss
 * says it is the autobet's; a Roll Under result never reads "Rolled over"; toasts and the phone's
 * chat button sit clear of the controls.
 */
describe('bet tools on dice', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function player(coins: number, phone = false) {
    const user = await site.server.newUser();
    await site.fund(user.id, coins);
    const page = await site.signedIn(user.token, '/dice', { phone });
    await page.getByTestId('dice-bet').waitFor({ timeout: 20_000 });
    return page;
  }
  const amount = (page: Page) => page.getByLabel('Bet Amount');
  const box = async (l: Locator) => {
    const b = await l.boundingBox();
    if (!b) throw new Error('not visible');
    return b;
  };
  const overlaps = (
    a: { x: number; y: number; width: number; height: number },
    b: { x: number; y: number; width: number; height: number },
  ) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

  it('Max picks the largest stake the max profit accepts, and the bet goes through; the result reads "under"', async () => {
    const page = await player(20);
    // the amount helpers read as the spec writes them (issue 28 item 11)
    for (const helper of ['1/2', 'X2', 'Max'])
      expect(await page.getByRole('button', { name: new RegExp(`^${helper},`) }).textContent()).toBe(helper);
    await page.getByTestId('dice-roll-under').fill('0.10');
    await page.getByTestId('dice-bet').focus();
    await expect.poll(() => page.getByTestId('dice-roll-under').inputValue()).toBe('0.10');
    await page.getByRole('button', { name: /^Max/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Bet the largest stake?' });
    await confirm.waitFor();
    await confirm.getByTestId('bet-confirm-yes').click();
    // 990× at roll under 0.10: 1.01 wins 998.89, 1.02 would win 1,008.78 over the 1,000.00 cap
    await expect.poll(() => amount(page).inputValue()).toBe('1.01');
    expect(Number(await page.getByTestId('dice-profit').textContent())).toBeLessThanOrEqual(1000);
    await page.getByTestId('dice-bet').click();
    const text = page.getByText(/^Rolled \d+\.\d\d, /);
    await text.waitFor({ timeout: 10_000 });
    expect(await text.textContent()).toMatch(
      /^Rolled \d+\.\d\d, (needed under 0\.10: no luck this time|under 0\.10: you won [\d,.]+)$/,
    );
    // it went through: no error toast (a refused bet toasts the server's reason)
    expect(await page.locator('[data-sonner-toast][data-type="error"]').count()).toBe(0);
  });

  it('an autobet stopped by a refused bet returns the field to its base; its stop-loss says whose it is; toasts clear the controls', async () => {
    const page = await player(20);
    await page.getByTestId('dice-roll-under').fill('0.10');
    await amount(page).fill('1.00');
    await page.getByTestId('bet-mode-auto').click();
    // on a loss the stake goes up 100 %: 2.00 at 990× would win over the max profit, so it is refused
    await page.getByTestId('auto-loss-increase').click();
    await page.getByTestId('auto-loss-percent').fill('100');
    await page.getByTestId('auto-start').click();
    await expect
      .poll(() => page.getByTestId('auto-session').getAttribute('data-ended'), { timeout: 15_000 })
      .toBe('error');
    expect(await amount(page).inputValue()).toBe('1.00');

    // the autobet's own stop-loss
    await page.getByTestId('auto-loss-reset').click();
    await page.getByTestId('auto-stop-loss').fill('1.00');
    await page.getByTestId('auto-start').click();
    const toast = page.getByText('Autobet stopped: its Stop on Loss was reached.');
    await toast.waitFor({ timeout: 15_000 });
    // the toast covers neither Start Autobet nor the session counters
    const stopped = await toastBox(page, 'Stop on Loss');
    expect(overlaps(stopped, await box(page.getByTestId('auto-start')))).toBe(false);
    expect(overlaps(stopped, await box(page.getByTestId('auto-session')))).toBe(false);
    await site.shot(page, 'dice-autobet-stop-loss-desktop');
  });

  it('on a phone the chat button has a dock of its own: the page ends above it', async () => {
    const page = await player(20, true);
    const dock = page.getByTestId('mobile-chat-dock');
    await dock.waitFor();
    // scrolled to its end, the page's last part (the live feed) ends above the dock; the feed's rows
    // come with its own GET, and a page scrolled before they came grew below the screen after it
    const feedBelowDock = async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await site.settled(page);
      const feed = await box(page.getByRole('region', { name: 'Live bets' }));
      return feed.y + feed.height - (await box(dock)).y;
    };
    await expect.poll(feedBelowDock, { timeout: 10_000 }).toBeLessThanOrEqual(0);
    // Max (and every control) is reached and pressed above the dock
    await page.getByRole('button', { name: /^Max/ }).click();
    await page.getByRole('dialog', { name: /^Bet (the largest stake|your whole balance)\?$/ }).waitFor();
    await page.keyboard.press('Escape');
    await site.shot(page, 'dice-chat-dock-phone');
  });
});

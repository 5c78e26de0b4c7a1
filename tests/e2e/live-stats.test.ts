import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** Issue 33 item 3: the live stats panel: figures and chart, moved, across pages and tabs, reset. */
describe('live stats in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('counts the bets, follows the player to another game and another tab, stays where it was moved, resets', {
    timeout: 180_000,
  }, async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 100);
    const page = await site.signedIn(user.token, '/dice', {
      storage: { 'game-settings': JSON.stringify({ instant: { dice: true } }) },
    });
    await page.getByTestId('live-stats-open').click();
    const panel = page.getByTestId('live-stats');
    await panel.waitFor();

    // five manual bets of 1.00
    await page.getByLabel('Bet Amount').fill('1.00');
    for (let i = 0; i < 5; i++) {
      await expect.poll(() => page.getByTestId('dice-bet').isEnabled()).toBe(true);
      await page.getByTestId('dice-bet').click();
      await page.waitForTimeout(400);
    }
    await expect.poll(() => page.getByTestId('live-stats-bets').textContent(), { timeout: 15_000 }).toBe('5');
    const rows = await site.server.site.ctx.db
      .selectFrom('bets')
      .select(['stake', 'payout'])
      .where('user_id', '=', user.id)
      .execute();
    const profit = rows.reduce((s, r) => s + r.payout - r.stake, 0);
    const wins = rows.filter((r) => r.payout > r.stake).length;
    const text = (c: number) => `${c < 0 ? '−' : c > 0 ? '+' : ''}${(Math.abs(c) / 100).toFixed(2)}`;
    expect(await page.getByTestId('live-stats-profit').textContent()).toBe(text(profit));
    expect(await page.getByTestId('live-stats-wagered').textContent()).toBe('5.00');
    expect(await page.getByTestId('live-stats-wins').textContent()).toBe(String(wins));
    expect(await page.getByTestId('live-stats-losses').textContent()).toBe(String(5 - wins));
    expect(await page.getByRole('img', { name: 'Profit over 5 bets' }).count()).toBe(1);

    // moved by its title bar
    const handle = page.getByTestId('live-stats-handle');
    const box = await handle.boundingBox();
    if (!box) throw new Error('no handle');
    await page.mouse.move(box.x + 40, box.y + 10);
    await page.mouse.down();
    await page.mouse.move(box.x - 600, box.y + 200, { steps: 8 });
    await page.mouse.up();
    const moved = await panel.boundingBox();
    expect(moved?.x).toBeLessThan(box.x - 400);
    await site.settledShot(page, 'live-stats-1440');

    // another game: still open, same place, same figures
    await page.goto('/limbo');
    await panel.waitFor();
    expect(await page.getByTestId('live-stats-bets').textContent()).toBe('5');
    expect(Math.round((await panel.boundingBox())?.x ?? 0)).toBe(Math.round(moved?.x ?? -1));

    // another tab of the same browser hears the same figures and a reset from the first tab
    const tab2 = await page.context().newPage();
    await tab2.goto('/crash');
    await tab2.getByTestId('live-stats').waitFor({ timeout: 30_000 });
    expect(await tab2.getByTestId('live-stats-bets').textContent()).toBe('5');
    await page.getByTestId('live-stats-reset').click();
    await expect.poll(() => tab2.getByTestId('live-stats-bets').textContent()).toBe('0');

    const phone = await site.signedIn(user.token, '/dice', {
      phone: true,
      storage: { 'game-settings': JSON.stringify({ instant: { dice: true } }) },
    });
    await phone.getByTestId('live-stats-open').click();
    await phone.getByTestId('live-stats').waitFor();
    await phone.getByLabel('Bet Amount').fill('1.00');
    await phone.getByTestId('dice-bet').click();
    await expect
      .poll(() => phone.getByTestId('live-stats-bets').textContent(), { timeout: 15_000 })
      .toBe('1');
    await site.settledShot(phone, 'live-stats-390');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** Issue 33 item 2: the advanced autobet in the shared panel (dice), its presets and saved strategies. */
describe('advanced autobet in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('Martingale from the preset doubles after each loss and resets after a win; a saved strategy comes back after a reload', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 500);
    const page = await site.signedIn(user.token, '/dice', {
      storage: { 'game-settings': JSON.stringify({ instant: { dice: true } }) },
    });
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('0.01');
    await page.getByTestId('auto-mode-advanced').click();
    await page.getByTestId('auto-preset-martingale').click();
    await expect.poll(() => page.getByTestId('auto-rule').count()).toBe(2);
    // a third rule: stop after a streak of 3 wins
    await page.getByTestId('auto-rule-add').click();
    await page.getByLabel('Rule 3: when').selectOption('streak');
    await page.getByLabel('Rule 3: N').fill('3');
    await page.getByLabel('Rule 3: of').selectOption('win');
    await page.getByLabel('Rule 3: do').selectOption('stop');
    await page.getByTestId('auto-strategy-name').fill('Marty');
    await page.getByTestId('auto-strategy-save').click();
    await page.getByText('Strategy "Marty" saved.').waitFor();
    await site.settledShot(page, 'advanced-autobet-1440');

    await page.getByTestId('auto-bets').fill('30');
    await page.getByTestId('auto-start').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended'), { timeout: 60_000 }).toMatch(/count|rule/);
    const bets = await site.server.site.ctx.db
      .selectFrom('bets')
      .select(['stake', 'payout'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    // each stake follows from the bet before it: ×2 after a loss, back to 1 cent after a win
    let streak = 0;
    for (let i = 1; i < bets.length; i++) {
      const prev = bets[i - 1] as { stake: number; payout: number };
      const won = prev.payout > prev.stake;
      expect(bets[i]?.stake).toBe(won ? 1 : prev.stake * 2);
    }
    for (const b of bets) streak = b.payout > b.stake ? streak + 1 : 0;
    if ((await session.getAttribute('data-ended')) === 'rule') expect(streak).toBe(3);
    else expect(bets.length).toBe(30);

    // the strategy is stored on the server, per player and game
    await page.reload();
    await page.getByTestId('bet-mode-auto').click();
    await page.getByTestId('auto-mode-advanced').click();
    await page.getByTestId('auto-strategy-pick').selectOption('Marty');
    await expect.poll(() => page.getByTestId('auto-rule').count()).toBe(3);
    expect(await page.getByLabel('Rule 3: do').inputValue()).toBe('stop');

    const phone = await site.signedIn(user.token, '/dice', { phone: true });
    await phone.getByTestId('bet-mode-auto').click();
    await phone.getByTestId('auto-mode-advanced').click();
    await phone.getByTestId('auto-strategy-pick').selectOption('Marty');
    await phone.getByTestId('auto-advanced').scrollIntoViewIfNeeded();
    await site.settledShot(phone, 'advanced-autobet-390');
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AutobetConfig,
  afterBet,
  DEFAULT_AUTOBET,
  type StopReason,
  startAutobet,
} from '../../apps/web/src/features/autobet/autobet.ts';
import { type Site, startSite } from './support/site.ts';

/** Keno as a person plays it (issue 32): the board, the draw, the balance, the feed, an autobet. */
describe('keno in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function player(coins: number, opts: { phone?: boolean } = {}) {
    const user = await site.server.newUser();
    await site.fund(user.id, coins);
    const { context, page } = await site.newPage({ phone: opts.phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto('/keno');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    return { user, page };
  }
  const balance = (page: Page) => page.getByTestId('balance').first();
  const kenoBets = (userId: number) =>
    site.server.site.ctx.db
      .selectFrom('bets')
      .select(['id', 'stake', 'payout', 'outcome'])
      .where('user_id', '=', userId)
      .where('game', '=', 'keno')
      .orderBy('id')
      .execute();

  it('a bet: picks on the board, the draw revealed, the balance and the feed after it', async () => {
    const { user, page } = await player(10);
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    for (const n of [3, 7, 12, 18, 21, 26, 30, 33, 37, 40]) await page.getByTestId(`keno-tile-${n}`).click();
    // an 11th pick is ignored: 10 is the most
    await page.getByTestId('keno-tile-1').click();
    expect(await page.getByTestId('keno-pick-count').textContent()).toBe('10 / 10 picked');
    await page.getByTestId('keno-risk-medium').click();
    await site.settledShot(page, 'keno-picks-desktop');
    await page.getByTestId('keno-bet').click();
    // mid-draw: some numbers shown, not all
    await expect
      .poll(() => page.locator('[data-state="drawn"], [data-state="hit"]').count())
      .toBeGreaterThan(0);
    await expect
      .poll(() => page.getByTestId('keno-board').getAttribute('data-drawn'), { timeout: 5000 })
      .not.toBe('');
    const [bet] = await kenoBets(user.id);
    if (!bet) throw new Error('no bet');
    const o = bet.outcome as { drawn: number[]; hits: number[] };
    expect(await page.getByTestId('keno-board').getAttribute('data-drawn')).toBe(o.drawn.join(','));
    expect(await page.locator('[data-state="hit"]').count()).toBe(o.hits.length);
    await expect
      .poll(() => balance(page).textContent(), { timeout: 5000 })
      .toBe(((1000 - 100 + bet.payout) / 100).toFixed(2));
    await expect.poll(() => page.getByTestId('live-bet-row').count(), { timeout: 5000 }).toBeGreaterThan(0);
    await page.waitForTimeout(400);
    await site.shot(page, 'keno-drawn-desktop');
    // the bet page shows the draw
    await page.goto(`/bets/${bet.id}`);
    await expect
      .poll(() => page.getByText(o.drawn.join(', ')).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    // once the pair is rotated, the bet page's Verify link re-derives the draw in the browser
    const rot = await site.server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'next' },
      user.token,
    );
    expect(rot.status).toBe(200);
    await page.reload();
    await page
      .getByRole('link', { name: /verify/i })
      .first()
      .click();
    await expect.poll(() => page.url()).toContain('tab=keno');
    const line = (label: string) =>
      page.getByTestId('pf-result').getByTestId('pf-line').filter({ hasText: label }).locator('dd');
    await expect
      .poll(() => line('Drawn (draw order)').textContent(), { timeout: 10_000 })
      .toBe(o.drawn.join(', '));
    expect(await line('Hits').textContent()).toBe(o.hits.length > 0 ? o.hits.join(', ') : 'none');
    await site.settledShot(page, 'keno-verifier-desktop');
  });

  it('on a phone: the board fits and a bet plays', async () => {
    const { user, page } = await player(5, { phone: true });
    await page.getByLabel('Bet Amount').fill('0.50');
    await page.getByTestId('keno-auto-pick').click();
    expect(await page.getByTestId('keno-pick-count').textContent()).toBe('10 / 10 picked');
    await page.getByTestId('keno-bet').click();
    await expect
      .poll(() => page.getByTestId('keno-board').getAttribute('data-drawn'), { timeout: 5000 })
      .not.toBe('');
    expect(await kenoBets(user.id)).toHaveLength(1);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(500);
    await site.shot(page, 'keno-phone');
    // the home page's tiles reach both games
    await page.goto('/');
    await page.getByRole('link', { name: /keno/i }).first().waitFor({ timeout: 10_000 });
    expect(await page.getByRole('link', { name: /hilo/i }).count()).toBeGreaterThan(0);
    await page.getByRole('link', { name: /keno/i }).first().scrollIntoViewIfNeeded();
    await site.settledShot(page, 'home-keno-hilo-phone');
  });

  it('autobet: bets until the loss limit, each settled after its draw, then stops', async () => {
    const { user, page } = await player(10);
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('0.10');
    await page.getByTestId('keno-risk-high').click();
    await page.getByTestId('keno-tile-20').click();
    await page.getByTestId('auto-bets').fill('8');
    await page.getByTestId('auto-stop-loss').fill('0.30');
    await page.getByTestId('auto-start').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-running'), { timeout: 30_000 }).toBe('false');
    const rows = await kenoBets(user.id);
    // the controller's own rules on the stored bets say where the session had to stop
    const config: AutobetConfig = { ...DEFAULT_AUTOBET, bets: 8, stopOnLoss: 30 };
    let state = startAutobet(10);
    let stop: StopReason | null = null;
    for (const r of rows) {
      expect(stop).toBeNull();
      expect(r.stake).toBe(10);
      ({ state, stop } = afterBet(config, state, { stake: r.stake, payout: r.payout }));
    }
    expect(stop).not.toBeNull();
    expect(await session.getAttribute('data-ended')).toBe(stop);
    expect(await page.getByTestId('auto-played').textContent()).toBe(String(rows.length));
    await page.waitForTimeout(500);
    await site.shot(page, 'keno-autobet-desktop');
  });
});

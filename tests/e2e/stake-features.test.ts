import { diceMultiplier, diceRoll, floorMulDiv } from '@coinsite/shared/fairness';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AutobetConfig,
  afterBet,
  DEFAULT_AUTOBET,
  startAutobet,
} from '../../apps/web/src/features/autobet/autobet.ts';
import { type Site, startSite } from './support/site.ts';

/** Autobet, hotkeys, instant mode and the bet dialog as a Stake player uses them. */
describe('stake-style betting tools in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function player(coins: number, path: string, opts: { phone?: boolean } = {}) {
    const user = await site.server.newUser();
    if (coins > 0) await site.fund(user.id, coins);
    const page = await site.signedIn(user.token, path, opts);
    return { user, page };
  }
  const balance = (page: Page) => page.getByTestId('balance').first();
  const settledBalance = (page: Page, expected: string) =>
    expect.poll(() => balance(page).textContent(), { timeout: 10_000 }).toBe(expected);
  async function shot(page: Page, name: string) {
    await site.settledShot(page, name);
  }
  const db = () => site.server.site.ctx.db;
  async function activePair(userId: number, token: string) {
    await site.server.api('GET', '/api/provably-fair/current', undefined, token);
    return db()
      .selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirstOrThrow();
  }

  it('dice autobet: 20 bets with a stop on profit stop exactly where the seeds say, and each bet is real', async () => {
    const { user, page } = await player(100, '/dice');
    await settledBalance(page, '100.00');
    // the rolls of the next 20 bets are fixed by the committed seeds: find a profit target they reach
    const stake = 100;
    const mult = diceMultiplier(5000, 1);
    let predicted: { played: number; profit: number; stop: string | null } | null = null;
    let stopOnProfit = 0;
    for (let attempt = 0; attempt < 8 && !predicted; attempt++) {
      const pair = await activePair(user.id, user.token);
      const rolls = Array.from({ length: 20 }, (_, i) =>
        diceRoll({ serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce: pair.nonce + i }),
      );
      let running = 0;
      let best = 0;
      for (const r of rolls) {
        running += r < 5000 ? floorMulDiv(stake, mult, 10000) - stake : -stake;
        best = Math.max(best, running);
      }
      if (best <= 0) {
        await site.server.api(
          'POST',
          '/api/provably-fair/update-seed',
          { newClientSeed: `try${attempt}` },
          user.token,
        );
        continue;
      }
      stopOnProfit = best;
      const config: AutobetConfig = { ...DEFAULT_AUTOBET, bets: 20, stopOnProfit };
      let state = startAutobet(stake);
      let stop: string | null = null;
      for (const r of rolls) {
        const res = afterBet(config, state, {
          stake,
          payout: r < 5000 ? floorMulDiv(stake, mult, 10000) : 0,
        });
        state = res.state;
        stop = res.stop;
        if (stop) break;
      }
      predicted = { played: state.played, profit: state.profit, stop };
    }
    if (!predicted) throw new Error('no seed pair reached a profit in 20 bets');
    expect(predicted.stop).toBe('profit');
    await page.reload();
    await settledBalance(page, '100.00');

    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByTestId('dice-roll-under').fill('50');
    await page.getByTestId('auto-bets').fill('20');
    await page.getByTestId('auto-stop-profit').fill((stopOnProfit / 100).toFixed(2));
    await page.getByTestId('auto-start').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended'), { timeout: 30_000 }).toBe('profit');
    expect(await page.getByTestId('auto-played').textContent()).toBe(String(predicted.played));
    expect(await page.getByTestId('auto-profit').textContent()).toBe((predicted.profit / 100).toFixed(2));
    await settledBalance(page, ((10_000 + predicted.profit) / 100).toFixed(2));
    const bets = await db().selectFrom('bets').select('id').where('user_id', '=', user.id).execute();
    expect(bets.length).toBe(predicted.played);
    // the amount field is back at the base stake and manual betting works again
    expect(await page.getByLabel('Bet Amount').inputValue()).toBe('1.00');
    await shot(page, 'stake-dice-autobet-desktop');
  });

  it('bet dialog: a feed bet opens its details; no server seed until rotated; Verify reproduces the roll', async () => {
    const { user, page } = await player(10, '/dice');
    await settledBalance(page, '10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByTestId('dice-bet').click();
    const shown = page.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem').first();
    await shown.waitFor();
    const roll = (await shown.textContent()) ?? '';
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByRole('tabpanel').getByTestId('live-bet-open').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('bet-details').waitFor();
    expect(await dialog.getByTestId('bet-server-seed-hidden').count()).toBe(1);
    expect(await dialog.getByTestId('bet-outcome-roll').textContent()).toBe(roll);
    const id = (await dialog.getByTestId('bet-details-id').textContent()) ?? '';
    await shot(page, 'stake-bet-dialog-desktop');

    await site.server.api('POST', '/api/provably-fair/update-seed', { newClientSeed: 'after' }, user.token);
    await page.goto(`/bets/${id}`);
    await page.getByTestId('bet-server-seed').waitFor();
    await page.getByTestId('bet-verify').click();
    await page.waitForURL(/\/provably-fair\?tab=dice/);
    const result = page.getByTestId('pf-result');
    await expect.poll(() => result.getByTestId('pf-line').allTextContents()).toContain(`Roll${roll}`);
    await shot(page, 'stake-verify-prefilled-desktop');
  });

  it('hotkeys: off by default; once on in the dialog, S/A/D change the amount (as on Stake), Space bets, Q turns instant on', async () => {
    const { page } = await player(10, '/dice');
    await settledBalance(page, '10.00');
    const amount = page.getByLabel('Bet Amount');
    await amount.fill('1.00');
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('s');
    expect(await amount.inputValue()).toBe('1.00'); // off by default

    await page.getByTestId('hotkeys-open').click();
    const dialog = page.getByRole('dialog', { name: 'Hotkeys' });
    await dialog.getByTestId('hotkeys-switch').click();
    expect(await dialog.getByTestId('hotkeys-switch').getAttribute('aria-checked')).toBe('true');
    await shot(page, 'stake-hotkeys-dialog-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.keyboard.press('s');
    await expect.poll(() => amount.inputValue()).toBe('2.00');
    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await expect.poll(() => amount.inputValue()).toBe('10.00'); // never above the balance
    await page.keyboard.press('a');
    await expect.poll(() => amount.inputValue()).toBe('5.00');
    await page.keyboard.press('a');
    await page.keyboard.press('a');
    await expect.poll(() => amount.inputValue()).toBe('1.25');
    await page.keyboard.press('d');
    await expect.poll(() => amount.inputValue()).toBe('0.00');
    // typing in a field is never a hotkey
    await amount.fill('');
    await amount.pressSequentially('1');
    expect(await amount.inputValue()).toBe('1');
    await page.locator('body').click({ position: { x: 5, y: 300 } });

    expect(await page.getByTestId('instant-toggle').getAttribute('aria-pressed')).toBe('false');
    await page.keyboard.press('q');
    await expect.poll(() => page.getByTestId('instant-toggle').getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Space');
    await page.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem').first().waitFor();
    await expect.poll(() => balance(page).textContent()).not.toBe('10.00');
    // remembered across a reload
    await page.reload();
    await page.getByLabel('Account menu').waitFor();
    expect(await page.getByTestId('instant-toggle').getAttribute('aria-pressed')).toBe('true');
    await shot(page, 'stake-dice-instant-desktop');
  });

  it('bet safety: a bet above the chosen share of the balance asks first; Max asks once', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 10);
    const { context, page } = await site.newPage();
    await context.addInitScript((t) => {
      window.localStorage.setItem('token', t);
      if (!window.localStorage.getItem('game-settings')) {
        window.localStorage.setItem('game-settings', JSON.stringify({ confirmFraction: 0.5 }));
      }
    }, user.token);
    await page.goto('/dice');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    await settledBalance(page, '10.00');
    await page.getByLabel('Bet Amount').fill('6.00');
    await page.getByTestId('dice-bet').click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your bet' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('Bet 6.00 (60% of your balance)?');
    await shot(page, 'stake-bet-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await db().selectFrom('bets').select('id').where('user_id', '=', user.id).execute()).toHaveLength(
      0,
    );

    // Max asks the first time only
    await page.getByRole('button', { name: /^Max,/ }).click();
    const max = page.getByRole('dialog', { name: 'Bet your whole balance?' });
    await max.getByTestId('bet-confirm-yes').click();
    await expect.poll(() => page.getByLabel('Bet Amount').inputValue()).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByRole('button', { name: /^Max,/ }).click();
    await expect.poll(() => page.getByLabel('Bet Amount').inputValue()).toBe('10.00');
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('dice roll over: over 60 is sent as under 40 and the screen shows 100 − roll', async () => {
    const { user, page } = await player(10, '/dice', { phone: true });
    await settledBalance(page, '10.00');
    await page.getByTestId('dice-direction').click();
    await page.getByTestId('dice-roll-over').fill('60');
    await page.getByLabel('Bet Amount').fill('1.00');
    await expect.poll(() => page.getByTestId('dice-chance').inputValue()).toBe('40.00');
    await expect.poll(() => page.getByTestId('dice-multiplier').inputValue()).toBe('2.4750');
    expect(await page.getByRole('slider', { name: 'Roll over' }).inputValue()).toBe('60');
    await page.getByTestId('dice-bet').click();
    const shown = page.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem').first();
    await shown.waitFor();
    const row = await db()
      .selectFrom('bets')
      .select('outcome')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const o = row.outcome as { roll: number; target: number; win: boolean };
    expect(o.target).toBe(4000);
    expect(await shown.textContent()).toBe(((10_000 - o.roll) / 100).toFixed(2));
    expect(o.win).toBe(10_000 - o.roll > 6000);
    await shot(page, 'stake-dice-over-phone');
    await page.getByTestId('bet-mode-auto').click();
    await page.getByTestId('auto-start').scrollIntoViewIfNeeded();
    await shot(page, 'stake-dice-autobet-phone');
  });

  it('mines autobet: a saved tile pattern plays 5 whole games (bet, reveal, cash out) and stops', async () => {
    const { user, page } = await player(100, '/mines');
    await settledBalance(page, '100.00');
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByLabel('Mines', { exact: true }).selectOption('1');
    await page.getByTestId('auto-start').click();
    await page.getByText('Pick the tiles every game reveals: click them on the board.').waitFor();
    await page.getByRole('button', { name: 'Tile 7', exact: true }).click();
    await page.getByRole('button', { name: 'Tile 13', exact: true }).click();
    await expect.poll(() => page.getByTestId('mines-pattern-size').textContent()).toBe('2 tiles picked');
    await shot(page, 'stake-mines-pattern-desktop');
    await page.getByTestId('auto-bets').fill('5');
    await page.getByTestId('auto-start').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended'), { timeout: 30_000 }).toBe('count');
    expect(await page.getByTestId('auto-played').textContent()).toBe('5');
    const rows = await db()
      .selectFrom('bets')
      .select(['status', 'stake', 'payout', 'outcome'])
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(5);
    let profit = 0;
    for (const r of rows) {
      expect(r.status).toBe('settled');
      const o = r.outcome as { revealed: number[]; mines: number[] };
      const hit = o.mines.includes(6) || o.mines.includes(12);
      // a game revealed the pattern in order and stopped at a mine
      // (a mine hit is not among the revealed safe tiles)
      expect(o.revealed).toEqual(o.mines.includes(6) ? [] : o.mines.includes(12) ? [6] : [6, 12]);
      expect(r.payout > 0).toBe(!hit);
      profit += r.payout - r.stake;
    }
    expect(await page.getByTestId('auto-profit').textContent()).toBe(
      `${profit < 0 ? '−' : ''}${(Math.abs(profit) / 100).toFixed(2)}`,
    );
    await settledBalance(page, ((10_000 + profit) / 100).toFixed(2));
    // the pattern is remembered
    await page.reload();
    await page.getByTestId('bet-mode-auto').click();
    await expect.poll(() => page.getByTestId('mines-pattern-size').textContent()).toBe('2 tiles picked');
  });

  it('cases autobet in instant mode: 3 opens of the case, each a real bet, then it stops', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 100);
    const page = await site.signedIn(user.token, '/cases/inferno', {
      storage: { 'game-settings': JSON.stringify({ instant: { cases: true } }) },
    });
    await settledBalance(page, '100.00');
    await page.getByTestId('bet-mode-auto').click();
    expect(await page.getByTestId('auto-win-reset').count()).toBe(0); // a case's price is fixed
    await page.getByTestId('auto-bets').fill('3');
    await page.getByTestId('auto-start').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended'), { timeout: 40_000 }).toBe('count');
    const rows = await db()
      .selectFrom('bets')
      .select(['stake', 'payout'])
      .where('user_id', '=', user.id)
      .where('game', '=', 'cases')
      .execute();
    expect(rows).toHaveLength(3);
    const profit = rows.reduce((sum, r) => sum + r.payout - r.stake, 0);
    expect(await page.getByTestId('auto-profit').textContent()).toBe(
      `${profit < 0 ? '−' : ''}${(Math.abs(profit) / 100).toFixed(2)}`,
    );
    await shot(page, 'stake-cases-autobet-desktop');
  });

  it('cases hotkeys: the dialog lists what the keys do to the number of cases; S/A/D change it, Space opens', async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 100);
    const { context, page } = await site.newPage();
    await context.addInitScript((t) => {
      window.localStorage.setItem('token', t);
      if (!window.localStorage.getItem('game-settings'))
        window.localStorage.setItem(
          'game-settings',
          JSON.stringify({ hotkeys: true, instant: { cases: true } }),
        );
    }, user.token);
    await page.goto('/cases/inferno');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    await settledBalance(page, '100.00');
    await page.getByTestId('hotkeys-open').click();
    const dialog = page.getByRole('dialog', { name: 'Hotkeys' });
    const keys = dialog.getByRole('list', { name: 'Hotkeys' });
    await keys.waitFor();
    expect(await keys.textContent()).toContain('Open the case (in Auto: stop the autobet)');
    expect(await keys.textContent()).toContain('Double the number of cases');
    expect(await dialog.getByTestId('hotkeys-switch').getAttribute('aria-checked')).toBe('true');
    await site.settledShot(page, 'stake-cases-hotkeys-dialog-desktop');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.locator('body').click({ position: { x: 5, y: 300 } });

    const count = page.getByRole('group', { name: 'Number of cases' });
    const picked = () => count.locator('[aria-pressed="true"]').textContent();
    expect(await picked()).toBe('1');
    await page.keyboard.press('s');
    await expect.poll(picked).toBe('2');
    await page.keyboard.press('s');
    await page.keyboard.press('s');
    await expect.poll(picked).toBe('4'); // a page opens 4 cases at most
    await page.keyboard.press('a');
    await expect.poll(picked).toBe('2');
    await page.keyboard.press('d');
    await expect.poll(picked).toBe('1');
    await page.keyboard.press('s');
    await expect.poll(picked).toBe('2');
    // Space opens the two cases: two real bets, paid for at once
    await page.keyboard.press('Space');
    const opens = () =>
      db().selectFrom('bets').select(['stake', 'payout']).where('user_id', '=', user.id).execute();
    await expect.poll(async () => (await opens()).length, { timeout: 20_000 }).toBe(2);
    const rows = await opens();
    const net = rows.reduce((sum, r) => sum + r.payout - r.stake, 0);
    await settledBalance(page, ((10_000 + net) / 100).toFixed(2));
    // Q turns instant mode off again
    await page.keyboard.press('q');
    await expect.poll(() => page.getByTestId('instant-toggle').getAttribute('aria-pressed')).toBe('false');
    await site.settledShot(page, 'stake-cases-hotkeys-desktop');
  });

  it('live feed tabs: a 150.00 bet shows under High rollers on the home page; the tabs fit a phone', async () => {
    const { page } = await player(500, '/dice');
    await settledBalance(page, '500.00');
    await page.getByLabel('Bet Amount').fill('150.00');
    await page.getByTestId('dice-roll-under').fill('90');
    await page.getByTestId('dice-bet').focus();
    await page.getByTestId('dice-bet').click();
    await page.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem').first().waitFor();
    const { page: phone } = await player(0, '/home', { phone: true });
    const feed = phone.getByRole('region', { name: 'Live bets' });
    await feed.getByRole('tab', { name: 'High rollers' }).click();
    await expect
      .poll(() => feed.getByRole('tabpanel').getByTestId('live-bet-open').first().textContent(), {
        timeout: 10_000,
      })
      .toBe('150.00');
    await feed.getByRole('tab', { name: 'Lucky wins' }).click();
    await feed.scrollIntoViewIfNeeded();
    await shot(phone, 'stake-live-feed-tabs-phone');
  });
});

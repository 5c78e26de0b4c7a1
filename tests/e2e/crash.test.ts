import { CRASH_HANDOVER_NOTE } from '@coinsite/shared';
import { crashElapsedMsFor } from '@coinsite/shared/games';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CRASH_BETTING_MS } from '../../apps/server/src/games/crash/crash.loop.ts';
import { type RoundLoops, roundLoopsOf } from '../../apps/server/src/games/rounds/round-games.ts';
import {
  balanceOf,
  drive,
  driveUntil,
  fundedPlayer,
} from '../../apps/server/src/games/rounds/round-test-kit.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { startServer, type TestServer } from '../../apps/server/src/test-support/server.ts';
import { settledShot, trail } from './support/site.ts';

process.env.ROUND_CHAIN_LENGTH = '200';

/**
 * Crash as a person plays it, with the server on a fake clock: the test decides when betting
 * closes, how far the multiplier climbs and when it busts, and the page follows the events.
 */
describe('crash in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let clock: ManualClock;
  let loops: RoundLoops;
  const loop = () => loops.crash;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    clock = new ManualClock();
    server = await startServer({ clock, env: { SERVE_WEB: 'true' } });
    loops = roundLoopsOf(ctx());
    await loops.roulette.stop(); // only crash plays here
    browser = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(pathName: string, token: string, phone = false) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
      isMobile: phone,
      hasTouch: phone,
    });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const page = await context.newPage();
    await page.goto(pathName);
    await page.getByLabel('Account menu').waitFor({ timeout: 30_000 });
    return page;
  }
  const shot = settledShot;
  /** A round taking bets whose crash point (read by the test from the database) passes `pick`. */
  async function bettingRound(pick: (cp: number) => boolean) {
    let last = 0;
    await driveUntil(clock, loop(), () => {
      const s = loop().current;
      if (s.kind !== 'betting' || s.round.id === last) return false;
      last = s.round.id;
      return pick(s.round.crashPoint);
    });
    const s = loop().current;
    if (s.kind !== 'betting') throw new Error('not betting');
    return s.round;
  }
  const button = (page: Page) => page.getByTestId('crash-bet');

  it('places a bet, cashes out by hand while the graph climbs, and sees the bust', async () => {
    const round = await bettingRound((cp) => cp >= 150);
    const p = await fundedPlayer(ctx(), 10);
    const page = await open('/crash', p.token);
    await expect.poll(() => button(page).textContent()).toContain('Place bet');
    await page.getByLabel('Bet Amount').fill('5.00');
    await page.getByTestId('crash-auto').fill('');
    await button(page).click();
    await page.getByText('Successfully joined the game!').waitFor();
    await expect.poll(() => button(page).textContent()).toContain('Cashout');
    expect(await button(page).isDisabled()).toBe(true); // not before the start
    await expect.poll(() => page.getByTestId('crash-players').textContent()).toContain(p.username);
    await shot(page, 'crash-betting-desktop');

    await drive(clock, loop(), CRASH_BETTING_MS);
    await driveUntil(clock, loop(), () => loop().current.kind === 'running');
    await drive(clock, loop(), crashElapsedMsFor(125), 100);
    await expect.poll(() => button(page).isEnabled()).toBe(true);
    await expect
      .poll(async () => Number((await page.getByTestId('crash-multiplier').textContent())?.replace('x', '')))
      .toBeGreaterThanOrEqual(1.2);
    await shot(page, 'crash-running-desktop');
    const says = await trail(page, 'crash-bet'); // "Cashed out" stands 1.5 s: recorded, not raced
    await button(page).click();
    await page.getByText('Successfully cashed out!').waitFor();
    await expect.poll(async () => (await says()).map((e) => e.value)).toContain('Cashed out');
    const bet = await ctx()
      .db.selectFrom('round_bets')
      .select(['cashout', 'payout'])
      .where('round_id', '=', round.id)
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(bet.cashout).toBeGreaterThanOrEqual(125);
    await expect
      .poll(() => page.getByTestId('crash-players').textContent())
      .toContain(`${((bet.cashout ?? 0) / 100).toFixed(2)}x`);
    expect(await balanceOf(ctx(), p.id)).toBe(1000 - 500 + bet.payout);
    await expect
      .poll(() => page.getByTestId('balance').first().textContent())
      .toBe(((1000 - 500 + bet.payout) / 100).toFixed(2));

    await driveUntil(clock, loop(), () => loop().current.kind === 'over');
    await expect
      .poll(() => page.getByTestId('crash-multiplier').textContent())
      .toBe(`${(round.crashPoint / 100).toFixed(2)}x`);
    await expect
      .poll(() => page.getByTestId('crash-history').textContent())
      .toContain(`${(round.crashPoint / 100).toFixed(2)}x`);
    // the bet is cleared 1.5 s after the cash-out
    await expect.poll(() => button(page).textContent(), { timeout: 5000 }).toContain('Place bet');
    // the settled bet joins the live feed under the game, in All bets and My bets (issue 14 item 4)
    const feed = page.getByRole('region', { name: 'Live bets' });
    await expect.poll(() => feed.textContent(), { timeout: 10_000 }).toContain(p.username);
    await feed.getByRole('tab', { name: 'My bets' }).click();
    await expect.poll(() => feed.getByTestId('live-bet-row').count()).toBe(1);
    const profit = ((bet.payout - 500) / 100).toFixed(2);
    expect(await feed.getByTestId('live-bet-profit').textContent()).toContain(profit);
    await shot(page, 'crash-over-desktop');
    // a round that is over is listed as revealed, never as the round in play (issue 14 item 9)
    await page.getByRole('button', { name: 'Provably Fair' }).click();
    const fair = page.getByRole('dialog');
    await fair.getByTestId('fair-round').first().waitFor();
    expect(await fair.getByTestId('fair-round').first().textContent()).toContain(`Round #${round.number}`);
    expect(await fair.getByTestId('fair-current').count()).toBe(0);
    expect(await fair.textContent()).not.toContain(`Round #${round.number} (now)`);
    await page.keyboard.press('Escape');
  });

  it('queues a bet asked for while a round runs and places it when the next one starts', async () => {
    await bettingRound((cp) => cp >= 200);
    const p = await fundedPlayer(ctx(), 10);
    const page = await open('/crash', p.token, true);
    await drive(clock, loop(), CRASH_BETTING_MS);
    await driveUntil(clock, loop(), () => loop().current.kind === 'running');
    await drive(clock, loop(), 1000, 100);
    // the click while the page shows the round running (a page still on the betting it loaded with
    // sends the bet, which the server then queues: "Betting..." until the next round)
    await expect.poll(() => page.getByTestId('crash-multiplier').textContent()).toMatch(/^\d+\.\d\dx$/);
    await page.getByLabel('Bet Amount').fill('2.00');
    await button(page).click();
    // the server's answer (notify-info: queued) took over 5 s once with two busy browser files at once
    await expect.poll(() => button(page).textContent(), { timeout: 20_000 }).toBe('Cancel bet (queued)');
    await shot(page, 'crash-queued-phone');
    await driveUntil(clock, loop(), () => loop().current.kind === 'betting');
    await page.getByText('Successfully joined the game!').waitFor();
    await expect.poll(() => button(page).textContent()).toContain('Cashout');
    expect(await balanceOf(ctx(), p.id)).toBe(800);
  });

  it('the fairness dialog tells how a round that busted in a leader hand-over gap was settled', async () => {
    await driveUntil(clock, loop(), () => loop().current.kind === 'over');
    const s = loop().current;
    if (s.kind !== 'over') throw new Error('not over');
    await ctx().db.updateTable('rounds').set({ handover_void: true }).where('id', '=', s.round.id).execute();
    const p = await fundedPlayer(ctx(), 0);
    const page = await open('/crash', p.token);
    // the strip numbers crash's own rounds: consecutive, newest first, whatever roulette did meanwhile
    // (read once it has come: the page asks for the history after it loads)
    await expect.poll(() => page.getByTestId('crash-history').locator('button').count()).toBeGreaterThan(1);
    const numbers = await page
      .getByTestId('crash-history')
      .locator('button')
      .evaluateAll((bs) => bs.map((b) => Number(b.getAttribute('title')?.replace('Round #', ''))));
    expect(numbers.length).toBeGreaterThan(1);
    expect(numbers).toEqual(numbers.map((_, i) => (numbers[0] ?? 0) - i));
    await page.locator(`button[title="Round #${s.round.number}"]`).click();
    const dialog = page.getByRole('dialog', { name: 'Provably Fair' });
    const note = dialog.getByTestId('fair-round-note');
    await note.waitFor();
    expect(await note.textContent()).toBe(CRASH_HANDOVER_NOTE);
    // the focused round comes first, with the note; the other rounds have none
    expect(await dialog.getByTestId('fair-round').first().textContent()).toContain(
      `Round #${s.round.number}`,
    );
    expect(await dialog.getByTestId('fair-round-note').count()).toBe(1);
    await shot(page, 'crash-fair-handover-desktop');
  });

  it('autobet: a bet in each of 2 rounds with the auto cashout, settled at the cashout or the crash, then it stops', async () => {
    const first = await bettingRound(() => true);
    const p = await fundedPlayer(ctx(), 10);
    const page = await open('/crash', p.token);
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByTestId('crash-auto').fill('1.50');
    await page.getByTestId('auto-bets').fill('2');
    await page.getByTestId('auto-start').click();
    const bets = () =>
      ctx()
        .db.selectFrom('round_bets')
        .select(['round_id', 'payout', 'amount'])
        .where('user_id', '=', p.id)
        .orderBy('id')
        .execute();
    for (let n = 1; n <= 2; n++) {
      await expect.poll(async () => (await bets()).length, { timeout: 10_000 }).toBe(n);
      await drive(clock, loop(), CRASH_BETTING_MS);
      await driveUntil(clock, loop(), () => loop().current.kind === 'over');
      if (n === 1) await driveUntil(clock, loop(), () => loop().current.kind === 'betting');
    }
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended'), { timeout: 10_000 }).toBe('count');
    const rows = await bets();
    const profit = rows.reduce((sum, r) => sum + r.payout - r.amount, 0);
    expect(await page.getByTestId('auto-played').textContent()).toBe('2');
    expect(await page.getByTestId('auto-profit').textContent()).toBe(
      `${profit < 0 ? '−' : ''}${(Math.abs(profit) / 100).toFixed(2)}`,
    );
    for (const r of rows) expect([0, 150]).toContain(r.payout);
    // one bet in each round, the second in the round right after the first (none skipped)
    expect(rows.map((r) => r.round_id)).toEqual([first.id, first.id + 1]);
    await shot(page, 'crash-autobet-desktop');
  });
});

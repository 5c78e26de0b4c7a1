import { crashElapsedMsFor } from '@coinsite/shared/games';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CRASH_BETTING_MS } from '../../apps/server/src/games/crash/crash.loop.ts';
import { type RoundLoops, roundLoopsOf } from '../../apps/server/src/games/rounds/round-games.ts';
import { drive, driveUntil, fundedPlayer } from '../../apps/server/src/games/rounds/round-test-kit.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { startServer, type TestServer } from '../../apps/server/src/test-support/server.ts';
import { settledShot, trail } from './support/site.ts';

process.env.ROUND_CHAIN_LENGTH = '200';

/**
 * Issue 28 item 6: a player's crash bet is the player's, not the tab's. The phone shows the bet
 * placed on the desktop and cashes it out; a watcher's feed lists the round's bets at the bust
 * without a reload, and a feed row opens the bet like an instant game's (/bets/crash-N).
 */
describe('crash on every tab of the player', () => {
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
    await loops.roulette.stop();
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
  const button = (page: Page) => page.getByTestId('crash-bet');

  it('the phone shows and cashes out the bet placed on the desktop; the watcher sees it in the feed and opens it', async () => {
    let last = 0;
    await driveUntil(clock, loop(), () => {
      const s = loop().current;
      if (s.kind !== 'betting' || s.round.id === last) return false;
      last = s.round.id;
      return s.round.crashPoint >= 200;
    });
    const p = await fundedPlayer(ctx(), 10);
    const watcherUser = await fundedPlayer(ctx(), 0);
    const desktop = await open('/crash', p.token);
    const phone = await open('/crash', p.token, true);
    const watcher = await open('/crash', watcherUser.token);
    await expect.poll(() => button(phone).textContent()).toContain('Place bet');

    await desktop.getByLabel('Bet Amount').fill('3.00');
    await desktop.getByTestId('crash-auto').fill('');
    await button(desktop).click();
    await desktop.getByText('Successfully joined the game!').waitFor();
    // the phone never placed it, yet offers its cash-out (disabled until the round starts)
    await expect.poll(() => button(phone).textContent()).toContain('Cashout');
    expect(await button(phone).isDisabled()).toBe(true);
    await settledShot(phone, 'crash-other-device-bet-phone');

    // a tab opened now finds the bet too
    const late = await open('/crash', p.token, true);
    await expect.poll(() => button(late).textContent()).toContain('Cashout');
    await late.context().close();

    await drive(clock, loop(), CRASH_BETTING_MS);
    await driveUntil(clock, loop(), () => loop().current.kind === 'running');
    await drive(clock, loop(), crashElapsedMsFor(130), 100);
    await expect.poll(() => button(phone).isEnabled()).toBe(true);
    // "Cashed out" stands for 1.5 s on both: recorded in the pages, not raced by polls
    const phoneSays = await trail(phone, 'crash-bet');
    const desktopSays = await trail(desktop, 'crash-bet');
    await button(phone).click();
    await phone.getByText('Successfully cashed out!').waitFor();
    await settledShot(desktop, 'crash-cashed-on-phone-desktop');
    const said = async (says: typeof phoneSays) => (await says()).map((e) => e.value);
    await expect.poll(() => said(phoneSays)).toContain('Cashed out');
    await expect.poll(() => said(desktopSays)).toContain('Cashed out');

    const bet = await ctx()
      .db.selectFrom('round_bets')
      .select(['id', 'payout', 'cashout'])
      .where('user_id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(bet.payout).toBeGreaterThan(300);

    // the bust: the watcher's feed under the game lists the bet without a reload
    await driveUntil(clock, loop(), () => loop().current.kind === 'over');
    const feed = watcher.getByRole('region', { name: 'Live bets' });
    await expect.poll(() => feed.textContent(), { timeout: 10_000 }).toContain(p.username);
    const row = feed.getByTestId('live-bet-row').filter({ hasText: p.username });
    await row.getByTestId('live-bet-open').click();
    const dialog = watcher.getByRole('dialog', { name: `Bet #crash-${bet.id}` });
    await dialog.getByTestId('bet-details').waitFor();
    expect(await dialog.getByTestId('bet-details-payout').textContent()).toBe((bet.payout / 100).toFixed(2));
    expect(await dialog.getByTestId('bet-outcome-cashed-out-at').textContent()).toBe(
      `${((bet.cashout ?? 0) / 100).toFixed(2)}x`,
    );
    expect(await dialog.getByTestId('bet-server-seed').count()).toBe(1); // the round is over: its seed
    await settledShot(watcher, 'crash-bet-dialog-desktop');

    // the shareable page answers too (it said "Invalid bet id")
    await watcher.goto(`/bets/crash-${bet.id}`);
    await watcher.getByTestId('bet-details').waitFor();
    expect(await watcher.getByTestId('bet-details-id').textContent()).toBe(`crash-${bet.id}`);
    expect(await watcher.getByTestId('bet-outcome-crashed-at').textContent()).toMatch(/^\d+\.\d\dx$/);
    // Verify opens the crash verifier with the round's seeds
    const href = await watcher.getByTestId('bet-verify').getAttribute('href');
    expect(href).toContain('tab=crash');
    expect(href).toContain('privateSeed=');
    expect(href).toContain('publicSeed=');
    await settledShot(watcher, 'crash-bet-page-desktop');
    for (const page of [desktop, phone, watcher]) await page.context().close();
  }, 120_000); // three pages and a whole round on a shared machine
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rouletteColor, roulettePayout } from '@coinsite/shared/fairness';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROULETTE_BETTING_MS } from '../../apps/server/src/games/roulette/roulette.loop.ts';
import {
  type AutobetConfig,
  afterBet,
  DEFAULT_AUTOBET,
  type StopReason,
  startAutobet,
} from '../../apps/web/src/features/autobet/autobet.ts';
import { settledShot } from './support/site.ts';
import { type RoundLoops, roundLoopsOf } from '../../apps/server/src/games/rounds/round-games.ts';
import { balanceOf, driveUntil, fundedPlayer } from '../../apps/server/src/games/rounds/round-test-kit.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { startServer, type TestServer } from '../../apps/server/src/test-support/server.ts';

process.env.ROUND_CHAIN_LENGTH = '200';
const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');

/**
 * Roulette as a person plays it. The server runs on a fake clock (the test closes betting and
 * rolls); the page's own clock is fast-forwarded through the wheel's 5 s animation.
 */
describe('roulette in the browser', () => {
  let server: TestServer;
  let browser: Browser;
  let clock: ManualClock;
  let loops: RoundLoops;
  const loop = () => loops.roulette;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    clock = new ManualClock();
    server = await startServer({ clock, env: { SERVE_WEB: 'true' } });
    loops = roundLoopsOf(ctx());
    await loops.crash.stop(); // only roulette plays here
    browser = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A signed-in page; `realClock` keeps the page's own clock (no fast-forward through the wheel). */
  async function open(token: string, phone = false, opts: { realClock?: boolean; settings?: object } = {}) {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
      isMobile: phone,
      hasTouch: phone,
    });
    if (!opts.realClock) await context.clock.install();
    await context.addInitScript(
      ([t, settings]) => {
        window.localStorage.setItem('token', t as string);
        if (settings) window.localStorage.setItem('game-settings', settings as string);
      },
      [token, opts.settings ? JSON.stringify(opts.settings) : ''],
    );
    const page = await context.newPage();
    await page.goto('/roulette');
    await page.getByLabel('Account menu').waitFor({ timeout: 30_000 });
    return page;
  }
  async function shot(page: Page, name: string) {
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
  }

  it('bets on colours from two players, rolls, lands on the winning slot and pays', async () => {
    const a = await fundedPlayer(ctx(), 20);
    const b = await fundedPlayer(ctx(), 20);
    const page = await open(a.token);
    const phone = await open(b.token, true);
    // a round that opens with both pages on it: each page counts its 15 s from when it shows the
    // round, and one opened before the phone's page loaded had spent them on a slow machine
    const round = await bettingRound();
    const red = page.getByTestId('roulette-bet-red');
    await expect.poll(() => red.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel('Bet Amount').fill('3.00');
    await red.click();
    await expect.poll(() => page.getByTestId('roulette-column-red').textContent()).toContain(a.username);
    await page.getByTestId('roulette-bet-green').click();
    await expect.poll(() => page.getByTestId('roulette-column-green').textContent()).toContain(a.username);
    await phone.getByLabel('Bet Amount').fill('1.50');
    await expect
      .poll(() => phone.getByTestId('roulette-bet-black').isEnabled(), { timeout: 10_000 })
      .toBe(true);
    await phone.getByTestId('roulette-bet-black').click();
    await expect.poll(() => page.getByTestId('roulette-column-black').textContent()).toContain(b.username);
    await expect.poll(() => page.getByTestId('roulette-column-black').textContent()).toContain('Beginner');
    // Clear empties the amount
    await phone.getByRole('button', { name: 'Clear' }).click();
    expect(await phone.getByLabel('Bet Amount').inputValue()).toBe('0.00');
    await settledShot(page, 'roulette-betting-desktop');
    await settledShot(phone, 'roulette-betting-phone');

    await driveUntil(clock, loop(), () => loop().current.kind === 'rolling', ROULETTE_BETTING_MS + 1000);
    await expect.poll(() => page.getByTestId('roulette-status').textContent()).toContain('Rolling');
    expect(await red.isDisabled()).toBe(true);
    await page.clock.fastForward(6000);
    const color = rouletteColor(round.slot);
    await expect
      .poll(() => page.getByTestId('roulette-status').textContent())
      .toBe(`Rolled ${color.toUpperCase()} ${round.slot}`);
    const lit = page.getByTestId('roulette-wheel').locator('[data-lit]');
    await expect.poll(() => lit.getAttribute('data-slot')).toBe(String(round.slot));
    await phone.clock.fastForward(6000);
    // the winner is shown what their bets on the colour paid (issue 14 item 4)
    const winner = color === 'black' ? phone : page;
    const paid = color === 'black' ? '3.00' : color === 'red' ? '6.00' : '42.00';
    await expect.poll(() => winner.getByTestId('roulette-win').textContent()).toContain(`You won ${paid}`);
    const loser = color === 'black' ? page : phone;
    expect(await loser.getByTestId('roulette-win').count()).toBe(0);
    await shot(page, 'roulette-landed-desktop');
    await shot(phone, 'roulette-landed-phone');
    // both bets of the player join the live feed when the wheel stops, in My bets too
    const feed = page.getByRole('region', { name: 'Live bets' });
    await expect.poll(() => feed.getByTestId('live-bet-row').count(), { timeout: 15_000 }).toBe(3);
    await feed.getByRole('tab', { name: 'My bets' }).click();
    await expect.poll(() => feed.getByTestId('live-bet-row').count()).toBe(2);

    const won = color === 'red' ? 600 : color === 'green' ? 300 * 14 : 0;
    expect(await balanceOf(ctx(), a.id)).toBe(2000 - 600 + won);
    expect(await balanceOf(ctx(), b.id)).toBe(2000 - 150 + (color === 'black' ? 300 : 0));
    // the win reaches the balance when the animation has ended (PROTOCOL.md §3: 5.5 s)
    await expect
      .poll(() => page.getByTestId('balance').first().textContent(), { timeout: 10_000 })
      .toBe(((2000 - 600 + won) / 100).toFixed(2));
  });
  /**
   * Drives to the next round taking bets whose slot passes `pick`: a fresh one, never the round open
   * now (the page counts a round's 15 s from when it shows it, on its own clock).
   */
  async function bettingRound(pick: (slot: number) => boolean = () => true) {
    const now = loop().current;
    let last = now.kind === 'betting' ? now.round.id : 0;
    await driveUntil(
      clock,
      loop(),
      () => {
        const s = loop().current;
        if (s.kind !== 'betting' || s.round.id === last) return false;
        last = s.round.id;
        return pick(s.round.slot);
      },
      600_000,
      250,
    );
    const s = loop().current;
    if (s.kind !== 'betting') throw new Error('not betting');
    return s.round;
  }

  it('autobet: a bet on green every round until the loss limit; a big manual bet asks first', async () => {
    // the first round's slot is not green: its bet loses for sure, the next ones are the chain's
    let round = await bettingRound((slot) => slot !== 0);
    const p = await fundedPlayer(ctx(), 20);
    const page = await open(p.token, false, { realClock: true, settings: { confirmFraction: 0.5 } });
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByTestId('auto-color-green').click();
    await page.getByTestId('auto-bets').fill('4');
    await page.getByTestId('auto-stop-loss').fill('2.00');
    await settledShot(page, 'roulette-autobet-desktop');
    await page.getByTestId('auto-start').click();
    const rows = () =>
      ctx()
        .db.selectFrom('round_bets')
        .select(['round_id', 'amount', 'color', 'payout'])
        .where('user_id', '=', p.id)
        .orderBy('id')
        .execute();
    // the controller's own rules on the real slots say where the session must stop
    const config: AutobetConfig = { ...DEFAULT_AUTOBET, bets: 4, stopOnLoss: 200 };
    let state = startAutobet(100);
    let stop: StopReason | null = null;
    while (!stop) {
      await expect.poll(async () => (await rows()).length, { timeout: 10_000 }).toBe(state.played + 1);
      const bet = (await rows())[state.played];
      expect(bet).toMatchObject({ round_id: round.id, amount: 100, color: 'green' });
      const r = afterBet(config, state, { stake: 100, payout: roulettePayout(100, 'green', round.slot) });
      state = r.state;
      stop = r.stop;
      if (state.played === 1) {
        await expect
          .poll(() => page.getByTestId('roulette-column-green').textContent())
          .toContain(p.username);
        await settledShot(page, 'roulette-autobet-running-desktop');
      }
      // the wheel rolls and stops (the round's history entry settles the bet), the next round opens
      await driveUntil(
        clock,
        loop(),
        () => loop().current.kind === 'rolling',
        ROULETTE_BETTING_MS + 1000,
        250,
      );
      round = await bettingRound();
    }
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended'), { timeout: 10_000 }).toBe(stop);
    expect(await page.getByTestId('auto-played').textContent()).toBe(String(state.played));
    expect(await page.getByTestId('auto-profit').textContent()).toBe(
      `${state.profit < 0 ? '−' : ''}${(Math.abs(state.profit) / 100).toFixed(2)}`,
    );
    // nothing went into the round that opened after the stop
    const placed = await rows();
    expect(placed).toHaveLength(state.played);
    expect(placed.reduce((sum, b) => sum + b.payout - b.amount, 0)).toBe(state.profit);
    expect(await balanceOf(ctx(), p.id)).toBe(2000 + state.profit);
    await expect
      .poll(() => page.getByTestId('balance').first().textContent(), { timeout: 10_000 })
      .toBe(((2000 + state.profit) / 100).toFixed(2));
    expect(await page.getByLabel('Bet Amount').inputValue()).toBe('1.00');

    // bet safety: above half the balance the bet asks first, and Cancel sends nothing
    await settledShot(page, 'roulette-autobet-stopped-desktop');
    await page.getByTestId('bet-mode-manual').click();
    const big = Math.round((2000 + state.profit) * 0.6); // 60 % of the balance
    await page.getByLabel('Bet Amount').fill((big / 100).toFixed(2));
    // in a fresh round: the page's own clock counts its 15 s from when it shows the round, and the
    // round open since the stop has been counting through the checks above (on a slow machine
    // its window had closed by the click: stop 42)
    round = await bettingRound();
    expect(await rows()).toHaveLength(state.played);
    const red = page.getByTestId('roulette-bet-red');
    await expect.poll(() => red.isEnabled(), { timeout: 10_000 }).toBe(true);
    await red.click();
    const confirm = page.getByRole('dialog', { name: 'Confirm your bet' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Bet ${(big / 100).toFixed(2)} (60% of your balance)?`);
    await settledShot(page, 'roulette-bet-confirm-desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await red.click();
    await page.getByRole('dialog', { name: 'Confirm your bet' }).getByTestId('bet-confirm-yes').click();
    await expect.poll(async () => (await rows()).length).toBe(state.played + 1);
    expect((await rows())[state.played]).toMatchObject({ round_id: round.id, amount: big, color: 'red' });
  }, 150_000); // the page's own wheel turns 5 s of real time each round before the next opens on it
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { rouletteColor } from '@coinsite/shared/fairness';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  ROULETTE_ANIMATION_TOTAL_MS,
  ROULETTE_BETTING_MS,
  ROULETTE_RESULT_MS,
} from '../../apps/server/src/games/roulette/roulette.loop.ts';
import { type RoundLoops, roundLoopsOf } from '../../apps/server/src/games/rounds/round-games.ts';
import { drive, driveUntil, fundedPlayer } from '../../apps/server/src/games/rounds/round-test-kit.ts';
import { ManualClock } from '../../apps/server/src/platform/clock.ts';
import { startServer, type TestServer } from '../../apps/server/src/test-support/server.ts';
import { settledShot } from './support/site.ts';

process.env.ROUND_CHAIN_LENGTH = '200';
const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');
mkdirSync(SHOTS, { recursive: true });

/** What the page showed, each time it changed (epoch ms, from the page's own clock). */
interface Sample {
  at: number;
  balance: string;
  spinning: boolean;
  inRedColumn: boolean;
  feedRows: number;
}

/**
 * Issue 28 item 5: the result is revealed by the player's own animation, never by the server's
 * clock. The CPU is throttled 6× and the server runs ahead: the win's update-wallet, the history
 * entry and the next round all reach the page while its wheel still turns. The header balance, the
 * bet columns and the live feed keep the pre-roll picture until the wheel has stopped on screen.
 */
describe('the reveal hold', () => {
  let server: TestServer;
  let browser: Browser;
  let clock: ManualClock;
  let loops: RoundLoops;
  const loop = () => loops.roulette;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    clock = new ManualClock();
    // the held-back win's update-wallet is timed by the test's clock too: it can arrive early
    server = await startServer({ clock, holdClock: clock, env: { SERVE_WEB: 'true' } });
    loops = roundLoopsOf(ctx());
    await loops.crash.stop();
    browser = await chromium.connect(inject('browserWsEndpoint'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('roulette with the CPU throttled 6×: the balance, columns and feed wait for the wheel to stop', async () => {
    let last = 0;
    await driveUntil(
      clock,
      loop(),
      () => {
        const s = loop().current;
        if (s.kind !== 'betting' || s.round.id === last) return false;
        last = s.round.id;
        return rouletteColor(s.round.slot) === 'red';
      },
      600_000,
      250,
    );
    const p = await fundedPlayer(ctx(), 20);
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), p.token);
    const page = await context.newPage();
    await page.goto('/roulette');
    await page.getByLabel('Account menu').waitFor({ timeout: 30_000 });
    const red = page.getByTestId('roulette-bet-red');
    await expect.poll(() => red.isEnabled(), { timeout: 10_000 }).toBe(true);
    await page.getByLabel('Bet Amount').fill('3.00');
    await red.click();
    await expect
      .poll(() => page.getByTestId('roulette-column-red').textContent(), { timeout: 10_000 })
      .toContain(p.username);
    const balance = page.getByTestId('balance').first();
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('17.00');

    // a slow device: every script runs 6× slower
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.evaluate((name) => {
      const w = window as unknown as { samples: Sample[] };
      w.samples = [];
      const read = (): Omit<Sample, 'at'> => ({
        balance: document.querySelector('[data-testid="balance"]')?.textContent ?? '',
        spinning: document.querySelector('[data-testid="roulette-wheel"][data-spinning]') !== null,
        inRedColumn:
          document.querySelector('[data-testid="roulette-column-red"]')?.textContent?.includes(name) ?? false,
        feedRows: document.querySelectorAll('[data-testid="live-bet-row"]').length,
      });
      let lastKey = '';
      const note = () => {
        const s = read();
        const key = JSON.stringify(s);
        if (key === lastKey) return;
        lastKey = key;
        w.samples.push({ at: Date.now(), ...s });
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
    }, p.username);

    await driveUntil(clock, loop(), () => loop().current.kind === 'rolling', ROULETTE_BETTING_MS + 1000);
    await expect.poll(() => page.locator('[data-testid="roulette-wheel"][data-spinning]').count()).toBe(1);
    // the server runs ahead of the wheel: the win, the history and the next round go out now
    await drive(clock, loop(), ROULETTE_ANIMATION_TOTAL_MS + ROULETTE_RESULT_MS + 200, 100);
    expect(loop().current.kind).toBe('betting');
    const serverDoneAt = Date.now();
    // the wheel still turns (no settling: its spin is the animation under test)
    await page.screenshot({ path: path.join(SHOTS, 'reveal-hold-spinning-desktop.png') });

    await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toBe('23.00');
    await expect
      .poll(() => page.getByTestId('roulette-column-red').textContent(), { timeout: 10_000 })
      .not.toContain(p.username);
    const samples = await page.evaluate(() => (window as unknown as { samples: Sample[] }).samples);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const spinStart = samples.findIndex((s) => s.spinning);
    expect(spinStart).toBeGreaterThanOrEqual(0);
    const landed = samples.findIndex((s, i) => i > spinStart && !s.spinning);
    expect(landed).toBeGreaterThan(spinStart);
    const landedAt = samples[landed]?.at ?? 0;
    // the server had sent the win (and the next round) while the wheel still turned here
    expect(serverDoneAt).toBeLessThan(landedAt);
    // until the wheel stopped: the pre-roll balance, the bet in its column, no new feed row
    const beforeLanding = samples.slice(0, landed);
    const feedBefore = samples[spinStart]?.feedRows ?? 0;
    for (const s of beforeLanding) {
      expect(s.balance).toBe('17.00');
      expect(s.inRedColumn).toBe(true);
      expect(s.feedRows).toBe(feedBefore);
    }
    const firstGain = samples.findIndex((s) => s.balance !== '17.00');
    expect(firstGain).toBeGreaterThanOrEqual(landed);
    console.log(
      `reveal hold: server done ${landedAt - serverDoneAt} ms before the wheel stopped; balance moved ${
        (samples[firstGain]?.at ?? 0) - landedAt
      } ms after it`,
    );
    await settledShot(page, 'reveal-hold-landed-desktop');
    await context.close();
  });
});

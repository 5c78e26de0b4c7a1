import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/**
 * Long frames (issue 14 item 11): the browser's Long Animation Frames API records every frame over
 * 50 ms with the scripts that ran in it. Measured around a crash round's start and a case spin's
 * start, and printed (figures, not assertions: the machine's speed varies). A measurement, not a
 * check: it runs only with LONG_FRAMES=1 (about a minute of real crash rounds).
 */
interface Frame {
  start: number;
  duration: number;
  blocking: number;
  scripts: Array<{ source: string; invoker: string; duration: number }>;
}

async function watchFrames(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __frames: unknown[] };
    w.__frames = [];
    try {
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as unknown as Array<{
          startTime: number;
          duration: number;
          blockingDuration: number;
          scripts: Array<{
            sourceURL: string;
            invoker: string;
            duration: number;
            sourceFunctionName: string;
          }>;
        }>) {
          w.__frames.push({
            start: e.startTime,
            duration: e.duration,
            blocking: e.blockingDuration,
            scripts: e.scripts.map((s) => ({
              source: `${s.sourceURL.split('/').pop()}:${s.sourceFunctionName}`,
              invoker: s.invoker,
              duration: s.duration,
            })),
          });
        }
      }).observe({ type: 'long-animation-frame', buffered: true });
    } catch {
      // no LoAF in this browser
    }
  });
}

const framesSince = (page: Page, since: number, ms: number) =>
  page.evaluate(
    ([from, span]) =>
      ((window as unknown as { __frames: Frame[] }).__frames ?? []).filter(
        (f) => f.start >= from && f.start <= from + span,
      ),
    [since, ms] as const,
  );

function report(name: string, frames: Frame[]) {
  const worst = frames.reduce((m, f) => Math.max(m, f.duration), 0);
  console.log(
    `[long-frames] ${name}: ${frames.length} frames over 50 ms, worst ${worst.toFixed(0)} ms`,
    JSON.stringify(frames.map((f) => ({ d: Math.round(f.duration), s: f.scripts.slice(0, 3) }))),
  );
  return worst;
}

describe.skipIf(!process.env.LONG_FRAMES)('long frames at crash round start and case spin start', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({}, { motion: 'full' });
  });
  afterAll(() => site?.close());

  it('measures the frames around a crash round start', async () => {
    const { page } = await site.newPage();
    await watchFrames(page);
    await page.goto('/crash');
    const multiplier = page.getByTestId('crash-multiplier');
    await multiplier.waitFor({ timeout: 20_000 });
    // wait for a countdown, then for the round to start (the multiplier leaves the countdown)
    for (let round = 0; round < 2; round++) {
      // a new round opens (game-starting: the graph resets, the history grows), then it starts
      await page.getByText('Crashed', { exact: true }).waitFor({ timeout: 60_000 });
      const over = await page.evaluate(() => performance.now());
      await page.getByText('Starting in', { exact: true }).waitFor({ timeout: 30_000 });
      await page.getByText('Current payout', { exact: true }).waitFor({ timeout: 30_000 });
      const at = await page.evaluate(() => performance.now());
      await page.waitForTimeout(1500);
      report(`crash new round ${round + 1}`, await framesSince(page, over, 5000));
      report(`crash round start ${round + 1}`, await framesSince(page, at - 1000, 2500));
    }
  });

  it('measures the frames around a case spin start', async () => {
    const { page } = await site.newPage();
    await watchFrames(page);
    await page.goto('/cases/inferno');
    const demo = page.getByTestId('demo-spin');
    await demo.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(1000);
    for (let spin = 0; spin < 3; spin++) {
      await page.getByRole('button', { name: 'Demo Spin' }).waitFor({ timeout: 20_000 });
      const at = await page.evaluate(() => performance.now());
      await demo.click();
      await page.waitForTimeout(1500);
      report(`case spin start ${spin + 1}`, await framesSince(page, at - 100, 1600));
    }
  });
});

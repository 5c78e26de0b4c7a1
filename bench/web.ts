/**
 * npm run bench:web — what a first visit costs: the gzipped bytes of the initial JS and CSS (what
 * apps/web/dist/index.html loads plus its modulepreloads), the time to interactive in headless
 * Chromium on a throttled profile, and the JS each route loads on top of the initial set.
 *
 *   BENCH_BUILD (1)        0 to measure the existing apps/web/dist instead of building it first
 *   BENCH_RUNS (3)         cold loads measured per profile (the median is printed)
 *   CHROMIUM_PATH (/usr/bin/chromium)
 *
 * Throttled profile (CDP): CPU slowed 4×, network 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency
 * (Lighthouse's "slow 4G"). Time to interactive here: from navigation start to the moment the app
 * shell's "Sign in" button is on screen and enabled (the boot gate passed, the shell rendered, event
 * handlers attached), taken in the page with requestAnimationFrame polling. Per route: the JS a cold
 * load fetches beyond the initial set, split into what every route fetches and what the route adds.
 * Goal: initial JS ≤ 150 KB gzipped.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../apps/server/src/test-support/server.ts';
import { DIST, describeFiles, gzipSize, initialFiles, kb } from '../tests/e2e/support/bundle.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTES = [
  '/home',
  '/cases',
  '/battles',
  '/upgrader',
  '/dice',
  '/limbo',
  '/mines',
  '/crash',
  '/roulette',
  '/coinflip',
  '/rewards',
  '/provably-fair',
  '/profile',
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

if (process.env.BENCH_BUILD !== '0' || !existsSync(path.join(DIST, 'index.html')))
  execSync('npm run build', { cwd: ROOT, stdio: 'ignore' });

// the initial set: index.html's module script, modulepreloads and stylesheets (tests/e2e/support/bundle.ts)
const first = initialFiles();
const initialJs = first.js.map((f) => f.file);
const sum = (files: string[]) => files.reduce((n, f) => n + gzipSize(f), 0);

console.log('initial files (gzipped), largest first, with what pulled each in:');
console.log(describeFiles([...first.js, ...first.css]));
const jsTotal = sum(initialJs);
console.log(`initial JS  ${kb(jsTotal)} gz in ${initialJs.length} files (budget 150 KB, goal ≤ 120 KB)`);
console.log(`initial CSS ${kb(sum(first.css.map((f) => f.file)))} gz in ${first.css.length} files`);

const server = await startServer({ env: { SERVE_WEB: 'true' } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });

/** A cold load of `route` in a fresh context; returns the page's asset requests and, if asked, the TTI. */
async function load(route: string, throttled: boolean) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page: Page = await context.newPage();
  const assets = new Set<string>();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname;
    if (p.startsWith('/assets/')) assets.add(p.slice(1));
  });
  if (throttled) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  }
  await page.goto(server.url + route, { waitUntil: 'commit' });
  // a string, so the bundler's helpers never reach the page
  const tti = (await page.evaluate(`new Promise((resolve) => {
    function check() {
      const b = [...document.querySelectorAll('button')].find(
        (x) => x.textContent.trim() === 'Sign in' && !x.disabled && x.getBoundingClientRect().width > 0,
      );
      if (b) resolve(performance.now());
      else requestAnimationFrame(check);
    }
    check();
  })`)) as number;
  await page.waitForLoadState('networkidle');
  await context.close();
  return { tti, assets: [...assets] };
}

try {
  const ttis: number[] = [];
  for (let i = 0; i < RUNS; i++) ttis.push((await load('/home', true)).tti);
  console.log(
    `time to interactive, /home, throttled (CPU 4×, 1.6 Mbit/s, 150 ms): median ${median(ttis).toFixed(0)} ms of ${ttis.map((t) => t.toFixed(0)).join(', ')}`,
  );
  const fast: number[] = [];
  for (let i = 0; i < RUNS; i++) fast.push((await load('/home', false)).tti);
  console.log(`time to interactive, /home, unthrottled: median ${median(fast).toFixed(0)} ms`);

  // per route: the JS a cold load fetches beyond the initial set; what every route fetches (the
  // deferred shell: chat, socket.io-client, zod, shared UI) is printed once, then each route's own part
  const initialSet = new Set(initialJs);
  const perRoute = new Map<string, string[]>();
  for (const route of ROUTES) {
    const { assets } = await load(route, false);
    perRoute.set(
      route,
      assets.filter((a) => a.endsWith('.js') && !initialSet.has(a) && existsSync(path.join(DIST, a))),
    );
  }
  const lists = [...perRoute.values()];
  const common = (lists[0] ?? []).filter((a) => lists.every((l) => l.includes(a)));
  console.log(
    `deferred, loaded by every route after the initial set: ${kb(sum(common))} gz in ${common.length} chunks`,
  );
  console.log('per route, its own chunks (gzipped):');
  for (const [route, extra] of perRoute) {
    const own = extra.filter((a) => !common.includes(a));
    console.log(`  ${route.padEnd(16)} ${kb(sum(own)).padStart(10)} in ${own.length} chunks`);
  }
} finally {
  await browser.close();
  await server.close();
}
process.exit(0);

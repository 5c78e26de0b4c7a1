import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import type { Clock } from '../../../apps/server/src/platform/clock.ts';
import { inTransaction } from '../../../apps/server/src/platform/tx.ts';
import { contextOptions, TabPool } from './tab-pool.ts';
import {
  startServer,
  type TestServer,
  waitForChatSockets,
} from '../../../apps/server/src/test-support/server.ts';

/**
 * What a page's person asked of motion. Pages ask for reduced motion unless a test says otherwise:
 * the site then leaves out its decorative motion (a screen's 620 ms fade-in, the live dots; index.css)
 * and keeps every result's reveal. Measured on one screen change without a GPU: 0.57 s of Chromium
 * CPU with the fade, 0.17 s without, most of it compositing; and Playwright waits for a fading button
 * to stand still before it clicks. Files that look at motion itself (the race page's fade and
 * podium stagger, turbo's pace, long frames) ask for `full`; so do, by Chromium's default, the files
 * that open their own contexts (crash, roulette, reveal-hold, the two-node files).
 */
export type Motion = 'full' | 'reduced';

export interface Site {
  server: TestServer;
  browser: Browser;
  /** A fresh browser context (own storage) with a page on the site. */
  newPage(opts?: { phone?: boolean; motion?: Motion }): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * A page of a signed-in player: the session token, and any other `storage` entries (saved game
   * settings such as instant mode), are put in localStorage before the app loads.
   */
  signedIn(
    token: string,
    path: string,
    opts?: { phone?: boolean; storage?: Record<string, string>; motion?: Motion },
  ): Promise<Page>;
  /**
   * A signed-in page on the home page with the chat ready (rules agreed unless `agreed: false`;
   * on a phone the chat drawer is opened).
   */
  chatPage(token: string, opts?: { phone?: boolean; agreed?: boolean; motion?: Motion }): Promise<Page>;
  /** Waits until no finite animation runs (dialog zoom, pane slide): before a screenshot. */
  settled(page: Page): Promise<void>;
  /** A session token of the seeded admin (admin@example.com). */
  adminToken(): Promise<string>;
  /** Credits coins to a user through the wallet (a ledger row like any other). */
  fund(userId: number, coins: number): Promise<void>;
  /** Saves a screenshot under screenshots/<name>.png (kept as a CI artifact, looked at by people). */
  shot(page: Page, name: string): Promise<void>;
  /** The same once the entrance animations (page fade, dialog zoom) are over. */
  settledShot(page: Page, name: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The browser files' database: PostgreSQL when TEST_DATABASE_URL is set (as in CI; E2E_DB=pglite
 * chooses the embedded one), else PGlite. The site's real database under the browser tests; PGlite
 * stays covered by the integration files that run on both (EVERY_DB in test-support/server.ts). Measured on one
 * file (instant-games): 80 s of machine CPU against 85 s on PGlite, whose queries run as WebAssembly
 * in the test's own process.
 */
const E2E_DB: 'pglite' | 'postgres' =
  process.env.E2E_DB === 'pglite' || !process.env.TEST_DATABASE_URL ? 'pglite' : 'postgres';

/**
 * Pages a test opens leave when it ends (those of a beforeAll stay for the file): parked for the
 * file's next test or closed (tab-pool.ts). A page left open keeps drawing (a crash page 60 frames a
 * second, the home page's floating pictures): with every test's pages left to the end of the file,
 * Chromium spent its time on pages nobody looked at.
 */
let testsRunning = 0;
let testTabs: { release(): Promise<void> }[] = [];
/**
 * Registers that closing for the file being loaded: called by file-setup.ts before every browser
 * file (this module is loaded once per worker, so hooks at its top would reach only the first file).
 */
export function closePagesAfterEachTest(): void {
  beforeEach(() => {
    testsRunning += 1;
  });
  afterEach(async () => {
    testsRunning -= 1;
    // concurrent tests (it.concurrent) close theirs when the last of them ends
    if (testsRunning > 0) return;
    const open = testTabs;
    testTabs = [];
    await Promise.all(open.map((t) => t.release()));
  });
}

const SHOTS = path.resolve(import.meta.dirname, '../../../screenshots');

/**
 * Waits until no entrance animation runs (dialog zoom, pane slide, page fade) and no number counts
 * up: before a screenshot. Repeating motion is not waited for (waiting for /home's floating pictures
 * cost 18 s per screenshot there).
 * Short transitions (100 ms or less) are live readouts following their value every tick (the
 * roulette countdown bar): they never end, and a screenshot shows them as they are.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      // script-driven count-ups (balance, results: use-animated-number.ts) have landed
      !document.documentElement.hasAttribute('data-counting') &&
      document.getAnimations().every((a) => {
        if (a.playState !== 'running') return true;
        const timing = a.effect?.getTiming();
        // motion that repeats is ambient (a spinner, the home page's floating pictures: 3 × 6 s), not
        // an entrance a screenshot must wait for
        if ((timing?.iterations ?? 1) > 1) return true;
        // a round's countdown bar drains for the whole betting window (lib/use-clock.ts drainBar)
        if (a.id === 'countdown') return true;
        return a instanceof CSSTransition && Number(timing?.duration ?? 0) <= 100;
      }),
  );
}

/** Saves screenshots/<name>.png once the entrance animations are over (for files without a Site). */
/** Opens the admin dialog from the bar of a signed-in admin's desktop page, on its `tab`; the dialog. */
export async function openAdminTab(page: Page, tab: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Admin', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Admin' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

/**
 * Steers a player's next game: with the committed next server seed of their pair, tries client seeds
 * `${prefix}-0`, `-1`, … until `fits` accepts the game they deal (nonce 0), and rotates to it, as a
 * player may set their own seed. The test reads the seeds; a player never can. Returns the seeds.
 */
export async function steerNextGame(
  server: TestServer,
  user: { id: number; token: string },
  prefix: string,
  fits: (seeds: { serverSeed: string; clientSeed: string; nonce: number }) => boolean,
): Promise<{ serverSeed: string; clientSeed: string; nonce: number }> {
  await server.api('GET', '/api/provably-fair/current', undefined, user.token);
  const next = await server.site.ctx.db
    .selectFrom('seed_pairs')
    .select('server_seed')
    .where('user_id', '=', user.id)
    .where('status', '=', 'next')
    .executeTakeFirstOrThrow();
  for (let i = 0; ; i++) {
    const seeds = { serverSeed: next.server_seed, clientSeed: `${prefix}-${i}`, nonce: 0 };
    if (!fits(seeds)) continue;
    const r = await server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: seeds.clientSeed },
      user.token,
    );
    if (r.status !== 200) throw new Error(`update-seed answered ${r.status}`);
    return seeds;
  }
}

/** One value an element showed, and when: ms after `trail` began, on the page's own clock. */
export interface TrailEntry {
  value: string | null;
  at: number;
}

/**
 * Records in the page every value the first element with `testId` shows from now on: its text, or
 * one attribute (`null` when absent). For states that last a moment (a 1.5 s "Cashed out", the
 * balance while a ball falls) and for when a result appears: asserted afterwards from the record,
 * not raced by a poll, so a slow machine sees the same as a fast one. Returns a reader.
 */
export async function trail(page: Page, testId: string, read: 'text' | string = 'text') {
  const key = await page.evaluate(
    ([id, what]) => {
      type Rec = { value: string | null; at: number }[];
      const w = window as unknown as { __trails?: Rec[] };
      w.__trails ??= [];
      const rec: Rec = [];
      const start = performance.now();
      const value = () => {
        const el = document.querySelector(`[data-testid="${id}"]`);
        if (!el) return null;
        return what === 'text' ? el.textContent : el.getAttribute(what);
      };
      const note = () => {
        const v = value();
        if (rec.length === 0 || rec.at(-1)?.value !== v)
          rec.push({ value: v, at: performance.now() - start });
      };
      note();
      new MutationObserver(note).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      });
      return w.__trails.push(rec) - 1;
    },
    [testId, read] as const,
  );
  return (): Promise<TrailEntry[]> =>
    page.evaluate((k) => (window as unknown as { __trails: TrailEntry[][] }).__trails[k] ?? [], key);
}

/**
 * Where a toast saying `text` stands once it has come in (mounted, its slide over): read straight
 * away, inside its 4.5 s, rather than after waiting for the whole page to settle.
 */
export async function toastBox(page: Page, text: string) {
  const toast = page.locator('[data-sonner-toast][data-mounted="true"]').filter({ hasText: text }).first();
  await toast.evaluate((el) =>
    Promise.all(
      el
        .getAnimations({ subtree: true })
        .filter((a) => (a.effect?.getTiming().iterations ?? 1) === 1)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const box = await toast.boundingBox();
  if (!box) throw new Error(`the toast "${text}" is not on the screen`);
  return box;
}

/**
 * Counts, from now on, the toasts saying `text` that came up (each toast once, gone or not): for
 * "told again" when the first may have left before the second comes on a slow machine.
 */
export async function toastsShown(page: Page, text: string): Promise<() => Promise<number>> {
  const key = await page.evaluate((t) => {
    const w = window as unknown as { __toasts?: Set<Element>[] };
    w.__toasts ??= [];
    const seen = new Set<Element>();
    const note = () => {
      for (const el of document.querySelectorAll('[data-sonner-toast]'))
        if (el.textContent?.includes(t)) seen.add(el);
    };
    note();
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    return w.__toasts.push(seen) - 1;
  }, text);
  return () =>
    page.evaluate((k) => (window as unknown as { __toasts: Set<Element>[] }).__toasts[k]?.size ?? 0, key);
}

export async function settledShot(page: Page, name: string): Promise<void> {
  await settled(page);
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * The file's site, started once before its tests and closed after them (the usual beforeAll and
 * afterAll of a browser test file): `site.admin` is the admin's session token.
 */
export function useSite(...args: Parameters<typeof startSite>): Site & { readonly admin: string } {
  let real: Site | undefined;
  let admin = '';
  beforeAll(async () => {
    real = await startSite(...args);
    admin = await real.adminToken();
  });
  afterAll(() => real?.close());
  return new Proxy({} as Site & { readonly admin: string }, {
    get(_, key) {
      if (key === 'admin') return admin;
      if (!real) throw new Error('the site starts in beforeAll: use it inside a test');
      return Reflect.get(real, key);
    },
  });
}

/**
 * Starts the real server (serving the built web app) on a random port with a fresh embedded
 * database, and connects to the one shared browser.
 */
export async function startSite(
  env: Record<string, string> = {},
  /** the app's clock (a ManualClock: the test moves the server's time); the pages' motion (reduced) */
  opts: { clock?: Clock; motion?: Motion } = {},
): Promise<Site> {
  const server = await startServer({
    db: E2E_DB,
    env: { SERVE_WEB: 'true', ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'admin-password', ...env },
    clock: opts.clock,
  });
  const browser = await chromium.connect(inject('browserWsEndpoint'));
  const contexts: BrowserContext[] = [];
  const tabs = new TabPool(browser, server.url);
  const siteMotion = opts.motion ?? 'reduced';
  let funded = 0;
  const site: Site = {
    server,
    browser,
    async newPage(opts = {}) {
      const reducedMotion = (opts.motion ?? siteMotion) === 'full' ? 'no-preference' : 'reduce';
      if (testsRunning > 0) {
        const tab = await tabs.take({ phone: opts.phone, reducedMotion });
        testTabs.push({ release: () => tabs.release(tab.context) });
        return tab;
      }
      const context = await browser.newContext(
        contextOptions(server.url, { phone: opts.phone, reducedMotion }),
      );
      contexts.push(context);
      const page = await context.newPage();
      return { context, page };
    },
    async signedIn(token, urlPath, opts = {}) {
      const { context, page } = await site.newPage(opts);
      await context.addInitScript(
        (entries: Record<string, string>) => {
          for (const [key, value] of Object.entries(entries)) window.localStorage.setItem(key, value);
        },
        { ...opts.storage, token },
      );
      await page.goto(urlPath);
      await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
      return page;
    },
    async chatPage(token, opts = {}) {
      const { context, page } = await site.newPage({ phone: opts.phone, motion: opts.motion });
      await context.addInitScript(
        ([t, agreed]) => {
          window.localStorage.setItem('token', t as string);
          if (agreed) window.localStorage.setItem('chat-rules-agreed', 'true');
        },
        [token, opts.agreed ?? true],
      );
      await page.goto('/');
      await page.getByLabel('Account menu').waitFor({ timeout: 40_000 });
      if (opts.phone) await page.getByRole('button', { name: 'Open chat' }).click();
      await page.getByRole('textbox', { name: 'Chat message' }).waitFor();
      // the box shows before the socket has authenticated: a line sent sooner would be refused
      const user = await server.site.ctx.sessions.resolve(token);
      if (user && !user.banned) await waitForChatSockets([server], [user.id]);
      return page;
    },
    settled,
    adminToken: () => server.signIn('admin@example.com', 'admin-password'),
    async fund(userId, coins) {
      const ctx = server.site.ctx;
      await inTransaction(ctx.db, (unit) =>
        ctx.wallet.apply(unit, {
          userId,
          delta: Math.round(coins * 100),
          kind: 'admin',
          idempotencyKey: `e2e-fund:${userId}:${funded++}:${Date.now()}`,
        }),
      );
    },
    async shot(page, name) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
    },
    settledShot,
    async close() {
      for (const c of contexts) await c.close().catch(() => {});
      await tabs.close();
      await browser.close().catch(() => {});
      await server.close();
    },
  };
  return site;
}

import type { Browser, BrowserContext, Page } from 'playwright-core';

/**
 * Tabs handed from one test to the next of the same file. A page in a fresh browser context costs
 * Chromium a new renderer that fetches, parses and compiles the whole site again: measured on stop
 * 43's VM, a signed-in page 0.86–1.44 CPU-s in a fresh context against 0.36–0.99 in a context that
 * loaded the site before (its HTTP cache holds the hashed assets and V8's code cache for them). With
 * ~450 pages opened by the browser files, that is the largest share of their CPU that no test needs.
 *
 * A test gets a tab as if it were new: when a test ends its tab is parked on a file with no script
 * (the app stops: no socket, no drawing), and everything a test could have left is undone first:
 * listeners, routes, init scripts and bindings (through the Disposable each returns), storage of
 * every kind (checked afterwards with `storageState`, IndexedDB included), cookies, the viewport and
 * the mouse. What cannot be undone (a fake clock, permissions, offline mode, media emulation, extra
 * headers, a second page, a CDP session, a visit to another origin) spoils the tab: it is closed, as
 * every tab was before.
 */
export interface TabOptions {
  phone?: boolean;
  /** `reduce` or `no-preference`: the context's prefers-reduced-motion */
  reducedMotion: 'reduce' | 'no-preference';
}

/** A browser context of the site: a phone (390 × 844, touch) or a desktop (1440 × 900). */
export function contextOptions(baseURL: string, opts: TabOptions) {
  return {
    baseURL,
    viewport: opts.phone ? { width: 390, height: 844 } : { width: 1440, height: 900 },
    deviceScaleFactor: 1,
    isMobile: opts.phone ?? false,
    hasTouch: opts.phone ?? false,
    reducedMotion: opts.reducedMotion,
  };
}

interface Tab {
  context: BrowserContext;
  page: Page;
  key: string;
  viewport: { width: number; height: number };
  undo: { dispose(): Promise<void> }[];
  /** the listeners Playwright itself had on the context and the page (a test's are removed) */
  own: Map<object, Map<string | symbol, Set<unknown>>>;
  /** why the tab cannot go to another test (undefined while it can) */
  spoiled?: string;
}

/** Methods whose effect outlives a navigation and that have no undo: calling one spoils the tab. */
const SPOILS = {
  context: [
    'grantPermissions',
    'setGeolocation',
    'setOffline',
    'setExtraHTTPHeaders',
    'setHTTPCredentials',
    'newPage',
    'newCDPSession',
    'routeFromHAR',
    'routeWebSocket',
    'setDefaultTimeout',
    'setDefaultNavigationTimeout',
  ],
  page: [
    'emulateMedia',
    'setExtraHTTPHeaders',
    'routeFromHAR',
    'routeWebSocket',
    'setDefaultTimeout',
    'setDefaultNavigationTimeout',
  ],
  clock: ['install', 'fastForward', 'pauseAt', 'resume', 'runFor', 'setFixedTime', 'setSystemTime'],
  input: ['down'],
} as const;
/** Methods that return a Disposable: undone when the test ends. */
const UNDOABLE = ['addInitScript', 'exposeBinding', 'exposeFunction'] as const;

/** E2E_REUSE_TABS=0: every test gets a new context (to compare, or to rule the pool out of a failure) */
const REUSE = process.env.E2E_REUSE_TABS !== '0';

type Method = (...args: unknown[]) => unknown;
type Listener = (...args: unknown[]) => void;
interface Emitter {
  eventNames(): (string | symbol)[];
  listeners(name: string | symbol): Listener[];
  removeListener(name: string | symbol, listener: Listener): unknown;
}

/** The method `name` of `target`, bound to it. */
function method(target: object, name: string): Method {
  const fn = (target as Record<string, Method | undefined>)[name];
  if (typeof fn !== 'function') throw new Error(`no method ${name} to watch`);
  return fn.bind(target);
}

export class TabPool {
  private readonly parked: Tab[] = [];
  private readonly tabs = new Map<BrowserContext, Tab>();
  private readonly origin: string;
  /** what happened to the tabs (printed at close with E2E_TABS_LOG=1) */
  readonly counts = { opened: 0, reused: 0, closed: {} as Record<string, number> };

  constructor(
    private readonly browser: Browser,
    private readonly baseURL: string,
  ) {
    this.origin = new URL(baseURL).origin;
  }

  /** A parked tab of the same kind when there is one, else a new context with one page. */
  async take(opts: TabOptions): Promise<{ context: BrowserContext; page: Page }> {
    const key = `${opts.phone ? 'phone' : 'desktop'}:${opts.reducedMotion}`;
    const parked = this.parked.find((t) => t.key === key);
    if (parked) {
      this.counts.reused++;
      this.parked.splice(this.parked.indexOf(parked), 1);
      return { context: parked.context, page: parked.page };
    }
    const options = contextOptions(this.baseURL, opts);
    const viewport = options.viewport;
    const context = await this.browser.newContext(options);
    const page = await context.newPage();
    this.counts.opened++;
    const tab: Tab = { context, page, key, viewport, undo: [], own: new Map() };
    this.watch(tab);
    this.tabs.set(context, tab);
    return { context, page };
  }

  /** When a test ends: its tab parked for the next test, or closed when it cannot be made new again. */
  async release(context: BrowserContext): Promise<void> {
    const tab = this.tabs.get(context);
    const parked = !REUSE
      ? 'E2E_REUSE_TABS=0'
      : tab
        ? await this.park(tab).catch((err: Error) => `failed: ${err.message.split('\n')[0]}`)
        : 'unknown';
    if (tab && parked === true) {
      this.parked.push(tab);
      return;
    }
    const why = tab?.spoiled ?? String(parked);
    this.counts.closed[why] = (this.counts.closed[why] ?? 0) + 1;
    this.tabs.delete(context);
    await context.close().catch(() => {});
  }

  async close(): Promise<void> {
    if (process.env.E2E_TABS_LOG) console.log(`tabs of ${this.origin}: ${JSON.stringify(this.counts)}`);
    const all = [...this.tabs.keys()];
    this.tabs.clear();
    this.parked.length = 0;
    await Promise.all(all.map((c) => c.close().catch(() => {})));
  }

  /** Wraps the tab's methods: those with an undo are recorded, those without one spoil it. */
  private watch(tab: Tab): void {
    const { context, page } = tab;
    for (const target of [context, page] as unknown as Emitter[])
      tab.own.set(target, new Map(target.eventNames().map((n) => [n, new Set(target.listeners(n))])));
    const spoil = (target: object, names: readonly string[], why: string) => {
      const t = target as Record<string, Method>;
      for (const name of names) {
        const original = method(target, name);
        t[name] = (...args) => {
          tab.spoiled ??= `${why}.${name}`;
          return original(...args);
        };
      }
    };
    const undoable = (target: object) => {
      const t = target as Record<string, Method>;
      for (const name of UNDOABLE) {
        const original = method(target, name);
        t[name] = async (...args) => {
          const disposable = (await original(...args)) as Tab['undo'][number];
          tab.undo.push(disposable);
          return disposable;
        };
      }
    };
    spoil(context, SPOILS.context, 'context');
    spoil(page, SPOILS.page, 'page');
    spoil(context.clock, SPOILS.clock, 'clock');
    spoil(page.keyboard, SPOILS.input, 'keyboard');
    spoil(page.mouse, SPOILS.input, 'mouse');
    undoable(context);
    undoable(page);
    // another origin's storage would follow the tab: a visit to one spoils it
    const goto = page.goto.bind(page);
    page.goto = (url, options) => {
      if (/^[a-z]+:/i.test(url) && new URL(url).origin !== this.origin) tab.spoiled ??= `goto ${url}`;
      return goto(url, options);
    };
  }

  /** Makes the tab as a new one again: true, or why it cannot be. */
  private async park(tab: Tab): Promise<true | string> {
    const { context, page } = tab;
    if (tab.spoiled) return tab.spoiled;
    if (page.isClosed()) return 'page closed';
    if (context.pages().length !== 1) return `${context.pages().length} pages`;
    // the test's listeners go; Playwright's own stay (context.close() waits on one of them)
    for (const [target, own] of tab.own as Map<Emitter, Map<string | symbol, Set<unknown>>>)
      for (const name of target.eventNames())
        for (const listener of target.listeners(name))
          if (!own.get(name)?.has(listener)) target.removeListener(name, listener);
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    for (const d of tab.undo.splice(0)) await d.dispose();
    // a file with no script: the app, its socket and its drawing stop here
    await page.goto('/favicon.svg');
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await context.clearCookies();
    const size = page.viewportSize();
    if (size?.width !== tab.viewport.width || size.height !== tab.viewport.height)
      await page.setViewportSize(tab.viewport);
    await page.mouse.move(-1, -1);
    const left = await context.storageState({ indexedDB: true });
    return left.cookies.length === 0 && left.origins.length === 0 ? true : 'storage left';
  }
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, type ExpectStatic, expect, it } from 'vitest';
import { nextEvent } from '../../apps/server/src/test-support/server.ts';
import { axeViolations } from './support/axe.ts';
import { type Site, settled, startSite } from './support/site.ts';

/**
 * Issue 28 item 15: every route of the web app, and the main dialogs, pass axe-core with no serious
 * or critical violation, signed out and signed in, at 1440×900 and 390×844. Besides axe's rules:
 * every dialog keeps Tab inside itself and gives focus back to what opened it; the chat and the live
 * feed are polite live regions; nothing that takes a click is out of reach of the keyboard.
 *
 * One server for the file, one browser context per size and sign-in state; routes are visited by
 * the app's own navigation (no reload), so the four passes stay within a couple of minutes.
 * A11Y_TIMING=1 prints each finding and each route's timings as they happen.
 */

/** The route table and the game registry, where each game's screens are declared (issue 30). */
const ROUTE_FILES = ['routes.tsx', 'games.tsx'].map((f) =>
  path.resolve(import.meta.dirname, '../../apps/web/src/app', f),
);

/** The route patterns of both files (every `path: '…'`), so a new route or game is never left unchecked. */
function routePatterns(): string[] {
  const source = ROUTE_FILES.map((f) => readFileSync(f, 'utf8')).join('\n');
  return [...new Set([...source.matchAll(/\bpath:\s*['"`]([^'"`]+)['"`]/g)].map((m) => m[1] as string))];
}

/** The games' screens (games.tsx): checked in two of the four states (see GAME_STATES). */
const GAME_PATTERNS = new Set(
  [...readFileSync(ROUTE_FILES[1] as string, 'utf8').matchAll(/\bpath:\s*['"`]([^'"`]+)['"`]/g)].map(
    (m) => m[1] as string,
  ),
);
/**
 * Seventeen game screens in all four states doubled the file's time (130 → 300 s): they are
 * checked signed in on a desktop and signed out on a phone, so each size and each sign-in state
 * sees every game once (the shell around them is checked in all four).
 */
const GAME_STATES = new Set(['1440x900 signed in', '390x844 signed out']);

interface Finding {
  rule: string;
  impact: string;
  target: string;
  where: string;
  help: string;
}

const describeFinding = (f: Finding) =>
  `${f.rule} [${f.impact}] ${f.where}\n    at ${f.target}\n    ${f.help}`;

describe('accessibility: axe-core on every route and main dialog, both sizes, signed out and in', () => {
  let site: Site;
  let urls: Array<{ pattern: string; url: string }>;
  let tipTarget: string;

  beforeAll(async () => {
    site = await startSite();
    const { server } = site;
    // a settled bet (for /bets/:id and a live-feed row whose player can be tipped) and an open battle
    const bettor = await server.newUser();
    tipTarget = bettor.username;
    await site.fund(bettor.id, 50);
    const dice = await server.socket('dice', bettor.token);
    const result = nextEvent(dice, 'dice:result');
    dice.emit('dice:bet', { amount: 1, rangeData: 50 });
    const [bet] = (await result) as [{ betId: string }];
    const battles = await server.socket('battles', bettor.token);
    const created = nextEvent(battles, 'battles:created');
    battles.emit('battles:create', ['starter-crate'], 'standard', '1v1', 0, 1);
    const battleId = String((await created)[0]);

    const concrete: Record<string, string> = {
      '/battles/:battleId': `/battles/${battleId}`,
      '/cases/:caseSlug': '/cases/inferno',
      '/slots/:identifier2': '/slots/vs20doghouse',
      '/bets/:betId': `/bets/${bet.betId}`,
      '/a/:affiliateCode': '/a/nosuchcode',
      '/login/:provider?': '/login',
      '*': '/no-such-page',
    };
    const unknown: string[] = [];
    urls = routePatterns().map((pattern) => {
      const url = concrete[pattern] ?? (pattern.includes(':') ? null : pattern);
      if (url === null) unknown.push(pattern);
      return { pattern, url: url ?? pattern };
    });
    expect(unknown, `routes.tsx has routes this test cannot visit yet: add an example URL for each`).toEqual(
      [],
    );
  });
  afterAll(() => site?.close());

  /** The app's own navigation to `url` (react-router follows popstate), then waits for the screen. */
  async function visit(page: Page, url: string) {
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await ready(page);
  }

  /** No loader on screen (chunk, data spinners, the boot screen) and no entrance animation running. */
  async function ready(page: Page) {
    await page
      .waitForFunction(
        () =>
          !document.querySelector('[aria-label="Loading"], [data-testid="loading-screen"]') &&
          [...document.querySelectorAll('.animate-spin')].every(
            (el) => (el as HTMLElement).offsetParent === null,
          ),
        undefined,
        { timeout: 8_000 },
      )
      .catch(() => undefined); // a screen that keeps a spinner is still checked as it is
    await settled(page);
  }

  /**
   * axe on the page, or only on the elements `scope` selects (the shell around every route is the
   * same, so it is checked once per state and each route after that checks its own content).
   */
  async function axe(page: Page, where: string, findings: Finding[], scope?: string) {
    for (const v of await axeViolations(page, scope)) {
      if (v.impact !== 'serious' && v.impact !== 'critical') continue;
      for (const node of v.nodes) {
        if (process.env.A11Y_TIMING)
          console.log(
            `FINDING ${v.id} [${v.impact}] ${where} at ${node.target.map(String).join(' ')} :: ${(node.failureSummary ?? '').replace(/\n/g, ' ').slice(0, 200)}`,
          );
        findings.push({
          rule: v.id,
          impact: v.impact,
          target: node.target.map(String).join(' '),
          where,
          help: (node.failureSummary ?? v.help).split('\n').slice(0, 2).join(' ').trim(),
        });
      }
    }
  }

  /**
   * Anything shown with a pointer cursor (a click target) must be reachable by Tab: itself, an
   * ancestor or a descendant focusable, or a label of a focusable control.
   */
  async function mouseOnly(page: Page, where: string, findings: Finding[]) {
    const found = await page.evaluate(() => {
      const focusable =
        'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"]), summary';
      const out: string[] = [];
      for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
        if (getComputedStyle(el).cursor !== 'pointer') continue;
        if (el.closest(focusable) || el.querySelector(focusable)) continue;
        if (el.closest('[aria-hidden="true"], [inert]')) continue;
        if (el instanceof HTMLLabelElement && el.control) continue;
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        // only the outermost such element (its children inherit the cursor)
        const parent = el.parentElement;
        if (parent && getComputedStyle(parent).cursor === 'pointer' && !parent.matches(focusable)) continue;
        const id = el.id ? `#${el.id}` : '';
        const test = el.dataset.testid ? `[data-testid="${el.dataset.testid}"]` : '';
        const cls = [...el.classList].slice(0, 3).join('.');
        out.push(
          `${el.tagName.toLowerCase()}${id}${test}${cls ? `.${cls}` : ''} "${(el.textContent ?? '').trim().slice(0, 30)}"`,
        );
      }
      return out;
    });
    for (const target of found) {
      if (process.env.A11Y_TIMING) console.log(`FINDING keyboard-unreachable ${where} at ${target}`);
      findings.push({
        rule: 'keyboard-unreachable',
        impact: 'serious',
        target,
        where,
        help: 'takes a click (pointer cursor) but Tab never reaches it: make it a button or link',
      });
    }
  }

  /**
   * Opens a dialog with the keyboard (focus the trigger, Enter), runs axe on it, checks that Tab
   * stays inside and that Escape gives focus back to the trigger. `open` may instead be the steps
   * that open it (a menu item: gone once chosen, so focus has nowhere to return to).
   */
  async function dialog(
    page: Page,
    open: Locator | (() => Promise<void>),
    name: string | RegExp,
    where: string,
    findings: Finding[],
  ) {
    if (typeof open === 'function') await open();
    else {
      // a dialog closed just before gives focus back to its own trigger a tick later (radix): focus
      // this trigger once that has happened, so Enter is not pressed on the previous one
      for (let i = 0; i < 20; i++) {
        await open.focus();
        await page.waitForTimeout(50);
        if (await open.evaluate((t) => t === document.activeElement)) break;
      }
      await page.keyboard.press('Enter');
    }
    const box = page.getByRole('dialog', { name });
    await box.waitFor({ timeout: 10_000 });
    await ready(page);
    await axe(page, `${where} · dialog "${name}"`, findings, '[role="dialog"]');
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      const inside = await box.evaluate((d) => d.contains(document.activeElement));
      if (!inside) {
        findings.push({
          rule: 'dialog-focus-trap',
          impact: 'serious',
          target: `dialog "${name}"`,
          where,
          help: `Tab #${i + 1} left the dialog`,
        });
        break;
      }
    }
    // Escape closes the top dialog; one opened from another may leave that one open
    for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) {
      await page.keyboard.press('Escape');
      await box.waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
      if (i === 0 && typeof open !== 'function') break;
    }
    if (typeof open === 'function') {
      await page
        .getByRole('dialog')
        .first()
        .waitFor({ state: 'detached', timeout: 5_000 })
        .catch(() => undefined);
      return;
    }
    await page.waitForTimeout(50); // radix gives focus back a tick after the dialog unmounts
    const back = await open.evaluate(
      (t) => t === document.activeElement || t.contains(document.activeElement),
    );
    if (!back)
      findings.push({
        rule: 'dialog-focus-return',
        impact: 'serious',
        target: `dialog "${name}"`,
        where,
        help: 'closing it with Escape did not give focus back to the control that opened it',
      });
  }

  /** On /dice with 10.00: the stake typed, the bet button reached by Tab and pressed with Enter. */
  async function keyboardBet(page: Page, where: string, findings: Finding[], expect: ExpectStatic) {
    const balance = page.getByTestId('balance').first();
    await expect.poll(() => balance.textContent(), { timeout: 10_000 }).toBe('10.00');
    await page.getByLabel('Bet Amount').focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    let reached = false;
    for (let i = 0; i < 40 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement?.getAttribute('data-testid') === 'dice-bet');
    }
    if (!reached) {
      findings.push({
        rule: 'keyboard-play',
        impact: 'serious',
        target: '[data-testid="dice-bet"]',
        where,
        help: 'Tab from the amount field never reached the bet button',
      });
      return;
    }
    await page.keyboard.press('Enter');
    const moved = await expect
      .poll(() => balance.textContent(), { timeout: 10_000 })
      .not.toBe('10.00')
      .then(() => true)
      .catch(() => false);
    if (!moved)
      findings.push({
        rule: 'keyboard-play',
        impact: 'serious',
        target: '[data-testid="dice-bet"]',
        where,
        help: 'Enter on the focused bet button placed no bet',
      });
  }

  /** The chat's messages and the live feed's rows are announced politely as they arrive. */
  async function liveRegions(page: Page, where: string, findings: Finding[]) {
    // both lists are on screen once their first data has come (a busy machine may take a while)
    for (const selector of ['ol[aria-label="Chat messages"]', '[data-testid="live-bet-rows"]'])
      await page
        .locator(selector)
        .first()
        .waitFor({ timeout: 20_000 })
        .catch(() => undefined);
    const regions = await page.evaluate(() => {
      const polite = (el: Element | null) => {
        for (let at = el; at; at = at.parentElement) {
          const live = at.getAttribute('aria-live');
          if (live) return live === 'polite';
          if (at.getAttribute('role') === 'log' || at.getAttribute('role') === 'status') return true;
        }
        return false;
      };
      return {
        chat: polite(document.querySelector('ol[aria-label="Chat messages"]')),
        feed: polite(document.querySelector('[data-testid="live-bet-rows"]')),
      };
    });
    for (const [name, ok] of Object.entries(regions))
      if (!ok)
        findings.push({
          rule: 'live-region',
          impact: 'serious',
          target: name === 'chat' ? 'ol[aria-label="Chat messages"]' : '[data-testid="live-bet-rows"]',
          where,
          help: `the ${name} is not a polite live region (or is missing)`,
        });
  }

  const STATES = [
    { size: '1440x900', phone: false, signedIn: false },
    { size: '1440x900', phone: false, signedIn: true },
    { size: '390x844', phone: true, signedIn: false },
    { size: '390x844', phone: true, signedIn: true },
  ];

  // the four passes run side by side: the browser's renderers use both cores while axe runs
  it.concurrent.for(STATES)(
    'no serious or critical violation at $size, signed in: $signedIn',
    // about 3 minutes for all four on a quiet 2-core machine; the limit leaves room for a busy one
    { timeout: Number(process.env.A11Y_TIMEOUT ?? 420_000) },
    async ({ size, phone, signedIn }, { expect }) => {
      const state = `${size} ${signedIn ? 'signed in' : 'signed out'}`;
      const findings: Finding[] = [];
      const { context, page } = await site.newPage({ phone });
      await page.emulateMedia({ reducedMotion: 'reduce' });
      // every animation and transition at its end state at once: axe sees what a person sees once
      // the screen is still (a fade caught halfway is not a contrast failure), and sooner
      await context.addInitScript(() => {
        const style = document.createElement('style');
        style.textContent =
          '*, *::before, *::after { animation-duration: 0s !important; animation-delay: 0s !important; transition-duration: 0s !important; transition-delay: 0s !important; }';
        document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style));
      });
      if (signedIn) {
        const viewer = await site.server.newUser();
        await site.fund(viewer.id, 10);
        await context.addInitScript((t) => window.localStorage.setItem('token', t), viewer.token);
      }
      await page.goto('/home');
      if (signedIn) await page.getByLabel('Account menu').waitFor({ timeout: 30_000 });
      else
        await page.getByRole('button', { name: 'Sign in', exact: true }).first().waitFor({ timeout: 30_000 });
      await ready(page);

      // the shell (navigation, chat, menus) once, on the home page
      await axe(page, `/home (shell) @ ${state}`, findings);
      await site.shot(page, `a11y-home-${size}-${signedIn ? 'in' : 'out'}`);
      for (const { pattern, url } of urls) {
        if (pattern === '/banned') continue; // outside the shell: visited last, by a load of its own
        if (GAME_PATTERNS.has(pattern) && !GAME_STATES.has(state)) continue;
        const t0 = Date.now();
        await visit(page, url);
        const t1 = Date.now();
        const where = `${url} (${pattern}) @ ${state}`;
        await axe(page, where, findings, 'main');
        // a route that opens a dialog (a referral link, a sign-in link): check it, then close it
        const opened = page.getByRole('dialog');
        if (await opened.count()) {
          await axe(page, `${where} · its dialog`, findings, '[role="dialog"]');
          await page.keyboard.press('Escape');
          await opened
            .first()
            .waitFor({ state: 'detached', timeout: 5_000 })
            .catch(() => undefined);
        }
        const t2 = Date.now();
        await mouseOnly(page, where, findings);
        if (process.env.A11Y_TIMING)
          console.log(`${where}: visit ${t1 - t0} axe ${t2 - t1} mouse ${Date.now() - t2}`);
      }

      // the live regions, where both are on screen (the phone's chat is a drawer)
      await visit(page, '/dice');
      if (phone) {
        const open = page.getByRole('button', { name: 'Open chat' });
        await open.click();
        await page.locator('ol[aria-label="Chat messages"]').waitFor();
      }
      await liveRegions(page, `/dice @ ${state}`, findings);
      if (phone) await axe(page, `/dice · chat drawer @ ${state}`, findings, '[role="dialog"]');
      if (phone) {
        await page.keyboard.press('Escape');
        await page
          .getByRole('dialog')
          .waitFor({ state: 'detached', timeout: 5_000 })
          .catch(() => undefined);
      }

      // a game played from the keyboard alone: type a stake, Tab to the bet button, Enter
      if (signedIn) await keyboardBet(page, `/dice @ ${state}`, findings, expect);
      await site.settledShot(page, `a11y-dice-${size}-${signedIn ? 'in' : 'out'}`);

      // the main dialogs, opened from the keyboard
      if (!signedIn) {
        await dialog(
          page,
          page.getByRole('button', { name: 'Sign in', exact: true }).first(),
          /^Welcome to /,
          `/dice @ ${state}`,
          findings,
        );
      } else {
        const where = `/dice @ ${state}`;
        await dialog(page, page.getByRole('button', { name: 'Cashier' }).first(), 'Cashier', where, findings);
        const fromAccountMenu = (item: string) => async () => {
          await page.getByLabel('Account menu').click();
          await page.getByRole('menuitem', { name: item, exact: true }).click();
        };
        // Free Coins is a bar button on a desktop and an account menu item on a phone
        await dialog(
          page,
          phone ? fromAccountMenu('Free Coins') : page.getByRole('button', { name: 'Free Coins' }).first(),
          'Rewards',
          where,
          findings,
        );
        await dialog(page, fromAccountMenu('VIP'), 'VIP', where, findings);
        // a player's profile from their name in the live feed, and the Tip dialog from it
        const name = page
          .getByRole('region', { name: 'Live bets' })
          .getByTestId('live-bet-user')
          .filter({ hasText: tipTarget })
          .first();
        await dialog(page, name, `${tipTarget}'s Profile`, where, findings);
        await dialog(
          page,
          async () => {
            await name.click();
            await page
              .getByRole('dialog', { name: `${tipTarget}'s Profile` })
              .getByRole('button', { name: `Tip ${tipTarget}` })
              .click();
          },
          'Tip User',
          where,
          findings,
        );
      }

      // the banned page sits outside the shell: a load of its own
      if (urls.some((u) => u.pattern === '/banned')) {
        await page.goto('/banned');
        await ready(page);
        await axe(page, `/banned @ ${state}`, findings);
      }

      await context.close();
      expect(
        findings,
        `${findings.length} accessibility problem(s) at ${state}:\n${findings.map(describeFinding).join('\n')}`,
      ).toEqual([]);
    },
  );
});

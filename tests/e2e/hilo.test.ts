import {
  cardLabel,
  type HiloChoice,
  hiloCard,
  hiloGuessWins,
  hiloRank,
  type Seeds,
} from '@coinsite/shared/fairness';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite, steerNextGame } from './support/site.ts';

/** A guess that wins cur → next (the test reads the seeds; a player never can). */
function winning(cur: number, next: number): HiloChoice {
  const a = hiloRank(cur);
  const b = hiloRank(next);
  return a === b ? 'same' : b > a ? 'higher' : 'lower';
}

/** Hilo as a person plays it (issue 32): deal, guess, reload, cash out; a wrong guess. */
describe('hilo in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  async function player(coins: number, opts: { phone?: boolean } = {}) {
    const user = await site.server.newUser();
    await site.fund(user.id, coins);
    const { context, page } = await site.newPage({ phone: opts.phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto('/hilo');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    return { user, page };
  }
  const balance = (page: Page) => page.getByTestId('balance').first();
  async function seedsOf(userId: number): Promise<Seeds> {
    const row = await site.server.site.ctx.db
      .selectFrom('bets as b')
      .innerJoin('seed_pairs as s', 's.id', 'b.seed_pair_id')
      .select(['s.server_seed', 's.client_seed', 'b.nonce'])
      .where('b.user_id', '=', userId)
      .where('b.game', '=', 'hilo')
      .orderBy('b.id', 'desc')
      .executeTakeFirstOrThrow();
    return { serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: Number(row.nonce) };
  }
  const trail = (page: Page) => page.getByTestId('hilo-trail').locator('li');

  it('a game: the start card, two right guesses, a reload that resumes it, a cash-out', async () => {
    const { user, page } = await player(10);
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByTestId('hilo-bet').click();
    await expect.poll(() => trail(page).count(), { timeout: 5000 }).toBe(1);
    const seeds = await seedsOf(user.id);
    for (let k = 1; k <= 2; k++) {
      const choice = winning(hiloCard(seeds, k - 1), hiloCard(seeds, k));
      await page.getByTestId(`hilo-${choice}`).click();
      await expect.poll(() => trail(page).count(), { timeout: 5000 }).toBe(k + 1);
    }
    await site.settledShot(page, 'hilo-playing-desktop');
    await page.reload();
    await expect.poll(() => trail(page).count(), { timeout: 10_000 }).toBe(3);
    const cashout = page.getByTestId('hilo-cashout');
    const text = (await cashout.textContent()) ?? '';
    const paid = Number(text.replace(/[^0-9.]/g, ''));
    expect(paid).toBeGreaterThan(1);
    await cashout.click();
    await expect
      .poll(() => page.getByTestId('hilo-banner').getAttribute('data-status'), { timeout: 5000 })
      .toBe('cashed');
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe((9 + paid).toFixed(2));
    await expect.poll(() => page.getByTestId('live-bet-row').count(), { timeout: 5000 }).toBeGreaterThan(0);
    await site.settledShot(page, 'hilo-cashed-desktop');
    // once the pair is rotated, the bet page's Verify link replays the game in the browser
    const bet = await site.server.site.ctx.db
      .selectFrom('bets')
      .select(['id', 'outcome'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const rot = await site.server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'next' },
      user.token,
    );
    expect(rot.status).toBe(200);
    await page.goto(`/bets/${bet.id}`);
    await page
      .getByRole('link', { name: /verify/i })
      .first()
      .click();
    await expect.poll(() => page.url()).toContain('tab=hilo');
    const line = (label: string) =>
      page.getByTestId('pf-result').getByTestId('pf-line').filter({ hasText: label }).locator('dd');
    const cards = (bet.outcome as { cards: number[] }).cards;
    await expect
      .poll(() => line('Cards in deal order').textContent(), { timeout: 10_000 })
      .toBe(cards.map((c) => cardLabel(c)).join(' '));
    expect(await line('Result').textContent()).toMatch(/won guesses/);
    await site.settledShot(page, 'hilo-verifier-desktop');
  });

  it('on a phone: a wrong guess ends the game', async () => {
    const { user, page } = await player(5, { phone: true });
    await page.getByLabel('Bet Amount').fill('0.50');
    await page.getByTestId('hilo-bet').click();
    await expect.poll(() => trail(page).count(), { timeout: 5000 }).toBe(1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await site.settledShot(page, 'hilo-playing-phone');
    const seeds = await seedsOf(user.id);
    // skip until a guess can lose, then make it
    for (let k = 1; ; k++) {
      const a = hiloRank(hiloCard(seeds, k - 1));
      const b = hiloRank(hiloCard(seeds, k));
      const lose: HiloChoice | null =
        a === b
          ? a === 1
            ? 'higher'
            : a === 13
              ? 'lower'
              : null
          : b > a
            ? a === 1
              ? 'same'
              : 'lower'
            : a === 13
              ? 'same'
              : 'higher';
      if (lose) {
        await page.getByTestId(`hilo-${lose}`).click();
        break;
      }
      await page.getByTestId('hilo-skip').click();
      await expect.poll(() => trail(page).count(), { timeout: 5000 }).toBe(k + 1);
    }
    await expect
      .poll(() => page.getByTestId('hilo-banner').getAttribute('data-status'), { timeout: 5000 })
      .toBe('lost');
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('4.50');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await site.settledShot(page, 'hilo-lost-phone');
  });
  it('autobet: three bets, each guessing the likelier side twice then cashing out, then it stops', async () => {
    const { user, page } = await player(10);
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('0.50');
    await page.getByTestId('hilo-auto-guesses').fill('2');
    await page.getByTestId('auto-bets').fill('3');
    await page.getByTestId('auto-start').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-running'), { timeout: 30_000 }).toBe('false');
    expect(await session.getAttribute('data-ended')).toBe('count');
    expect(await page.getByTestId('auto-played').textContent()).toBe('3');
    const rows = await site.server.site.ctx.db
      .selectFrom('bets')
      .select(['stake', 'payout', 'status', 'outcome'])
      .where('user_id', '=', user.id)
      .where('game', '=', 'hilo')
      .orderBy('id')
      .execute();
    expect(rows).toHaveLength(3);
    for (const r of rows) {
      expect(r.status).toBe('settled');
      expect(r.stake).toBe(50);
      const o = r.outcome as { cards: number[]; steps: Array<{ choice: HiloChoice }>; result: string };
      // the rule: the likelier of higher and lower on each card, until two guesses won
      o.steps.forEach((step, i) => {
        const rank = hiloRank(o.cards[i] as number);
        expect(step.choice).toBe(
          rank === 1 ? 'higher' : rank === 13 ? 'lower' : rank <= 7 ? 'higher' : 'lower',
        );
      });
      if (o.result === 'cashed') {
        expect(o.steps).toHaveLength(2);
        expect(r.payout).toBeGreaterThan(50);
      } else expect(r.payout).toBe(0);
    }
    const paid = rows.reduce((s, r) => s + Number(r.payout), 0);
    await expect
      .poll(() => balance(page).textContent(), { timeout: 5000 })
      .toBe(((1000 - 150 + paid) / 100).toFixed(2));
    expect(await balance(page).textContent()).not.toBe('10.00');
    await site.settledShot(page, 'hilo-autobet-desktop');

    // a phone: the same panel, a one-bet session
    const phone = await player(5, { phone: true });
    await phone.page.getByTestId('bet-mode-auto').click();
    await phone.page.getByLabel('Bet Amount').fill('0.10');
    await phone.page.getByTestId('auto-bets').fill('1');
    await phone.page.getByTestId('auto-start').click();
    const phoneSession = phone.page.getByTestId('auto-session');
    await expect.poll(() => phoneSession.getAttribute('data-running'), { timeout: 30_000 }).toBe('false');
    expect(await phone.page.getByTestId('auto-played').textContent()).toBe('1');
    await site.settledShot(phone.page, 'hilo-autobet-phone');
  });

  it("autobet: Stop during a game makes no further move; the open game is the player's to cash out", async () => {
    const user = await site.server.newUser();
    await site.fund(user.id, 10);
    // a deal whose first guess (the likelier side) wins, chosen by the client seed before the page
    // opens: the game is still open when the test stops the session on that guess
    await steerNextGame(site.server, user, 'hilo-stop', (seeds) => {
      const first = hiloCard(seeds, 0);
      const rank = hiloRank(first);
      const likelier = rank === 1 ? 'higher' : rank === 13 ? 'lower' : rank <= 7 ? 'higher' : 'lower';
      return hiloGuessWins(first, hiloCard(seeds, 1), likelier);
    });
    // the page's socket runs through the test: the session's first guess is held until after Stop
    const { context, page } = await site.newPage();
    let hold = false;
    let release: (() => void) | null = null;
    await page.routeWebSocket(/socket\.io/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((m) => {
        if (hold && typeof m === 'string' && m.includes('"hilo:guess"')) {
          hold = false;
          release = () => server.send(m);
          return;
        }
        server.send(m);
      });
      server.onMessage((m) => ws.send(m));
    });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto('/hilo');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByTestId('bet-mode-auto').click();
    await page.getByLabel('Bet Amount').fill('0.50');
    await page.getByTestId('hilo-auto-guesses').fill('5');
    await page.getByTestId('auto-bets').fill('0');
    hold = true;
    await page.getByTestId('auto-start').click();
    await expect.poll(() => release !== null, { timeout: 10_000 }).toBe(true);
    await page.getByTestId('auto-stop').click();
    const session = page.getByTestId('auto-session');
    await expect.poll(() => session.getAttribute('data-ended')).toBe('player');
    // the guess sent before Stop is answered; nothing follows it
    (release as unknown as () => void)();
    const games = () =>
      site.server.site.ctx.db
        .selectFrom('bets')
        .select(['id', 'status', 'payout', 'outcome'])
        .where('user_id', '=', user.id)
        .where('game', '=', 'hilo')
        .execute();
    const stepsOf = (o: unknown) => (o as { steps: unknown[] }).steps.length;
    await expect.poll(async () => (await games()).map((g) => stepsOf(g.outcome))).toEqual([1]);
    const cashout = page.getByTestId('hilo-cashout');
    await expect.poll(() => cashout.isEnabled()).toBe(true);
    await page.waitForTimeout(800); // an autobet would have guessed again by now
    const open = await games();
    expect(open).toHaveLength(1);
    expect(open[0]?.status).toBe('open');
    expect(stepsOf(open[0]?.outcome)).toBe(1);
    expect(await session.getAttribute('data-running')).toBe('false');
    // the player finishes it: the cash-out pays what the one right guess is worth
    await cashout.click();
    await expect.poll(async () => (await games())[0]?.status).toBe('settled');
    const [game] = await games();
    expect(Number(game?.payout)).toBeGreaterThan(50);
    await expect
      .poll(() => balance(page).textContent(), { timeout: 5000 })
      .toBe(((1000 - 50 + Number(game?.payout)) / 100).toFixed(2));
    await site.settledShot(page, 'hilo-autobet-stopped-cashed-desktop');
  });
});

import { blackjackCards } from '@coinsite/shared/fairness';
import { cardPoints, handTotal, isAce } from '@coinsite/shared/games';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite, steerNextGame } from './support/site.ts';

/** A deal no blackjack ends, with no ace up. */
const plain = (c: number[]) =>
  !isAce(c[1] as number) &&
  cardPoints(c[0] as number) + cardPoints(c[2] as number) !== 21 &&
  cardPoints(c[1] as number) + cardPoints(c[3] as number) !== 21;

/** Blackjack as a person plays it: split and double, hotkeys, the feed, the fairness dialog. */
describe('blackjack in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  /**
   * A funded player whose next hand is steered: a client seed is chosen so that, with the pair's
   * committed next server seed, the deal is one `want` accepts; the page is signed in on `path`.
   */
  async function player(coins: number, want: (cards: number[]) => boolean, opts: { phone?: boolean } = {}) {
    const user = await site.server.newUser();
    await site.fund(user.id, coins);
    let cards: number[] = [];
    await steerNextGame(site.server, user, 'e2e', (seeds) => {
      cards = blackjackCards(seeds, 12);
      return want(cards);
    });
    const { context, page } = await site.newPage({ phone: opts.phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto('/blackjack');
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    return { user, page, cards };
  }
  const balance = (page: Page) => page.getByTestId('balance').first();
  async function shot(page: Page, name: string) {
    await page.waitForTimeout(1600); // the fade-in and the deal animation (the dealer draws one by one)
    await site.shot(page, name);
  }

  it('split then double through the buttons and hotkeys; the hole card stays face down until the end', async () => {
    const { page, user } = await player(
      10,
      (c) =>
        plain(c) &&
        cardPoints(c[0] as number) === cardPoints(c[2] as number) &&
        cardPoints(c[0] as number) <= 9 &&
        cardPoints(c[1] as number) <= 6 &&
        cardPoints(c[0] as number) + cardPoints(c[4] as number) < 21,
    );
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByTestId('bj-bet').click();
    await expect.poll(() => page.getByTestId('bj-split').isEnabled()).toBe(true);
    expect(await page.getByTestId('bj-card-back').count()).toBe(1);
    expect(await page.getByTestId('bj-dealer').getByTestId('bj-card').count()).toBe(1);
    await shot(page, 'blackjack-deal-desktop');

    await page.keyboard.press('p'); // split
    await page.getByTestId('bj-hand-1').waitFor();
    await expect.poll(() => page.getByTestId('bj-double').isEnabled()).toBe(true);
    await page.getByTestId('bj-double').click();
    await expect.poll(() => page.getByTestId('bj-hand-1').getAttribute('data-active')).toBe('true');
    await shot(page, 'blackjack-split-desktop');
    await page.keyboard.press('s'); // stand on the second hand
    await page.getByTestId('bj-outcome').waitFor();
    expect(await page.getByTestId('bj-card-back').count()).toBe(0);
    expect(await page.getByTestId('bj-hand-0').getByTestId('bj-card').count()).toBe(3);
    await page.getByTestId('bj-result-1').waitFor();
    const row = await site.server.site.ctx.db
      .selectFrom('bets')
      .select(['stake', 'payout'])
      .where('game', '=', 'blackjack')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.stake).toBe(300);
    await expect
      .poll(() => balance(page).textContent(), { timeout: 5000 })
      .toBe(((1000 - 300 + row.payout) / 100).toFixed(2));
    await page.getByRole('tab', { name: 'My bets' }).click();
    await expect.poll(() => page.getByTestId('live-bet-row').count()).toBe(1);
    await shot(page, 'blackjack-finished-desktop');

    await page.getByRole('button', { name: 'Provably Fair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provably Fair' });
    await expect.poll(() => dialog.getByTestId('seed-nonce').textContent()).toBe('1');
    await page.keyboard.press('Escape');

    // reveal the pair, then the verifier page replays every card of the hand from the seeds
    const shown = async (testId: string) =>
      (
        await page
          .getByTestId(testId)
          .locator('[data-card]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))
      ).join(' ');
    const hand0 = await shown('bj-hand-0');
    const hand1 = await shown('bj-hand-1');
    const dealer = await shown('bj-dealer');
    const r = await site.server.api<{ clientSeed: string }>(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'after-hand' },
      user.token,
    );
    expect(r.status).toBe(200);
    const pair = await site.server.site.ctx.db
      .selectFrom('seed_pairs')
      .select(['server_seed', 'client_seed'])
      .where('user_id', '=', user.id)
      .where('status', '=', 'revealed')
      .orderBy('id', 'desc') // the pair of the hand, not the default one rotated away to steer
      .executeTakeFirstOrThrow();
    await page.goto('/provably-fair?tab=blackjack');
    const field = (label: string) => page.getByRole('textbox', { name: label, exact: true });
    await field('Server Seed').fill(pair.server_seed);
    await field('Client Seed').fill(pair.client_seed);
    await field('Nonce').fill('0');
    await field('Actions').fill('split, double, stand');
    const result = page.getByTestId('pf-result');
    await expect.poll(() => result.textContent()).toContain(hand0);
    const text = (await result.textContent()) ?? '';
    expect(text).toContain(hand1);
    expect(text).toContain(dealer);
    await shot(page, 'blackjack-verifier-desktop');
  });

  it('on a phone: deal, hit with the button, stand; a reload resumes the open hand', async () => {
    const { page, cards } = await player(
      10,
      (c) => plain(c) && handTotal([c[0] as number, c[2] as number, c[4] as number]).total < 21,
      { phone: true },
    );
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('2.00');
    await page.getByTestId('bj-bet').click();
    await expect.poll(() => page.getByTestId('bj-hit').isEnabled()).toBe(true);
    await shot(page, 'blackjack-deal-phone');
    await page.getByTestId('bj-hit').click();
    await expect.poll(() => page.getByTestId('bj-hand-0').getByTestId('bj-card').count()).toBe(3);
    await page.reload();
    await expect
      .poll(() => page.getByTestId('bj-hand-0').getByTestId('bj-card').count(), { timeout: 10_000 })
      .toBe(3);
    expect(await page.getByTestId('bj-card-back').count()).toBe(1);
    expect(cards.length).toBeGreaterThan(4);
    await expect.poll(() => page.getByTestId('bj-stand').isEnabled()).toBe(true);
    await page.getByTestId('bj-stand').click();
    await page.getByTestId('bj-outcome').waitFor();
    await shot(page, 'blackjack-finished-phone');
  });

  it('insurance is offered under an ace and taken with the I hotkey', async () => {
    const { page } = await player(
      10,
      (c) => isAce(c[1] as number) && cardPoints(c[0] as number) + cardPoints(c[2] as number) < 21,
    );
    await expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe('10.00');
    await page.getByLabel('Bet Amount').fill('2.00');
    await page.getByTestId('bj-bet').click();
    await page.getByTestId('bj-insurance').waitFor();
    expect(await page.getByTestId('bj-hit').isDisabled()).toBe(true);
    await shot(page, 'blackjack-insurance-desktop');
    await page.keyboard.press('i');
    await expect.poll(() => page.getByTestId('bj-insurance').count()).toBe(0);
    // the hand goes on (the dealer had no blackjack) or ended on the dealer's blackjack
    await expect
      .poll(
        async () =>
          (await page.getByTestId('bj-outcome').count()) +
          ((await page.getByTestId('bj-hit').isEnabled()) ? 1 : 0),
      )
      .toBe(1);
  });
});

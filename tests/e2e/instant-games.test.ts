import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextEvent } from '../../apps/server/src/test-support/server.ts';
import { type Site, startSite } from './support/site.ts';

/** Dice, limbo and mines as a person plays them, with the live feed and the Provably Fair dialog. */
describe('instant games in the browser', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  /** A funded player on a page already signed in (the app reads the token from localStorage). */
  async function player(coins: number, path: string, opts: { phone?: boolean } = {}) {
    const user = await site.server.newUser();
    if (coins > 0) await site.fund(user.id, coins);
    const { context, page } = await site.newPage({ phone: opts.phone });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), user.token);
    await page.goto(path);
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    return { user, page };
  }
  const balance = (page: Page) => page.getByTestId('balance').first();
  /** Screenshots once the page has settled (fade-in, count-ups), so they show what a person sees. */
  async function shot(page: Page, name: string) {
    await site.settledShot(page, name);
  }
  const settledBalance = (page: Page, expected: string) =>
    expect.poll(() => balance(page).textContent(), { timeout: 5000 }).toBe(expected);

  /** The open mines game's board, read from the database (it never reaches the client). */
  async function openMines(userId: number): Promise<number[]> {
    const row = await site.server.site.ctx.db
      .selectFrom('bets')
      .select('outcome')
      .where('user_id', '=', userId)
      .where('game', '=', 'mines')
      .where('status', '=', 'open')
      .executeTakeFirstOrThrow();
    return (row.outcome as { mines: number[] }).mines;
  }

  it('dice: a bet locks the button, shows the roll, moves the balance and lands in the feed', async () => {
    const { page } = await player(10, '/dice');
    await settledBalance(page, '10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    await expect.poll(() => page.getByTestId('dice-profit').textContent()).toBe('0.98');
    // the slider ends where a win still pays more than the stake at the 1 % edge, and says why
    const slider = page.getByRole('slider', { name: 'Roll under' });
    expect(await slider.getAttribute('max')).toBe('98.99');
    expect(await page.getByTestId('dice-range-hint').textContent()).toBe(
      'Roll under 0.10 to 98.99: above 98.99 a win would pay back no more than the stake at the 1% house edge.',
    );
    await page.getByTestId('dice-roll-under').fill('99.5');
    await page.getByTestId('dice-bet').focus();
    await expect.poll(() => page.getByTestId('dice-roll-under').inputValue()).toBe('98.99');
    await expect.poll(() => page.getByTestId('dice-multiplier').inputValue()).toBe('1.0001');
    await shot(page, 'instant-dice-range-desktop');
    // the linked fields follow each other: roll under 25 pays 3.9600x
    await page.getByTestId('dice-roll-under').fill('25');
    await expect.poll(() => page.getByTestId('dice-multiplier').inputValue()).toBe('3.9600');
    await expect.poll(() => page.getByTestId('dice-chance').inputValue()).toBe('25.00');
    await page.getByTestId('dice-multiplier').fill('2');
    await page.getByTestId('dice-bet').focus();
    await expect.poll(() => page.getByTestId('dice-roll-under').inputValue()).toBe('49.50');
    await expect.poll(() => page.getByTestId('dice-profit').textContent()).toBe('1.00');

    // the 350 ms lock: seen by the page itself, so a slow test process cannot look after it ended
    const locked = page.getByTestId('dice-bet').evaluate(
      (el) =>
        new Promise<boolean>((resolve) => {
          const button = el as HTMLButtonElement;
          const seen = new MutationObserver(() => {
            if (!button.disabled) return;
            seen.disconnect();
            resolve(true);
          });
          seen.observe(button, { attributes: true, attributeFilter: ['disabled'] });
          setTimeout(() => {
            seen.disconnect();
            resolve(button.disabled);
          }, 10_000);
        }),
    );
    await page.getByTestId('dice-bet').click();
    expect(await locked).toBe(true);
    const rolls = page.getByRole('list', { name: 'Recent rolls' }).getByRole('listitem');
    await rolls.first().waitFor();
    const won = (await page.getByText(/you won|no luck/).textContent())?.includes('you won');
    await settledBalance(page, won ? '11.00' : '9.00');
    await expect.poll(() => page.getByTestId('dice-bet').isEnabled()).toBe(true);
    await page.getByRole('tab', { name: 'My bets' }).click();
    await expect.poll(() => page.getByTestId('live-bet-row').count()).toBe(1);
    // the feed shows profit (payout − stake) coloured by its sign: 2.00 back on 1.00 is +1.00
    const profit = page.getByRole('tabpanel').getByTestId('live-bet-profit').first();
    expect(await profit.textContent()).toBe(won ? '+1.00' : '-1.00');
    expect(await profit.getAttribute('data-tone')).toBe(won ? 'win' : 'loss');
    await shot(page, 'instant-dice-desktop');

    await page.getByRole('button', { name: 'Provably Fair' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provably Fair' });
    await expect.poll(() => dialog.getByTestId('seed-nonce').textContent()).toBe('1');
    await expect.poll(() => dialog.getByTestId('server-seed-hash').textContent()).toMatch(/^[0-9a-f]{64}$/);
    await shot(page, 'instant-fairness-dialog');
  });

  it('dice: a refused bet shows the server sentence and keeps the button off until an input changes', async () => {
    const { page } = await player(1, '/dice');
    await page.getByLabel('Bet Amount').fill('5.00');
    await page.getByTestId('dice-bet').click();
    await page.getByText("You don't have enough balance.").waitFor();
    await expect.poll(() => page.getByTestId('dice-bet').isDisabled()).toBe(true);
    await page.getByLabel('Half the amount').click();
    await expect.poll(() => page.getByTestId('dice-bet').isEnabled()).toBe(true);
    await settledBalance(page, '1.00');
  });

  it('the max profit is shown under each game; a limbo bet above it is refused with the sentence', async () => {
    const { page } = await player(10, '/limbo');
    await settledBalance(page, '10.00');
    const note = page.getByTestId('max-profit-note');
    await expect
      .poll(() => note.textContent())
      .toBe('Max profit per bet: 1,000.00. A bet that could win more is refused.');
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByLabel('Target Multiplier').fill('1000000');
    await expect.poll(() => page.getByTestId('limbo-profit').textContent()).toBe('999999.00');
    await expect.poll(() => note.getAttribute('class')).toContain('text-red-400');
    await page.getByTestId('limbo-bet').click();
    await page
      .getByText(
        'This bet could win 999,999.00, above the maximum profit of 1,000.00 per bet. Lower the amount or the multiplier.',
      )
      .waitFor();
    await shot(page, 'instant-limbo-max-profit');
    await settledBalance(page, '10.00');
    for (const [path, text] of [
      ['/dice', 'Max profit per bet: 1,000.00. A bet that could win more is refused.'],
      ['/mines', 'Max profit per game: 1,000.00. A game reaching it is cashed out for you.'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.getByTestId('max-profit-note').textContent()).toBe(text);
    }
    await shot(page, 'instant-mines-max-profit');
  });

  it('limbo: the result counts up, turns green or red, and the balance follows', async () => {
    const { page } = await player(10, '/limbo');
    await settledBalance(page, '10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    const target = page.getByLabel('Target Multiplier');
    await target.fill('');
    await target.pressSequentially('2a.5x0'); // numeric only: the letters never arrive
    expect(await target.inputValue()).toBe('2.50');
    await expect.poll(() => page.getByTestId('limbo-profit').textContent()).toBe('1.50');
    await target.fill('2');
    await page.getByTestId('limbo-bet').click();
    await expect
      .poll(() => page.getByTestId('limbo-result').getAttribute('data-state'), { timeout: 5000 })
      .toMatch(/^(win|lose)$/);
    const won = (await page.getByTestId('limbo-result').getAttribute('data-state')) === 'win';
    await settledBalance(page, won ? '11.00' : '9.00');
    await shot(page, 'instant-limbo-desktop');
  });

  it('mines: reveal a gem, resume after a reload, cash out, then hit a mine', async () => {
    const { user, page } = await player(10, '/mines');
    await settledBalance(page, '10.00');
    await page.getByLabel('Bet Amount').fill('1.00');
    await page.getByLabel('Mines', { exact: true }).selectOption('3');
    await page.getByTestId('mines-bet').click();
    await page.getByTestId('mines-cashout').waitFor();
    const mines = await openMines(user.id);
    const safe = [...Array(25).keys()].find((i) => !mines.includes(i)) ?? 0;
    await page.getByRole('button', { name: `Tile ${safe + 1}`, exact: true }).click();
    await page.getByRole('button', { name: `Tile ${safe + 1}: gem` }).waitFor();
    await expect.poll(() => page.getByTestId('mines-profit').textContent()).toBe('0.12'); // 1.1250x
    await shot(page, 'instant-mines-playing');

    // a reload resumes the open game from GET /api/mines/me
    await page.reload();
    await page.getByTestId('mines-cashout').waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: `Tile ${safe + 1}: gem` }).waitFor();
    await page.getByTestId('mines-cashout').click();
    await page.getByText('Cashout successful!').waitFor();
    await expect.poll(() => page.locator('[data-state="mine"]').count()).toBe(3);
    await settledBalance(page, '10.12');
    await shot(page, 'instant-mines-cashout');

    await page.getByTestId('mines-bet').click();
    await page.getByTestId('mines-cashout').waitFor();
    const [mine = 0] = await openMines(user.id);
    await page.getByRole('button', { name: `Tile ${mine + 1}`, exact: true }).click();
    await page.getByText('You revealed a mine! Game over.').waitFor();
    await page.getByRole('button', { name: `Tile ${mine + 1}: mine` }).waitFor();
    await expect.poll(() => page.locator('[data-state="mine"]').count()).toBe(3);
    await page.getByTestId('mines-bet').waitFor();
    await settledBalance(page, '9.12');
    await shot(page, 'instant-mines-bust');
  });

  it("the live feed shows another player's bet as it happens", async () => {
    const { page } = await player(0, '/dice');
    await page.getByText('No bets yet. Be the first!').or(page.getByTestId('live-bet-row').first()).waitFor();
    const before = await page.getByTestId('live-bet-row').count();
    const other = await site.server.newUser();
    await site.fund(other.id, 5);
    const socket = await site.server.socket('dice', other.token);
    const result = nextEvent(socket, 'dice:result');
    socket.emit('dice:bet', { amount: 0.5, multiplier: 2, rangeData: 50 });
    await result;
    await page.getByTestId('live-bet-row').filter({ hasText: other.username }).first().waitFor();
    expect(await page.getByTestId('live-bet-row').count()).toBe(Math.min(before + 1, 10));
    await page.getByRole('tab', { name: 'My bets' }).click();
    await page.getByText('You have no bets here yet.').waitFor();
  });

  it('signed out: the screens show a sign-in prompt; phones get the stacked layout', async () => {
    const { page } = await site.newPage();
    await page.goto('/dice');
    await page.getByRole('button', { name: 'Sign in to play' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('dice-bet').count()).toBe(0);
    await page.getByRole('button', { name: 'Provably Fair' }).click();
    await page
      .getByRole('dialog', { name: 'Provably Fair' })
      .getByText('Sign in to see your seed pair.')
      .waitFor();
    await page.keyboard.press('Escape');
    await shot(page, 'instant-dice-signed-out');

    const phone = await player(10, '/limbo', { phone: true });
    await phone.page.getByTestId('limbo-bet').waitFor();
    await shot(phone.page, 'instant-limbo-phone');
    await phone.page.goto('/Mines');
    await phone.page.getByTestId('mines-bet').waitFor({ timeout: 20_000 });
    await shot(phone.page, 'instant-mines-phone');
    await phone.page.goto('/dice');
    await phone.page.getByTestId('dice-bet').waitFor({ timeout: 20_000 });
    await phone.page.getByTestId('dice-range-hint').scrollIntoViewIfNeeded();
    await shot(phone.page, 'instant-dice-phone');
  });
});

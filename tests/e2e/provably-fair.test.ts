import { chainSeedForGame, verifyOutcome } from '@coinsite/shared/fairness';
import type { Page } from 'playwright-core';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

/** fairness.md §3 test vectors. */
const SS1 = '8f387bbeb37e9c65de31a34c4bef2ed95111dab4be3668872c669e85171230d7';
const CRASH_GAME_1 = 'ef4427e541f4fa32fcfa70d91e7e915ba078b8ad528cb1eb293007cb06e91c2d';
const CRASH_SALT = '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4';

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/** The fairness page as a person uses it: seeds, rotation, history and the verifiers. */
describe('provably fair page in the browser', () => {
  let site: Site;
  const chainLength = process.env.ROUND_CHAIN_LENGTH;
  beforeAll(async () => {
    // short chains: generated in a moment, and the chain check below walks few hashes
    process.env.ROUND_CHAIN_LENGTH = '300';
    site = await startSite();
  });
  afterAll(async () => {
    if (chainLength === undefined) delete process.env.ROUND_CHAIN_LENGTH;
    else process.env.ROUND_CHAIN_LENGTH = chainLength;
    await site?.close();
  });

  async function signedIn(token: string, path: string): Promise<Page> {
    const { context, page } = await site.newPage();
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto(path);
    await page.getByLabel('Account menu').waitFor({ timeout: 20_000 });
    return page;
  }
  /** The verifier's result as label → value. */
  async function resultLines(page: Page): Promise<Record<string, string>> {
    const lines = page.getByTestId('pf-result').getByTestId('pf-line');
    const out: Record<string, string> = {};
    for (const line of await lines.all()) {
      const label = (await line.locator('dt').textContent()) ?? '';
      out[label] = (await line.locator('dd').textContent()) ?? '';
    }
    return out;
  }
  const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

  it('changes the client seed, lists the old pair and verifies a real dice roll from it', async () => {
    const u = await site.server.newUser();
    await site.fund(u.id, 10);
    const dice = await site.server.socket('dice', u.token);
    const result = next<{ diceresult: number }>(dice, 'dice:result');
    dice.emit('dice:bet', { amount: 1, rangeData: 50 });
    const { diceresult } = await result;

    const page = await signedIn(u.token, '/provably-fair');
    const hash = page.getByTestId('pf-current-hash');
    await hash.waitFor();
    const oldHash = await hash.textContent();
    const oldClientSeed = await field(page, 'Client Seed').inputValue();
    expect(await page.getByTestId('pf-nonce').textContent()).toBe('1');
    const nextHash = await page.getByTestId('pf-next-hash').textContent();
    await site.shot(page, 'provably-fair-seeds');

    await field(page, 'Client Seed').fill('browser-seed-42');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByText('Successfully changed your client seed!').waitFor();
    // the committed next seed is now the current one; the old pair is revealed in the history
    await expect.poll(() => hash.textContent()).toBe(nextHash);
    const row = page.getByTestId('pf-history-row').first();
    await row.waitFor();
    expect(await row.textContent()).toContain(oldHash);
    expect(await row.textContent()).toContain(oldClientSeed);
    expect(await page.getByLabel('Hash matches').count()).toBe(1);
    await site.shot(page, 'provably-fair-history');

    const history = await site.server.api<{ history: Array<{ serverSeed: string; clientSeed: string }> }>(
      'GET',
      '/api/provably-fair/history',
      undefined,
      u.token,
    );
    const revealed = history.body.history[0];
    if (!revealed) throw new Error('no revealed pair');

    await page.getByRole('tab', { name: 'Dice' }).click();
    await page.getByLabel('Fill from a revealed seed pair').selectOption({ index: 1 });
    await expect.poll(() => field(page, 'Server Seed').inputValue()).toBe(revealed.serverSeed);
    expect(await field(page, 'Client Seed').inputValue()).toBe(oldClientSeed);
    const expected = verifyOutcome({
      game: 'dice',
      serverSeed: revealed.serverSeed,
      clientSeed: revealed.clientSeed,
      nonce: 0,
      target: 50,
      edgePct: 1,
    });
    await expect
      .poll(() => resultLines(page))
      .toEqual(Object.fromEntries(expected.map((l) => [l.label, l.value])));
    // the roll the server made for the real bet is the one the page derives
    expect((await resultLines(page)).Roll).toBe(diceresult.toFixed(2));
    await site.shot(page, 'provably-fair-dice-verifier');
  });

  it('refuses a seed change while a mines game is open', async () => {
    const u = await site.server.newUser();
    await site.fund(u.id, 5);
    const mines = await site.server.socket('mines', u.token);
    const started = next<string>(mines, 'mines:start');
    mines.emit('mines:bet', { amount: 1, minescount: 3 });
    await started;
    const page = await signedIn(u.token, '/provably-fair');
    await page.getByTestId('pf-current-hash').waitFor();
    await field(page, 'Client Seed').fill('not-now');
    await page.getByRole('button', { name: 'Change', exact: true }).click();
    await page.getByText("You can't change your seed while a mines game is in progress.").waitFor();
    expect(await page.getByTestId('pf-history-row').count()).toBe(0);
  });

  it("a case bet's Verify opens the case verifier with its case chosen and names the item (issue 28 item 8)", async () => {
    const u = await site.server.newUser();
    await site.fund(u.id, 10);
    const cases = await site.server.socket('cases', u.token);
    const opened = next<{ betId: string; caseResult: { name: string } }>(cases, 'cases:opened');
    cases.emit('cases:open', 'starter-crate');
    const { betId, caseResult } = await opened;
    // reveal the pair: the verifier then has every seed
    await site.server.api(
      'POST',
      '/api/provably-fair/update-seed',
      { newClientSeed: 'after the case' },
      u.token,
    );
    const page = await signedIn(u.token, `/bets/${betId}`);
    await page.getByTestId('bet-details').waitFor();
    await page.getByTestId('bet-verify').click();
    await page.waitForURL(/provably-fair\?tab=cases/);
    await expect
      .poll(() => page.getByLabel('Case opened').inputValue(), { timeout: 10_000 })
      .toBe('starter-crate');
    await expect
      .poll(async () => (await resultLines(page))['Item won'], { timeout: 10_000 })
      .toContain(caseResult.name);
    await site.settledShot(page, 'provably-fair-case-bet-desktop');
  });

  it('shows explanations and verifiers to visitors, with the published chain', async () => {
    const { page } = await site.newPage({ phone: true });
    await page.goto('/provably-fair');
    await page.getByText('Sign in to see your seeds').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('pf-current-hash').count()).toBe(0);
    await site.shot(page, 'provably-fair-signed-out-phone');

    await page.getByRole('tab', { name: 'Mines' }).click();
    await field(page, 'Server Seed').fill(SS1);
    await field(page, 'Client Seed').fill('my-client-seed');
    await field(page, 'Nonce').fill('5');
    await expect.poll(async () => (await resultLines(page))['Mines (draw order)']).toBe('2, 7, 22');
    await site.shot(page, 'provably-fair-mines-phone');

    // the case verifier names the item the ticket wins, from the chosen case's table (issue 14 item 9)
    await page.goto('/provably-fair?tab=cases');
    await field(page, 'Server Seed').fill(SS1);
    await field(page, 'Client Seed').fill('my-client-seed');
    await field(page, 'Nonce').fill('5');
    await expect
      .poll(async () => (await resultLines(page))['Item won'])
      .toBe('Choose the case to name the item');
    await page.getByLabel('Case opened').selectOption({ label: 'Starter Crate · 1.00' });
    const ticket = Number((await resultLines(page)).Ticket);
    const won = await site.server.site.ctx.db
      .selectFrom('case_items as i')
      .innerJoin('cases as c', 'c.id', 'i.case_id')
      .select(['i.name'])
      .where('c.slug', '=', 'starter-crate')
      .where('i.tickets_start', '<=', ticket)
      .where('i.tickets_end', '>=', ticket)
      .executeTakeFirstOrThrow();
    await expect.poll(async () => (await resultLines(page))['Item won']).toContain(won.name);
    await site.shot(page, 'provably-fair-case-item-phone');

    await page.goto('/provably-fair?tab=crash');
    await field(page, 'Private Seed').fill(CRASH_GAME_1);
    await field(page, 'Public Seed (salt)').fill(CRASH_SALT);
    await expect.poll(async () => (await resultLines(page))['Crash point']).toBe('2.91x');

    // the chain published by the server, and a seed of it found by hashing up to its terminating hash
    const crashChain = () =>
      site.server.site.ctx.db
        .selectFrom('round_chains')
        .select(['id', 'secret', 'length', 'terminal_hash'])
        .where('game', '=', 'crash')
        .where('status', '=', 'current')
        .executeTakeFirst();
    await expect.poll(crashChain, { timeout: 20_000 }).toBeTruthy();
    const row = await crashChain();
    if (!row) throw new Error('no crash chain published');
    await page.reload();
    await page.getByTestId('pf-chain').first().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('pf-chain').first().textContent()).toContain(row.terminal_hash);
    await field(page, 'Private Seed').fill(chainSeedForGame(row.secret, row.length, 7));
    await field(page, 'Public Seed (salt)').fill(CRASH_SALT);
    await page.getByRole('button', { name: 'Find this round in the published chain' }).click();
    await page.getByText(`This seed is round #7 of chain #${row.id}`).waitFor();
    await site.shot(page, 'provably-fair-crash-phone');
  });
});

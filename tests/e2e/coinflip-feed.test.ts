import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Site, startSite } from './support/site.ts';

function next<T>(socket: Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (payload: T) => resolve(payload)));
}

/**
 * Issue 28 item 6: a decided coinflip's players are rows of the live feed (under the coinflip page
 * too), and a row opens its bet like an instant game's: /bets/coinflip-<flip>-<seat>, with the flip's
 * seed and EOS block and a Verify link into the coinflip verifier.
 */
describe('coinflip bets in the live feed', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(() => site?.close());

  it('a flip against the bot is a feed row that opens its bet page', async () => {
    const p = await site.server.newUser();
    await site.fund(p.id, 10);
    const socket = await site.server.socket('coinflip', p.token);
    const created = next<string>(socket, 'coinflip:created');
    socket.emit('coinflip:create', { amount: 2, side: 'heads' });
    const flipId = Number(await created);
    await new Promise((r) => setTimeout(r, 20)); // the spacing rule between two events of a socket
    socket.emit('coinflip:callbot', String(flipId));
    const db = site.server.site.ctx.db;
    const flip = () =>
      db
        .selectFrom('coinflips')
        .select(['status', 'payout', 'winner_id', 'server_seed', 'block_id'])
        .where('id', '=', flipId)
        .executeTakeFirstOrThrow();
    await expect.poll(async () => (await flip()).status, { timeout: 45_000, interval: 250 }).toBe('finished');
    const done = await flip();
    const paid = done.winner_id === p.id ? done.payout : 0;

    const watcher = await site.server.newUser();
    const page = await site.signedIn(watcher.token, '/coinflip');
    const feed = page.getByRole('region', { name: 'Live bets' });
    await expect.poll(() => feed.textContent(), { timeout: 15_000 }).toContain(p.username);
    await feed
      .getByTestId('live-bet-row')
      .filter({ hasText: p.username })
      .getByTestId('live-bet-open')
      .click();
    const dialog = page.getByRole('dialog', { name: `Bet #coinflip-${flipId}-1` });
    await dialog.getByTestId('bet-details').waitFor();
    expect(await dialog.getByTestId('bet-details-payout').textContent()).toBe((paid / 100).toFixed(2));
    expect(await dialog.getByTestId('bet-outcome-side').textContent()).toBe('heads');
    expect(await dialog.getByTestId('bet-server-seed').textContent()).toBe(done.server_seed);
    const href = (await dialog.getByTestId('bet-verify').getAttribute('href')) ?? '';
    expect(href).toContain('tab=coinflip');
    expect(href).toContain(`serverSeed=${done.server_seed}`);
    expect(href).toContain(`blockId=${done.block_id}`);
    await site.settledShot(page, 'coinflip-bet-dialog-desktop');

    await page.goto(`/bets/coinflip-${flipId}-1`);
    await page.getByTestId('bet-details').waitFor();
    expect(await page.getByTestId('bet-details-id').textContent()).toBe(`coinflip-${flipId}-1`);
    // the verifier re-derives the side from the linked seeds
    await page.getByTestId('bet-verify').click();
    await page.waitForURL(/provably-fair\?tab=coinflip/);
    await expect
      .poll(() => page.getByTestId('pf-result').textContent(), { timeout: 10_000 })
      .toMatch(/heads|tails/i);
    socket.disconnect();
  });
});

import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshStats } from '../../apps/server/src/backoffice/stats.rollup.ts';
import { realWins } from '../../apps/server/src/backoffice/backoffice-test-kit.ts';
import { recordLedgerCheck } from '../../apps/server/src/backoffice/stats.loop.ts';
import { quickUser } from '../../apps/server/src/economy/rewards/rewards-test-kit.ts';
import { muteUser } from '../../apps/server/src/chat/chat.service.ts';
import { placeBet } from '../../apps/server/src/games/engine/bet-engine.ts';
import type { Ctx } from '../../apps/server/src/platform/context.ts';
import { inTransaction } from '../../apps/server/src/platform/tx.ts';
import { type Site, startSite } from './support/site.ts';

const DAY_MS = 86_400_000;

/** Two weeks of play, deposits and bonuses, most of it written straight into past days. */
async function seed(ctx: Ctx): Promise<{ users: number[]; linked: Record<string, string> }> {
  const users: number[] = [];
  for (let i = 0; i < 8; i++) users.push((await quickUser(ctx)).id);
  const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
  let k = 0;
  let r = 7;
  const rand = () => {
    r = (r * 16807) % 2147483647;
    return r / 2147483647;
  };
  for (let d = 13; d >= 1; d--)
    for (const u of users) {
      const at = new Date(today - d * DAY_MS + Math.floor(rand() * DAY_MS));
      const rows: Array<[number, string, string]> = [
        [20_000 + Math.floor(rand() * 30_000), 'deposit', `e2e-dep:${randomUUID()}`],
      ];
      for (let b = 0; b < 12; b++) {
        const game = ['crash', 'roulette', 'coinflip'][b % 3] as string;
        const stake = 100 + Math.floor(rand() * 2000);
        rows.push([-stake, 'bet', `${game}:bet:${700_000 + k}`]);
        if (rand() < 0.47)
          rows.push([Math.floor(stake * 2 * (0.9 + rand() * 0.2)), 'win', `${game}:win:${700_000 + k}`]);
        k++;
      }
      if (rand() < 0.5) rows.push([200 + Math.floor(rand() * 800), 'rakeback', `e2e-rb:${randomUUID()}`]);
      if (rand() < 0.3) rows.push([500, 'coupon', `e2e-cp:${randomUUID()}`]);
      if (rand() < 0.3)
        rows.push([-(5000 + Math.floor(rand() * 5000)), 'withdraw', `e2e-wd:${randomUUID()}`]);
      for (const [delta, kind, key] of rows)
        await sql`WITH u AS (UPDATE users SET balance = balance + ${delta} WHERE id = ${u} AND balance + ${delta} >= 0
            RETURNING balance)
          INSERT INTO ledger_entries (user_id, delta, balance_after, kind, ref, idempotency_key, created_at)
          SELECT ${u}, ${delta}, balance, ${kind}, NULL, ${key}, ${at} FROM u`.execute(ctx.db);
    }
  for (const u of users) {
    await inTransaction(ctx.db, (unit) =>
      ctx.wallet.apply(unit, {
        userId: u,
        delta: 50_000,
        kind: 'deposit',
        idempotencyKey: `e2e-dep:${randomUUID()}`,
      }),
    );
    for (let b = 0; b < 5; b++) {
      const win = rand() < 0.5;
      await placeBet(ctx, { user: { id: u, username: 'p', avatar: '' }, game: 'dice', stake: 500 }, () => ({
        payout: win ? 990 : 0,
        multiplier: win ? 19_800 : 0,
        outcome: { test: true },
      }));
    }
  }
  // a real bet of each bet page kind heads its game's biggest wins (crash, roulette, coinflip, slots, battles)
  const linked = await realWins(ctx, users[0] as number, users[1] as number);
  await refreshStats(ctx.db, { rebuild: true });
  await recordLedgerCheck(ctx);
  return { users, linked };
}

describe('back office and transparency page in the browser', () => {
  let site: Site;
  let admin: string;
  let users: number[];
  let linked: Record<string, string>;
  beforeAll(async () => {
    site = await startSite();
    admin = await site.adminToken();
    ({ users, linked } = await seed(site.server.site.ctx));
  }, 120_000);
  afterAll(() => site?.close());
  const open = async (token: string | null, path: string, phone = false): Promise<Page> => {
    const { context, page } = await site.newPage({ phone });
    if (token) await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    await page.goto(path);
    return page;
  };

  it('shows the overview tiles and charts to an admin, the games and a player with a new note', async () => {
    const page = await open(admin, '/admin/overview');
    const tiles = page.getByTestId('overview-tiles');
    await tiles.waitFor({ timeout: 40_000 });
    await expect.poll(() => tiles.getByText('GGR').count()).toBe(1);
    // five charts, each a uPlot canvas
    await expect.poll(() => page.locator('.uplot canvas').count(), { timeout: 15_000 }).toBe(5);
    await expect.poll(() => page.getByTestId('health-tile').getByText('Ledger check clean').count()).toBe(1);
    await page.getByRole('button', { name: '30 d' }).click();
    await page.waitForTimeout(300);
    await site.settledShot(page, 'backoffice-overview');
    await page.locator('figure').nth(3).scrollIntoViewIfNeeded();
    await site.settledShot(page, 'backoffice-charts');

    await page.getByRole('tab', { name: 'Games' }).click();
    const table = page.getByRole('table', { name: 'Games' });
    await table.waitFor();
    for (const game of ['crash', 'roulette', 'coinflip', 'dice'])
      expect(await table.getByRole('cell', { name: game, exact: true }).count()).toBe(1);
    await site.settledShot(page, 'backoffice-games');
    // each game's biggest win links to its bet page; a crash round bet's opens it
    for (const [game, id] of Object.entries(linked)) {
      const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: game, exact: true }) });
      expect(await row.locator(`a[href="/bets/${id}"]`).count(), game).toBe(1);
    }
    await table.locator(`a[href="/bets/${linked.crash}"]`).click();
    await page.getByRole('heading', { name: `Bet #${linked.crash}` }).waitFor();
    await expect.poll(() => page.getByTestId('bet-details-payout').textContent()).toMatch(/5,?000/);
    await site.settledShot(page, 'backoffice-win-bet-page');
    await page.goBack();
    await page.getByRole('tab', { name: 'Player' }).waitFor();

    // a chat mute set from the chat shows in the player view, with who set it
    const ctx = site.server.site.ctx;
    const staff = await sql<{ id: string; username: string }>`
      SELECT id, username FROM users WHERE rank >= 5 ORDER BY id LIMIT 1`.execute(ctx.db);
    await muteUser(ctx, Number(staff.rows[0]?.id), users[0] as number, 30);
    await page.getByRole('tab', { name: 'Player' }).click();
    await page.getByLabel('Name, email or id').fill(String(users[0]));
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: new RegExp(`#${users[0]}$`) }).click();
    const view = page.getByTestId('player-view');
    await view.waitFor();
    await page.getByLabel('New note').fill('Called about a slow withdrawal.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await view.getByText('Called about a slow withdrawal.', { exact: true }).waitFor();
    const mutes = view.getByTestId('chat-mutes');
    await mutes.getByText(new RegExp(`^Muted until .* · by ${staff.rows[0]?.username}$`)).waitFor();
    expect(await mutes.getByRole('table', { name: 'Chat mutes' }).getByRole('row').count()).toBe(2);
    await mutes.scrollIntoViewIfNeeded();
    await site.settledShot(page, 'backoffice-player-mutes');
    // the dialog's own actions, here too
    expect(await view.getByRole('button', { name: 'Ban', exact: true }).count()).toBe(1);
    expect(await view.getByRole('form', { name: /balance/ }).count()).toBe(1);
    const audited = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM admin_audit_log WHERE action = 'staff-note'`.execute(
      site.server.site.ctx.db,
    );
    expect(Number(audited.rows[0]?.n)).toBe(1);
    await site.settledShot(page, 'backoffice-player');
  });

  it('is usable on a phone, and refuses a player', async () => {
    const page = await open(admin, '/admin/overview', true);
    await page.getByTestId('overview-tiles').waitFor({ timeout: 40_000 });
    await expect.poll(() => page.locator('.uplot canvas').count(), { timeout: 15_000 }).toBe(5);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await site.settledShot(page, 'backoffice-overview-phone');

    const player = await site.server.newUser();
    const refused = await open(player.token, '/admin/overview');
    await refused.getByText('Only admins can view the back office.').waitFor({ timeout: 40_000 });
  });

  it('publishes every game’s realised RTP with its convergence chart, linked from the fairness page', async () => {
    const page = await open(null, '/provably-fair');
    await page.getByRole('link', { name: 'transparency page' }).click();
    const table = page.getByRole('table', { name: 'Return to player by game' });
    await table.waitFor({ timeout: 40_000 });
    expect(await table.getByRole('button', { name: 'crash' }).count()).toBe(1);
    await expect.poll(() => page.locator('.uplot canvas').count(), { timeout: 15_000 }).toBe(1);
    await site.settledShot(page, 'transparency');
    const phone = await open(null, '/transparency', true);
    await phone.getByRole('table', { name: 'Return to player by game' }).waitFor({ timeout: 40_000 });
    await expect.poll(() => phone.locator('.uplot canvas').count(), { timeout: 15_000 }).toBe(1);
    await site.settledShot(phone, 'transparency-phone');
  });
});

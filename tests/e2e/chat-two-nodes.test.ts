import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  startTwoNodes,
  type TestServer,
  type TwoNodes,
  twoNodesEnabled,
  waitForChatSockets,
} from '../../apps/server/src/test-support/server.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');

/**
 * Issue 10: two browsers chatting through two server nodes that share Redis (the Socket.IO
 * adapter) and one PostgreSQL database. Skipped without REDIS_URL and TEST_DATABASE_URL.
 */
describe.runIf(twoNodesEnabled)('chat across two nodes in two browsers', () => {
  let nodes: TwoNodes | undefined;
  let a: TestServer;
  let b: TestServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    nodes = await startTwoNodes({ SERVE_WEB: 'true' });
    ({ a, b } = nodes);
    // slow mode has its own tests; two quick lines here must both pass
    await a.site.ctx.db.updateTable('chat_settings').set({ slow_mode_ms: 0 }).execute();
    browser = await chromium.connect(inject('browserWsEndpoint'));
  }, 60_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close().catch(() => {});
    await nodes?.close();
  });

  async function chatter(server: TestServer) {
    const user = await server.newUser();
    await server.site.ctx.db
      .updateTable('users')
      .set({ wager: 1_000_000 })
      .where('id', '=', user.id)
      .execute();
    return user;
  }

  /** A page of `server` (its own origin, so its own node) signed in as `token`, rules agreed. */
  async function chatPage(server: TestServer, token: string): Promise<Page> {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
    });
    contexts.push(context);
    await context.addInitScript((t: string) => {
      window.localStorage.setItem('token', t);
      window.localStorage.setItem('chat-rules-agreed', 'true');
    }, token);
    const page = await context.newPage();
    await page.goto('/');
    await page.getByLabel('Account menu').waitFor({ timeout: 30_000 });
    await page.getByRole('textbox', { name: 'Chat message' }).waitFor();
    return page;
  }

  async function say(page: Page, text: string) {
    const input = page.getByRole('textbox', { name: 'Chat message' });
    await input.fill(text);
    await input.press('Enter');
    await expect.poll(() => input.inputValue()).toBe('');
  }

  const line = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

  it('a message sent on node A appears on node B, and the answer comes back', async () => {
    const [ua, ub] = [await chatter(a), await chatter(b)];
    const [pa, pb] = [await chatPage(a, ua.token), await chatPage(b, ub.token)];
    expect(new URL(pa.url()).port).toBe(String(a.port));
    expect(new URL(pb.url()).port).toBe(String(b.port));
    // the chat box shows before the page's socket has connected and authenticated: a line typed
    // sooner is refused on node A, or missed by node B; each node must see both players' sockets
    // (through the adapter, which also proves both nodes' Redis subscriptions are in place)
    await waitForChatSockets([a, b], [ua.id, ub.id]);

    await say(pa, `hello from node A ${ua.username}`);
    await line(pb, `hello from node A ${ua.username}`).waitFor({ timeout: 15_000 });
    await say(pb, `hello back from node B ${ub.username}`);
    await line(pa, `hello back from node B ${ub.username}`).waitFor({ timeout: 15_000 });
    // each line once on each page
    expect(await line(pa, `hello from node A ${ua.username}`).count()).toBe(1);
    expect(await line(pb, `hello back from node B ${ub.username}`).count()).toBe(1);

    // both panels show the site-wide count (two players + 10)
    for (const page of [pa, pb])
      await expect
        .poll(
          async () =>
            Number(
              await page
                .getByTestId('online-count')
                .textContent({ timeout: 1000 })
                .catch(() => ''),
            ),
          {
            timeout: 5_000,
          },
        )
        .toBeGreaterThanOrEqual(12);

    mkdirSync(SHOTS, { recursive: true });
    await pa.screenshot({ path: path.join(SHOTS, 'chat-two-nodes-a.png') });
    await pb.screenshot({ path: path.join(SHOTS, 'chat-two-nodes-b.png') });
  });
});

import type { ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { postMessage } from '../../apps/server/src/chat/chat.service.ts';
import { freePort, startRedis, stopRedis } from '../../apps/server/src/test-support/redis.ts';
import {
  startTwoNodes,
  type TestServer,
  type TwoNodes,
  twoNodesEnabled,
  waitForChatSockets,
} from '../../apps/server/src/test-support/server.ts';

const SHOTS = path.resolve(import.meta.dirname, '../../screenshots');

/**
 * Issue 26 item 10: a browser on node B while the nodes' Redis is away. Lines written on node A and
 * a trivia started there meanwhile never cross; once Redis is back node B tells the page to resync
 * and it shows them without a reload. Two nodes on one PostgreSQL and a Redis of the test's own.
 */
describe.runIf(twoNodesEnabled)('a page resyncs after a Redis outage', () => {
  let nodes: TwoNodes | undefined;
  let a: TestServer;
  let b: TestServer;
  let redis: ChildProcess | undefined;
  let port = 0;
  let browser: Browser;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    nodes = await startTwoNodes({ SERVE_WEB: 'true', REDIS_URL: `redis://127.0.0.1:${port}` });
    ({ a, b } = nodes);
    await a.site.ctx.db.updateTable('chat_settings').set({ slow_mode_ms: 0 }).execute();
    browser = await chromium.connect(inject('browserWsEndpoint'));
  }, 60_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close().catch(() => {});
    await nodes?.close();
    await stopRedis(redis);
  });

  async function chatter(server: TestServer, rank = 1) {
    const user = await server.newUser();
    await server.site.ctx.db
      .updateTable('users')
      .set({ wager: 1_000_000, rank })
      .where('id', '=', user.id)
      .execute();
    return user;
  }

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

  const line = (page: Page, text: string) => page.getByTestId('chat-message').filter({ hasText: text });

  it('the lines and the trivia of the outage appear on node B’s page once Redis is back', async () => {
    const [writer, admin, reader] = [await chatter(a), await chatter(a, 5), await chatter(b)];
    const page = await chatPage(b, reader.token);
    await waitForChatSockets([a, b], [reader.id]);
    const tag = writer.username;
    await postMessage(a.site.ctx, writer.id, `before the outage ${tag}`);
    await line(page, `before the outage ${tag}`).waitFor({ timeout: 15_000 });

    await stopRedis(redis);
    await vi.waitFor(
      () => {
        expect(a.site.redis?.link.isAway).toBe(true);
        expect(b.site.redis?.link.isAway).toBe(true);
      },
      { timeout: 5000 },
    );
    await postMessage(a.site.ctx, writer.id, `during the outage one ${tag}`);
    await postMessage(a.site.ctx, writer.id, `during the outage two ${tag}`);
    const trivia = await a.api(
      'PUT',
      '/api/external/v1/trivia/create',
      { question: 'Which ocean?', answer: 'Pacific', winnerAmount: 3, prize: 2 },
      admin.token,
    );
    expect(trivia.status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    expect(await line(page, `during the outage one ${tag}`).count()).toBe(0);
    expect(await page.getByTestId('trivia-panel').count()).toBe(0);

    redis = await startRedis(port);
    await line(page, `during the outage two ${tag}`).waitFor({ timeout: 20_000 });
    await line(page, `during the outage one ${tag}`).waitFor({ timeout: 1000 });
    await page.getByTestId('trivia-panel').waitFor({ timeout: 5000 });
    expect(await line(page, `during the outage one ${tag}`).count()).toBe(1);
    expect(await line(page, `before the outage ${tag}`).count()).toBe(1);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'redis-resync-b.png') });
  });
});

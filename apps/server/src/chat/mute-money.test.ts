import { chatText } from '@coinsite/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund, quickUser } from '../economy/rewards/rewards-test-kit.ts';
import { startQuietServer } from '../games/rounds/round-test-kit.ts';
import type { ManualClock } from '../platform/clock.ts';
import { DB_KINDS, nextEvent, type TestServer } from '../test-support/server.ts';

/**
 * Issue 26 item 10: a mute also stops what chat moves money with. A muted player cannot tip a player,
 * tip the rain or join the rain (docs/decisions/responsible-gaming.md); a tip TO a muted player still
 * arrives. Before, all three went through for a muted player.
 */
describe.each(DB_KINDS)('a muted player and money on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  const ctx = () => server.site.ctx;
  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db));
    await sql`UPDATE chat_settings SET tip_min_level = 1`.execute(ctx().db);
    await sql`UPDATE rain_settings SET min_level = 1, min_wager = 0, tip_min_level = 1`.execute(ctx().db);
    const now = clock.now();
    await sql`UPDATE rains SET status = 'paid' WHERE status = 'open'`.execute(ctx().db);
    await sql`INSERT INTO rains (base, opens_at, closes_at) VALUES (1000, ${now - 1000}, ${now + 600_000})`.execute(
      ctx().db,
    );
  }, 60_000);
  afterAll(() => server?.close());

  async function player(coins: number) {
    const p = await quickUser(ctx());
    if (coins > 0) await fund(ctx(), p.id, coins * 100);
    return p;
  }
  async function mute(userId: number, minutes: number) {
    await sql`INSERT INTO chat_mutes (user_id, until) VALUES (${userId}, ${new Date(clock.now() + minutes * 60_000)})`.execute(
      ctx().db,
    );
  }
  const balance = async (id: number) =>
    (await ctx().db.selectFrom('users').select('balance').where('id', '=', id).executeTakeFirstOrThrow())
      .balance;
  async function ask(token: string, event: string, args: unknown[], answers: string[]) {
    const s = await server.socket('chat', token);
    try {
      const got = Promise.race(answers.map((a) => nextEvent(s, a).then((v) => [a, v[0]] as const)));
      s.emit(event, ...args);
      return await got;
    } finally {
      s.disconnect();
    }
  }

  it('cannot tip a player, tip the rain or join the rain; nothing moves', async () => {
    const m = await player(10);
    const other = await player(10);
    await mute(m.id, 30);
    const muted = chatText.muted(30);
    expect(
      await ask(m.token, 'send-chat-message', [`/tip ${other.id} 1`], ['notify-error', 'notify-success']),
    ).toEqual(['notify-error', muted]);
    expect(
      await ask(m.token, 'send-chat-message', ['/tip-rain 1'], ['notify-error', 'notify-success']),
    ).toEqual(['notify-error', muted]);
    expect(await ask(m.token, 'enter-rain', [], ['rain-join-error', 'rain-join-success'])).toEqual([
      'rain-join-error',
      muted,
    ]);
    expect([await balance(m.id), await balance(other.id)]).toEqual([1000, 1000]);
    const joins = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM rain_joins WHERE user_id = ${m.id}`.execute(ctx().db);
    expect(Number(joins.rows[0]?.n)).toBe(0);
  });

  it('a tip to a muted player arrives; an unmuted player tips and joins as before', async () => {
    const m = await player(0);
    const tipper = await player(10);
    await mute(m.id, 30);
    const [event] = await ask(
      tipper.token,
      'send-chat-message',
      [`/tip ${m.id} 1`],
      ['notify-error', 'notify-success'],
    );
    expect(event).toBe('notify-success');
    expect([await balance(m.id), await balance(tipper.id)]).toEqual([100, 900]);
    expect((await ask(tipper.token, 'enter-rain', [], ['rain-join-error', 'rain-join-success']))[0]).toBe(
      'rain-join-success',
    );
  });
});

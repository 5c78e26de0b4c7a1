import {
  CHAT_EVENTS,
  type ChatSettingsView,
  chatText,
  type RainSettingsView,
  type SuspiciousRainJoin,
} from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatter, type Player } from '../games/rounds/round-test-kit.ts';
import { ManualClock } from '../platform/clock.ts';
import { DB_KINDS, nextEvent, startServer, type TestServer } from '../test-support/server.ts';
import { rainSettings } from './rain/rain.service.ts';

/** The admin dialog's chat and rain settings and its suspicious rain joins (issue 10). */
describe.each(DB_KINDS)('chat and rain settings on %s', (db) => {
  let server: TestServer;
  let admin: Player;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    server = await startServer({ db, clock: new ManualClock() });
    admin = await chatter(ctx(), { rank: 5 });
  });
  afterAll(() => server?.close());

  it('chat settings: economy.md defaults, admins change them, the change applies, audited', async () => {
    const path = '/api/external/v1/chat/settings';
    const got = await server.api<ChatSettingsView>('GET', path, undefined, admin.token);
    expect(got).toMatchObject({
      status: 200,
      body: {
        slowModeSeconds: 1.5,
        duplicateWindowSeconds: 30,
        minLevel: 2,
        tipMinLevel: 15,
        tipMin: 1,
        tipMax: 100,
      },
    });
    const p = await chatter(ctx());
    expect((await server.api('GET', path)).status).toBe(401);
    expect((await server.api('GET', path, undefined, p.token)).status).toBe(403);
    const body = { ...got.body, slowModeSeconds: '20', tipMax: '250.00' };
    expect((await server.api('PUT', path, body, p.token)).status).toBe(403);
    const bad: Array<[unknown, string]> = [
      [{ ...body, slowModeSeconds: -1 }, 'Slow mode cannot be negative.'],
      [{ ...body, slowModeSeconds: 1.25 }, 'Slow mode takes at most one decimal.'],
      [{ ...body, minLevel: 0 }, 'The chat level must be at least 1.'],
      [{ ...body, tipMin: 0 }, 'The minimum tip must be at least 0.01.'],
      [{ ...body, tipMin: 300 }, 'The maximum tip must be at least the minimum tip.'],
      [{ ...body, tipMax: 'lots' }, 'Amount must be a number.'],
      ['nope', 'Invalid request.'],
    ];
    for (const [b, error] of bad) {
      const res = await server.api<{ error: string }>('PUT', path, b, admin.token);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const put = await server.api<ChatSettingsView>('PUT', path, body, admin.token);
    expect(put).toMatchObject({ status: 200, body: { slowModeSeconds: 20, tipMax: 250 } });

    // 20 s of slow mode: a second line 5 s later is refused with the wait left
    const s = await server.socket('chat', p.token);
    const first = nextEvent(s, CHAT_EVENTS.newMessage);
    s.emit(CHAT_EVENTS.send, 'first line');
    await first;
    await new Promise((r) => setTimeout(r, 15)); // the socket layer's 10 ms event spacing, not chat time
    const refused = nextEvent(s, 'notify-error');
    s.emit(CHAT_EVENTS.send, 'second line');
    expect((await refused)[0]).toBe(chatText.slowMode(20_000));
    s.disconnect();

    const log = await server.api<Array<{ action: string; detail: unknown }>>(
      'GET',
      '/api/external/v1/audit-log?action=chat-settings',
      undefined,
      admin.token,
    );
    expect(log.body[0]).toMatchObject({ action: 'chat-settings' });
    await server.api('PUT', path, { ...got.body }, admin.token);
  });

  it('rain settings: defaults, bad input refused with a sentence, a change is stored in cents', async () => {
    const path = '/api/external/v1/rain/settings';
    const got = await server.api<RainSettingsView>('GET', path, undefined, admin.token);
    expect(got.body).toEqual({
      everyMinutes: 30,
      joinWindowSeconds: 120,
      basePot: 200,
      minLevel: 2,
      minWager: 5,
      tipMinLevel: 10,
      tipMin: 1,
      tipMax: 100,
    });
    const p = await chatter(ctx());
    expect((await server.api('PUT', path, got.body, p.token)).status).toBe(403);
    const bad: Array<[unknown, string]> = [
      [{ ...got.body, everyMinutes: 0 }, 'The rain cycle must be at least 1 minutes.'],
      [
        { ...got.body, everyMinutes: 1, joinWindowSeconds: 60 },
        'The join window must be shorter than the rain cycle.',
      ],
      [{ ...got.body, basePot: -5 }, 'Amount cannot be negative.'],
      [{ ...got.body, tipMinLevel: 2.5 }, 'The tip-rain level must be a whole number.'],
    ];
    for (const [b, error] of bad) {
      const res = await server.api<{ error: string }>('PUT', path, b, admin.token);
      expect(res.status, JSON.stringify(b)).toBe(400);
      expect(res.body.error).toBe(error);
    }
    const changed = {
      ...got.body,
      everyMinutes: '15',
      joinWindowSeconds: 90,
      basePot: '350.50',
      minWager: 12,
    };
    const put = await server.api<RainSettingsView>('PUT', path, changed, admin.token);
    expect(put.body).toMatchObject({ everyMinutes: 15, joinWindowSeconds: 90, basePot: 350.5, minWager: 12 });
    expect(await rainSettings(ctx().db)).toMatchObject({
      everyMs: 900_000,
      joinWindowMs: 90_000,
      basePot: 35_050,
      minWager: 1200,
    });
  });

  it('lists the suspicious rain joins (same address as another joiner) to admins only', async () => {
    const path = '/api/external/v1/rain/suspicious';
    const p = await chatter(ctx());
    expect((await server.api('GET', path, undefined, p.token)).status).toBe(403);
    const res = await server.api<SuspiciousRainJoin[]>('GET', path, undefined, admin.token);
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });
});

import type { CrashState, RouletteState } from '@coinsite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { EVERY_DB, startServer, type TestServer } from '../../test-support/server.ts';
import { type RoundLoops, roundLoopsOf } from './round-games.ts';
import { driveUntil, record } from './round-test-kit.ts';

process.env.ROUND_CHAIN_LENGTH = '40';

/**
 * Issue 28 item 9: crash and roulette share one row sequence (rounds.id), so the number a player saw
 * skipped; each game now numbers its own rounds from 1 (migration 0031), and what players are shown
 * carries that number.
 */
describe.each(EVERY_DB)('each game numbers its own rounds on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let loops: RoundLoops;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    clock = new ManualClock();
    server = await startServer({ db, clock });
    loops = roundLoopsOf(ctx());
  });
  afterAll(() => server?.close());

  it('crash and roulette rounds interleave in the table, yet each counts 1, 2, 3… and shows it', async () => {
    const watcher = await server.socket('roulette');
    const seen = record(watcher);
    const rows = () => ctx().db.selectFrom('rounds').select(['id', 'game', 'number']).orderBy('id').execute();
    const skips = (ids: number[]) => ids.some((id, i) => i > 0 && id !== (ids[i - 1] as number) + 1);
    const idsOf = (all: Awaited<ReturnType<typeof rows>>, game: string) =>
      all.filter((r) => r.game === game).map((r) => r.id);
    // both games open rounds on the one clock: run until roulette has rolled three, crash opened two,
    // and a crash round came between two roulette ones (on a loaded machine crash's loop, which this
    // drive does not wait for, can open its second round only after roulette's fourth)
    await driveUntil(clock, loops.roulette, async () => {
      const all = await rows();
      const roulette = idsOf(all, 'roulette');
      return roulette.length >= 4 && idsOf(all, 'crash').length >= 2 && skips(roulette);
    });
    const all = await rows();
    // the row ids are shared (so one game's ids skip) …
    expect(skips(idsOf(all, 'roulette'))).toBe(true);
    // … the numbers are each game's own
    for (const game of ['crash', 'roulette'] as const) {
      const numbers = all.filter((r) => r.game === game).map((r) => Number(r.number));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }

    // what the pages show: the history entries and the current round carry the number
    await driveUntil(clock, loops.roulette, async () => {
      const s = (await server.api<RouletteState>('GET', '/api/roulette')).body;
      return s.history.length >= 2;
    });
    const roulette = (await server.api<RouletteState>('GET', '/api/roulette')).body;
    const byId = new Map(all.map((r) => [String(r.id), Number(r.number)]));
    for (const h of roulette.history) expect(h.number, h._id).toBe(byId.get(h._id));
    expect(roulette.history.map((h) => h.number)).toEqual(
      roulette.history.map((_, i) => (roulette.history[0]?.number ?? 0) - i),
    );
    const current = roulette.current;
    expect(current?.number).toBe(
      Number(
        (
          await ctx()
            .db.selectFrom('rounds')
            .select('number')
            .where('id', '=', Number(current?._id))
            .executeTakeFirstOrThrow()
        ).number,
      ),
    );
    // the new-round event carries it as a 4th argument (the original client reads three)
    const newRounds = seen.filter((e) => e.event === 'new-round');
    expect(newRounds.length).toBeGreaterThan(0);
    for (const e of newRounds) expect(e.args[3]).toBe(byId.get(String(e.args[1])) ?? e.args[3]);

    const crash = (await server.api<CrashState>('GET', '/api/crash')).body;
    expect(crash.current?.number).toBeGreaterThanOrEqual(1);
    for (const h of crash.history) expect(typeof h.number).toBe('number');
    watcher.disconnect();
  });
});

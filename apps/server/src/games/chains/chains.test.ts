import { startQuietServer } from '../rounds/round-test-kit.ts';
import { chainHash, chainReachesTerminal, chainSeedForGame } from '@coinsite/shared/fairness';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManualClock } from '../../platform/clock.ts';
import { inTransaction } from '../../platform/tx.ts';
import { EVERY_DB, type TestServer } from '../../test-support/server.ts';
import { roundLoopsOf } from '../rounds/round-games.ts';
import type { Chains } from './chain.store.ts';
import type { PublicChain } from './chain.store.ts';

process.env.ROUND_CHAIN_LENGTH = '12';

describe.each(EVERY_DB)('hash chains on %s', (db) => {
  let server: TestServer;
  let clock: ManualClock;
  let chains: Chains;
  const ctx = () => server.site.ctx;

  beforeAll(async () => {
    ({ server, clock } = await startQuietServer(db));
    const loops = roundLoopsOf(ctx());
    chains = loops.chains;
  });
  afterAll(() => server?.close());

  /** Asks until the chain is usable, moving fake time so the announced salt block becomes final. */
  async function ready(game: 'crash' | 'roulette') {
    for (let i = 0; i < 100; i++) {
      if (await chains.ready(game)) return;
      await clock.advance(500);
    }
    throw new Error('chain never became ready');
  }

  it('publishes the terminal hash before game 1, then hands out h_{L−n} per game and rolls over', async () => {
    await ready('crash');
    const published = (
      await server.api<{ chains: PublicChain[] }>('GET', '/api/provably-fair/chains')
    ).body.chains.find((c) => c.game === 'crash');
    expect(published).toMatchObject({ game: 'crash', status: 'current', length: 12, gamesPlayed: 0 });
    expect(published?.salt).toMatch(/^[0-9a-f]{64}$/);
    const seeds: Array<{ chainId: number; gameNumber: number; privateSeed: string; privateHash: string }> =
      [];
    for (let n = 0; n < 20; n++) {
      await ready('crash');
      const seed = await inTransaction(ctx().db, async (unit) => {
        const s = await chains.nextSeed(unit, 'crash');
        if (!s) throw new Error('no seed');
        // the round row is what moves the chain on
        await unit.tx
          .insertInto('rounds')
          .values({
            game: 'crash',
            chain_id: s.chainId,
            game_number: s.gameNumber,
            private_hash: s.privateHash,
            private_seed: s.privateSeed,
            public_seed: s.publicSeed,
            result: 100,
            status: 'over',
            betting_ends_at: new Date(),
          })
          .execute();
        return s;
      });
      seeds.push(seed);
    }
    const rows = await ctx()
      .db.selectFrom('round_chains')
      .selectAll()
      .where('game', '=', 'crash')
      .orderBy('id')
      .execute();
    const [first, second] = rows;
    if (!first || !second) throw new Error('expected two chains');
    expect(first.status).toBe('used');
    expect(second.status).toBe('current');
    for (const s of seeds) {
      const chain = s.chainId === first.id ? first : second;
      expect(s.privateSeed).toBe(chainSeedForGame(chain.secret, 12, s.gameNumber));
      expect(chainHash(s.privateSeed)).toBe(s.privateHash);
      expect(chainReachesTerminal(s.privateSeed, s.gameNumber, chain.terminal_hash)).toBe(true);
    }
    expect(seeds.map((s) => s.gameNumber)).toEqual(
      [...Array(12).keys()].map((i) => i + 1).concat([1, 2, 3, 4, 5, 6, 7, 8]),
    );
    // each game's hash is the previous game's seed: revealing one never reveals the next
    for (let i = 1; i < 12; i++) expect(seeds[i]?.privateHash).toBe(seeds[i - 1]?.privateSeed);
    const text = JSON.stringify((await server.api('GET', '/api/provably-fair/chains')).body);
    for (const r of rows) expect(text).not.toContain(r.secret);
  });
});

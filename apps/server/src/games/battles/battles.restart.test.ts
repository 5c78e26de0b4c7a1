import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BattleDetail, BattleRoundEvent } from '@coinsite/shared';
import { battleTicket } from '@coinsite/shared/fairness';
import type { Socket } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { beaconOf } from '../../integrations/eos/beacon.ts';
import { type FakeEos, startFakeEos } from '../../integrations/eos/fake-eos.ts';
import { SANDBOX_FINALITY_BLOCKS } from '../../integrations/eos/sandbox-beacon.ts';
import { ManualClock } from '../../platform/clock.ts';
import { findLedgerMismatches } from '../../platform/ledger.ts';
import {
  DB_KINDS,
  nextEvent,
  startServer,
  type TestServer,
  createPgDatabase,
} from '../../test-support/server.ts';
import { battleKit } from './battle-test-kit.ts';

/** A database that outlives one server: a data dir for PGlite, a fresh database on PostgreSQL. */
async function durableDatabase(
  kind: 'pglite' | 'postgres',
): Promise<{ env: Record<string, string>; drop: () => Promise<void> }> {
  if (kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'battles-restart-'));
    return { env: { DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const db = await createPgDatabase();
  return { env: { DATABASE_URL: db.url }, drop: db.drop };
}

async function create(kit: ReturnType<typeof battleKit>, sock: Socket, slugs: string[], mode: string) {
  const created = nextEvent(sock, 'battles:created');
  expect((await kit.ask(sock, 'battles:create', slugs, 'standard', mode)).ok).toBe(true);
  return String((await created)[0]);
}

describe.each(DB_KINDS)('a battle across a restart on %s', (kind) => {
  let server: TestServer;
  let clock = new ManualClock();
  const kit = battleKit(
    () => server,
    () => clock,
  );
  let drop: () => Promise<void> = async () => {};
  afterAll(async () => {
    await server?.close();
    await drop();
  });

  it('resumes from the rows: no round revealed twice, paid once; waiting battles and block ids survive', async () => {
    const durable = await durableDatabase(kind);
    drop = durable.drop;
    server = await startServer({ env: durable.env, clock });
    const u = await kit.player(20_000);
    let sock = await server.socket('battles', u.token);
    let seen = kit.record(sock);
    const id = await create(kit, sock, ['starter-crate', 'inferno', 'frostbite'], '1v1');
    const waiting = await create(kit, sock, ['penny-pusher'], '1v1v1');
    expect((await kit.ask(sock, 'battles:callbot', id, 1)).ok).toBe(true);
    await kit.runUntil(() => seen.some((e) => e.event === 'battles:round'));
    const mid = (await server.api<BattleDetail>('POST', '/api/battles/game', { gameId: id })).body;
    expect(mid.casesRoundResults).toHaveLength(1);
    const blockNumber = mid.blockNumber ?? 0;
    const blockId = mid.blockHash;

    await server.close();
    clock = new ManualClock(clock.now() + 2_000);
    server = await startServer({ env: durable.env, clock });
    sock = await server.socket('battles', u.token);
    seen = kit.record(sock);
    // the sandbox chain's ids are stored: the new process reads the same id for that block
    expect(await beaconOf(kit.ctx()).irreversibleBlockId(blockNumber)).toBe(blockId);

    await kit.runUntil(() => seen.some((e) => e.event === 'battles:finished'));
    const rounds = seen.filter((e) => e.event === 'battles:round').map((e) => e.args[0] as BattleRoundEvent);
    expect(rounds.map((r) => r.caseNumber)).toEqual([1, 2]);
    const end = (await server.api<BattleDetail>('POST', '/api/battles/game', { gameId: id })).body;
    expect(end.status).toBe(3);
    const seeds = { serverSeed: end.serverSeed ?? '', blockId: end.blockHash ?? '' };
    const tickets = end.casesRoundResults.map((drops) => drops.map((d) => d.result));
    expect(tickets).toEqual([1, 2, 3].map((r) => [1, 2].map((seat) => battleTicket(seeds, r, seat))));
    const wins = await kit
      .ctx()
      .db.selectFrom('ledger_entries')
      .select('kind')
      .where('user_id', '=', u.id)
      .where('kind', '=', 'win')
      .execute();
    const creatorWon = end.win?.isEqual ? end.win.equals.includes(1) : end.win?.winningTeam === 1;
    expect(wins).toHaveLength(creatorWon ? 1 : 0);
    expect(await findLedgerMismatches(kit.ctx().db)).toEqual([]);
    const still = (await server.api<BattleDetail>('POST', '/api/battles/game', { gameId: waiting })).body;
    expect(still.status).toBe(1);
    expect(await kit.ask(sock, 'battles:callbot', waiting, 1)).toEqual({
      ok: true,
      message: 'A bot has joined the battle!',
    });
  }, 180_000);

  it('the sandbox chain makes a block every 0.5 s and gives ids only once they are final', async () => {
    const beacon = beaconOf(kit.ctx());
    const head = await beacon.headBlock();
    await clock.advance(1_000);
    expect(await beacon.headBlock()).toBe(head + 2);
    expect(await beacon.irreversibleBlockId(head + 2)).toBeNull();
    const id = await beacon.irreversibleBlockId(head + 2 - SANDBOX_FINALITY_BLOCKS);
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(id?.slice(0, 8)).toBe((head - SANDBOX_FINALITY_BLOCKS + 2).toString(16).padStart(8, '0'));
    expect(await beacon.irreversibleBlockId(head + 2 - SANDBOX_FINALITY_BLOCKS)).toBe(id);
    const other = await beacon.irreversibleBlockId(head - 10);
    expect(other).not.toBe(id);
  });
});

describe('a battle decided by the EOS chain API adapter (fake chain)', () => {
  let server: TestServer;
  let chain: FakeEos;
  const clock = new ManualClock();
  const kit = battleKit(
    () => server,
    () => clock,
  );
  afterAll(async () => {
    await server?.close();
    await chain?.close();
  });

  it('targets head + 3, waits for irreversibility, uses that block id', async () => {
    chain = await startFakeEos({ head: 400_000_000, lib: 399_999_990 });
    server = await startServer({ clock, env: { EOS_RPC_URL: chain.url } });
    expect(beaconOf(kit.ctx()).mode).toBe('rpc');
    const u = await kit.player(1_000);
    const sock = await server.socket('battles', u.token);
    const seen = kit.record(sock);
    const id = await create(kit, sock, ['starter-crate'], '1v1');
    await kit.ask(sock, 'battles:callbot', id, 1);
    await kit.runUntil(() => seen.some((e) => e.event === 'battles:expose'));
    expect(seen.find((e) => e.event === 'battles:expose')?.args[0]).toEqual({
      battleId: id,
      blockNumber: 400_000_003,
    });
    await kit.run(3_000);
    expect(seen.some((e) => e.event === 'battles:start')).toBe(false);
    chain.head = 400_000_010;
    chain.lib = 400_000_003;
    await kit.runUntil(() => seen.some((e) => e.event === 'battles:finished'));
    expect(seen.find((e) => e.event === 'battles:start')?.args[0]).toEqual({
      battleId: id,
      blockHash: chain.idOf(400_000_003),
      serverSeed: expect.any(String),
    });
    expect(await findLedgerMismatches(kit.ctx().db)).toEqual([]);
  }, 120_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ctx } from '../../platform/context.ts';
import { systemClock } from '../../platform/clock.ts';
import { beaconOf, createBeacon } from './beacon.ts';
import { isIdOfBlock } from './block-id.ts';
import { type FakeEos, startFakeEos } from './fake-eos.ts';
import { rpcBeacon } from './rpc-beacon.ts';

describe('EOS chain API adapter against a local fake chain', () => {
  let chain: FakeEos;
  beforeAll(async () => {
    chain = await startFakeEos({ head: 1000, lib: 995 });
  });
  afterAll(() => chain?.close());

  it('reads the head from get_info and ids only once a block is irreversible', async () => {
    const beacon = rpcBeacon({ url: `${chain.url}/`, infoTtlMs: 0 });
    expect(await beacon.headBlock()).toBe(1000);
    expect(await beacon.irreversibleBlockId(998)).toBeNull();
    chain.head = 1004;
    chain.lib = 999;
    expect(await beacon.headBlock()).toBe(1004);
    const id = await beacon.irreversibleBlockId(998);
    expect(id).toBe(chain.idOf(998));
    expect(id && isIdOfBlock(id, 998)).toBe(true);
    expect(chain.calls).toContain('/v1/chain/get_block');
  });

  it('takes the last irreversible id from get_info and keeps ids it has seen', async () => {
    const beacon = rpcBeacon({ url: chain.url, infoTtlMs: 0 });
    chain.calls.length = 0;
    expect(await beacon.irreversibleBlockId(chain.lib)).toBe(chain.idOf(chain.lib));
    expect(chain.calls).toEqual(['/v1/chain/get_info']);
    chain.calls.length = 0;
    expect(await beacon.irreversibleBlockId(chain.lib)).toBe(chain.idOf(chain.lib));
    expect(chain.calls).toEqual([]);
  });

  it('reuses a get_info answer for a moment', async () => {
    const beacon = rpcBeacon({ url: chain.url, infoTtlMs: 60_000 });
    chain.calls.length = 0;
    await beacon.headBlock();
    await beacon.headBlock();
    expect(chain.calls).toEqual(['/v1/chain/get_info']);
  });

  it('shares one get_info between concurrent callers', async () => {
    const beacon = rpcBeacon({ url: chain.url, infoTtlMs: 0 });
    chain.calls.length = 0;
    const heads = await Promise.all([beacon.headBlock(), beacon.headBlock(), beacon.headBlock()]);
    expect(new Set(heads).size).toBe(1);
    expect(chain.calls).toEqual(['/v1/chain/get_info']);
  });

  it('refuses an id that is not the asked block, and reports HTTP failures', async () => {
    const beacon = rpcBeacon({ url: chain.url, infoTtlMs: 0 });
    chain.wrongIds = true;
    await expect(beacon.irreversibleBlockId(990)).rejects.toThrow(/not this block/);
    chain.wrongIds = false;
    chain.failNext = 1;
    await expect(beacon.headBlock()).rejects.toThrow(/HTTP 500/);
    expect(await beacon.irreversibleBlockId(990)).toBe(chain.idOf(990));
  });
});

describe('createBeacon', () => {
  const fakeCtx = (url?: string) =>
    ({ config: { EOS_RPC_URL: url }, db: {}, clock: systemClock }) as unknown as Ctx;

  it('uses the chain API when EOS_RPC_URL is set and the sandbox otherwise; one beacon per app', () => {
    expect(createBeacon(fakeCtx('http://127.0.0.1:1')).mode).toBe('rpc');
    const ctx = fakeCtx();
    expect(createBeacon(ctx).mode).toBe('sandbox');
    expect(beaconOf(ctx)).toBe(beaconOf(ctx));
  });
});

import { chainHashes, chainTerminalHash } from '@coinsite/shared/fairness';
import { describe, expect, it } from 'vitest';
import { checkpointEvery, generateChain } from './chain-generator.ts';

describe('hash chain generation in a worker', () => {
  it('reproduces the fairness.md vectors (h_L of the crash and roulette chains, L = 10)', async () => {
    const crash = await generateChain(10, 'crash genesis N');
    expect(crash.terminal).toBe('9366142a31d8c3e71dfe4539ac457cc36f1b3724d240a4e99e2faccef6a8385c');
    const roulette = await generateChain(10, 'roulette genesis M');
    expect(roulette.terminal).toBe('83f0df9549c9d3658bc7c65c279453acef74f623f8c49f785ebb7f9013ff5d53');
  });

  it('keeps h_0, h_k, h_2k, … as checkpoints, matching the shared chain walk', async () => {
    const chain = await generateChain(1000, 'checkpoint test');
    expect(chain.every).toBe(checkpointEvery(1000));
    const all = [...chainHashes('checkpoint test', 1000)];
    expect(chain.checkpoints).toEqual(all.filter((_, i) => i % chain.every === 0));
    expect(chain.terminal).toBe(chainTerminalHash('checkpoint test', 1000));
  });

  it('draws a fresh 256-bit secret by default', async () => {
    const [a, b] = await Promise.all([generateChain(10), generateChain(10)]);
    expect(a.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(a.secret).not.toBe(b.secret);
  });
});

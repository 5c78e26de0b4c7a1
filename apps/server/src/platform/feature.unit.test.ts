import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { FEATURES } from '../features.ts';
import type { Ctx } from './context.ts';
import { type Feature, registerFeatureList } from './feature.ts';
import { leaderTasksOf } from './leader-tasks.ts';

const SRC = path.resolve(import.meta.dirname, '..');
const app = {} as FastifyInstance;
const fakeCtx = () => ({ onClose: [] }) as unknown as Ctx;
const tick = () => new Promise((r) => setImmediate(r));

describe('registerFeatureList', () => {
  it('runs each feature’s routes, sockets and seed in list order, awaiting each step', async () => {
    const log: string[] = [];
    const slow = (label: string) => async () => {
      await tick();
      log.push(label);
    };
    const features: Feature[] = [
      {
        name: 'a',
        routes: slow('a.routes'),
        sockets: () => void log.push('a.sockets'),
        seed: slow('a.seed'),
      },
      { name: 'b', sockets: () => void log.push('b.sockets') },
      { name: 'c', seed: slow('c.seed'), routes: () => void log.push('c.routes') },
    ];
    await registerFeatureList(app, fakeCtx(), features);
    expect(log).toEqual(['a.routes', 'a.sockets', 'a.seed', 'b.sockets', 'c.routes', 'c.seed']);
  });

  it('hands each stop to ctx.onClose with the ctx', async () => {
    const ctx = fakeCtx();
    const stopped: Ctx[] = [];
    await registerFeatureList(app, ctx, [{ name: 'a', stop: (c) => void stopped.push(c) }, { name: 'b' }]);
    expect(ctx.onClose).toHaveLength(1);
    await ctx.onClose[0]?.();
    expect(stopped).toEqual([ctx]);
  });

  it('runs the leader tasks its routes made while the node leads: started, stopped, stopped at close', async () => {
    const on: { leader: Array<() => void>; follower: Array<() => void> } = { leader: [], follower: [] };
    const ctx = {
      onClose: [],
      leadership: {
        onLeader: (fn: () => void) => void on.leader.push(fn),
        onFollower: (fn: () => void) => void on.follower.push(fn),
      },
    } as unknown as Ctx;
    const log: string[] = [];
    const made = new Map<string, { start(): void; stop(): Promise<void> }>();
    const feature: Feature = {
      name: 'loopy',
      routes: () => {
        made.set('loop', { start: () => void log.push('start'), stop: async () => void log.push('stop') });
      },
      leader: () => ({ loop: made.get('loop') as { start(): void; stop(): Promise<void> } }),
    };
    await registerFeatureList(app, ctx, [feature]);
    expect([...leaderTasksOf(ctx).keys()]).toEqual(['loop']);
    expect(log).toEqual([]);
    for (const fn of on.leader) fn();
    for (const fn of on.follower) fn();
    for (const close of ctx.onClose) await close();
    expect(log).toEqual(['start', 'stop', 'stop']);
  });

  it('refuses a name registered twice', async () => {
    await expect(registerFeatureList(app, fakeCtx(), [{ name: 'a' }, { name: 'a' }])).rejects.toThrow(
      /twice/,
    );
  });
});

/** Every source file under apps/server/src (tests excluded). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.includes('.test') ? [full] : [];
  });
}

describe('features.ts', () => {
  it('lists every module that exports a feature, once each', async () => {
    const exporting = sourceFiles(SRC).filter((file) =>
      /^export const feature: Feature\b/m.test(readFileSync(file, 'utf8')),
    );
    expect(exporting.length).toBeGreaterThan(10);
    for (const file of exporting) {
      const mod = (await import(file)) as { feature: Feature };
      expect(FEATURES, `${path.relative(SRC, file)} is not in features.ts`).toContain(mod.feature);
    }
    expect(new Set(FEATURES.map((f) => f.name)).size).toBe(FEATURES.length);
    expect(FEATURES).toHaveLength(exporting.length);
  });
});

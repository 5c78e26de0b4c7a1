import { describe, expect, it, vi } from 'vitest';
import { ActionGate } from './action-gate.ts';

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ActionGate: one submit at a time', () => {
  it('reports pending while the work runs and idle once it is done', async () => {
    const states: boolean[] = [];
    const gate = new ActionGate((p) => states.push(p));
    const job = deferred<string>();
    const run = gate.run(() => job.promise);
    expect(gate.pending).toBe(true);
    expect(states).toEqual([true]);
    job.resolve('sent');
    await expect(run).resolves.toBe('sent');
    expect(gate.pending).toBe(false);
    expect(states).toEqual([true, false]);
  });

  it('a second run in the same tick does not start; onBusy hears about it', async () => {
    const onBusy = vi.fn();
    const gate = new ActionGate(() => {}, onBusy);
    const job = deferred<void>();
    const first = vi.fn(() => job.promise);
    const second = vi.fn(async () => 'second');
    const a = gate.run(first);
    const b = gate.run(second);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
    expect(onBusy).toHaveBeenCalledTimes(1);
    await expect(b).resolves.toBeUndefined();
    job.resolve();
    await a;
    // free again once the first is done
    await expect(gate.run(second)).resolves.toBe('second');
    expect(onBusy).toHaveBeenCalledTimes(1);
  });

  it('without onBusy a busy run quietly does nothing', async () => {
    const states: boolean[] = [];
    const gate = new ActionGate((p) => states.push(p));
    const job = deferred<void>();
    const a = gate.run(() => job.promise);
    await expect(gate.run(async () => 'x')).resolves.toBeUndefined();
    expect(states).toEqual([true]);
    job.resolve();
    await a;
    expect(states).toEqual([true, false]);
  });

  it('calls the work synchronously, so it still runs inside the click', () => {
    const gate = new ActionGate(() => {});
    let called = false;
    void gate.run(async () => {
      called = true;
    });
    expect(called).toBe(true);
  });

  it('a failure goes to onError, resolves to undefined and frees the gate', async () => {
    const states: boolean[] = [];
    const gate = new ActionGate((p) => states.push(p));
    const onError = vi.fn();
    const boom = new Error('refused');
    await expect(gate.run(() => Promise.reject(boom), onError)).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledWith(boom);
    expect(states).toEqual([true, false]);
    expect(gate.pending).toBe(false);
  });

  it('without onError the failure rejects the run, and the gate is still freed', async () => {
    const gate = new ActionGate(() => {});
    const boom = new Error('refused');
    await expect(gate.run(() => Promise.reject(boom))).rejects.toBe(boom);
    expect(gate.pending).toBe(false);
    await expect(gate.run(async () => 1)).resolves.toBe(1);
  });

  it('a work that throws before its first await is handled the same way', async () => {
    const gate = new ActionGate(() => {});
    const onError = vi.fn();
    const work = (): Promise<void> => {
      throw new Error('sync');
    };
    await expect(gate.run(work, onError)).resolves.toBeUndefined();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(gate.pending).toBe(false);
  });
});

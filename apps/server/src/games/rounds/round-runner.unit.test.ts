import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.ts';
import { Fenced, fencedTerm } from '../../platform/fence.ts';
import { LEASE_WAIT_MS, RoundRunner, STEP_RETRY_MS } from './round-runner.ts';

/** Issue 26 item 9: a loop's timers and steps wait while the node's lease has run out. */
describe('RoundRunner under the leader lease', () => {
  const log = pino({ level: 'silent' });
  const lease = () => {
    const state = { fresh: true, term: 7 as number | null };
    return {
      state,
      leadership: { isLeader: () => state.fresh, term: () => state.term, leaseMs: 1000 },
    };
  };

  it('a timer due while the lease has run out waits for its renewal, then runs late, once', async () => {
    const clock = new ManualClock();
    const { state, leadership } = lease();
    const lags: number[] = [];
    const runner = new RoundRunner(clock, log, 'test', (s) => lags.push(s), leadership);
    runner.start();
    const fired: number[] = [];
    runner.after(100, () => fired.push(clock.now()));
    state.fresh = false; // the process stalled past its lease
    await clock.advance(500);
    expect(fired).toEqual([]);
    state.fresh = true; // renewed: the lease is still this node's
    const renewedAt = clock.now();
    await clock.advance(LEASE_WAIT_MS);
    expect(fired).toEqual([renewedAt + LEASE_WAIT_MS]);
    expect(lags).toEqual([(500 - 100 + LEASE_WAIT_MS) / 1000]);
    await clock.advance(1000);
    expect(fired).toHaveLength(1);
  });

  it('a timer waiting on the lease is dropped when the loop stops (the lease was lost)', async () => {
    const clock = new ManualClock();
    const { state, leadership } = lease();
    const runner = new RoundRunner(clock, log, 'test', undefined, leadership);
    runner.start();
    let fired = 0;
    runner.after(100, () => fired++);
    state.fresh = false;
    await clock.advance(300);
    await runner.stop();
    state.fresh = true;
    await clock.advance(1000);
    expect(fired).toBe(0);
    expect(clock.pending()).toBe(0);
  });

  it('steps run fenced by the term, wait while the lease has run out, and a fenced step is not retried', async () => {
    const clock = new ManualClock();
    const { state, leadership } = lease();
    const runner = new RoundRunner(clock, log, 'test', undefined, leadership);
    runner.start();
    const terms: Array<number | null> = [];
    state.fresh = false;
    runner.step('a', async () => {
      terms.push(fencedTerm());
    });
    await runner.idle();
    expect(terms).toEqual([]);
    state.fresh = true;
    await clock.advance(LEASE_WAIT_MS);
    await runner.idle();
    expect(terms).toEqual([7]);

    let tries = 0;
    runner.step('fenced', async () => {
      tries++;
      throw new Fenced(7, 8);
    });
    await runner.idle();
    await clock.advance(STEP_RETRY_MS * 3);
    await runner.idle();
    expect(tries).toBe(1);

    // on the embedded database (no term) a step runs unfenced
    state.term = null;
    runner.step('b', async () => {
      terms.push(fencedTerm());
    });
    await runner.idle();
    expect(terms).toEqual([7, null]);
  });
});

import { describe, expect, it } from 'vitest';
import { askUntilQuiet, freshSnapshot, liveChanges } from './fresh-snapshot.ts';

/** A fetch whose answers the test releases one by one, in order. */
function pending() {
  const answers: ((v: string) => void)[] = [];
  let asked = 0;
  const fetch = () => {
    asked++;
    return new Promise<string>((resolve) => answers.push(resolve));
  };
  return { fetch, answer: (v: string) => answers.shift()?.(v), asked: () => asked };
}
const flush = () => new Promise((r) => setTimeout(r, 0));
/** A loader over a pending fetch, and what it applied. */
function loader() {
  const f = pending();
  const applied: string[] = [];
  const s = freshSnapshot(
    f.fetch,
    (v) => applied.push(v),
    () => undefined,
  );
  return { f, applied, s };
}

describe('freshSnapshot', () => {
  it('applies a snapshot when no round event came while it was on its way', async () => {
    const { f, applied, s } = loader();
    s.load();
    f.answer('betting');
    await flush();
    expect(applied).toEqual(['betting']);
    expect(f.asked()).toBe(1);
  });

  it('asks again instead of applying a snapshot older than an event the screen applied', async () => {
    const { f, applied, s } = loader();
    s.load();
    s.seen(); // the start came while the snapshot was on its way
    f.answer('betting');
    await flush();
    expect(applied).toEqual([]);
    expect(f.asked()).toBe(2);
    f.answer('running');
    await flush();
    expect(applied).toEqual(['running']);
  });

  it('events before the load do not count against it', async () => {
    const { f, applied, s } = loader();
    s.seen();
    s.load();
    f.answer('running');
    await flush();
    expect(applied).toEqual(['running']);
  });

  it('a failed fetch is reported, not thrown', async () => {
    const errors: unknown[] = [];
    const s = freshSnapshot(
      () => Promise.reject(new Error('down')),
      () => undefined,
      (e) => errors.push(e),
    );
    s.load();
    await flush();
    expect(errors).toHaveLength(1);
  });
});

describe('liveChanges', () => {
  const add = (id: number) => (list: number[]) => (list.includes(id) ? list : [...list, id]);

  it('a snapshot comes back with the changes made while it was on its way', async () => {
    const log = liveChanges<number[]>();
    const f = pending();
    const got = log.fetch(async () => JSON.parse(await f.fetch()) as number[]);
    log.change(add(3)); // an event after the snapshot was read, before its answer arrived
    f.answer('[1,2]');
    expect(await got).toEqual([1, 2, 3]);
  });

  it('a change the snapshot already holds is not applied twice', async () => {
    const log = liveChanges<number[]>();
    const f = pending();
    const got = log.fetch(async () => JSON.parse(await f.fetch()) as number[]);
    log.change(add(2));
    f.answer('[1,2]');
    expect(await got).toEqual([1, 2]);
  });

  it('keeps nothing when no snapshot is on its way, and each snapshot gets only the changes after it was asked', async () => {
    const log = liveChanges<number[]>();
    log.change(add(9)); // nothing on its way: the screen applies it, the log does not keep it
    const f = pending();
    const first = log.fetch(async () => JSON.parse(await f.fetch()) as number[]);
    log.change(add(3));
    const second = log.fetch(async () => JSON.parse(await f.fetch()) as number[]);
    log.change(add(4));
    f.answer('[1]');
    f.answer('[1,3]');
    expect(await first).toEqual([1, 3, 4]);
    expect(await second).toEqual([1, 3, 4]);
    const third = log.fetch(async () => JSON.parse(await f.fetch()) as number[]);
    f.answer('[5]');
    expect(await third).toEqual([5]);
  });

  it('a failed snapshot lets its changes go and fails as it did', async () => {
    const log = liveChanges<number[]>();
    const got = log.fetch(() => Promise.reject(new Error('down')));
    log.change(add(1));
    await expect(got).rejects.toThrow('down');
    const next = log.fetch(async () => [7]);
    expect(await next).toEqual([7]);
  });
});

describe('askUntilQuiet', () => {
  it('asks again while events overtake the answer, at most maxAsks times', async () => {
    const f = pending();
    let events = 0;
    const got = askUntilQuiet(f.fetch, () => events, 3);
    events++; // an event while the first answer is on its way
    f.answer('old');
    await flush();
    events++; // and while the second is
    f.answer('older');
    await flush();
    f.answer('stale but last'); // the third ask is taken as it is, events or not
    expect(await got).toBe('stale but last');
    expect(f.asked()).toBe(3);
  });

  it('takes the first answer when nothing came meanwhile', async () => {
    const f = pending();
    const got = askUntilQuiet(f.fetch, () => 0);
    f.answer('fresh');
    expect(await got).toBe('fresh');
    expect(f.asked()).toBe(1);
  });
});

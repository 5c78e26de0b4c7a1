import { describe, expect, it } from 'vitest';
import { freshSnapshot } from './fresh-snapshot.ts';

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

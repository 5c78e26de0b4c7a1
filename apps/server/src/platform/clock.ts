/**
 * Time, injected. Round loops and timers take a Clock so tests drive time without sleeping
 * (manualClock) while production uses the system clock.
 */
export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return () => clearTimeout(t);
  },
};

/** A clock that only moves when told to; due timers run in time order during advance(). */
export class ManualClock implements Clock {
  private t: number;
  private timers: Array<{ at: number; fn: () => void; id: number }> = [];
  private nextId = 0;

  constructor(start = 1_700_000_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): () => void {
    const id = this.nextId++;
    this.timers.push({ at: this.t + Math.max(0, ms), fn, id });
    return () => {
      this.timers = this.timers.filter((x) => x.id !== id);
    };
  }

  /** Moves time forward by ms, running every timer that falls due (and timers those schedule). */
  async advance(ms: number): Promise<void> {
    const end = this.t + ms;
    for (;;) {
      this.timers.sort((a, b) => a.at - b.at || a.id - b.id);
      const due = this.timers[0];
      if (!due || due.at > end) break;
      this.timers.shift();
      this.t = due.at;
      due.fn();
      // let promise chains started by the timer settle before the next one runs
      await new Promise((r) => setImmediate(r));
    }
    this.t = end;
  }

  /**
   * Moves time forward without running the timers that fall due meanwhile (they run at the next
   * advance). For tests of a time rule that the round loops sharing this clock have nothing to do
   * with: advancing half an hour would otherwise play every crash tick of it.
   */
  jump(ms: number): void {
    this.t += ms;
  }

  /**
   * A stall of the process (a pause of it or of its VM): time moves forward by ms, and the timers
   * that fell due meanwhile run at the next advance(), late, at the time the stall ended (unlike
   * jump(), whose due timers run at their own times).
   */
  stall(ms: number): void {
    this.t += ms;
    for (const timer of this.timers) if (timer.at < this.t) timer.at = this.t;
  }

  pending(): number {
    return this.timers.length;
  }
}

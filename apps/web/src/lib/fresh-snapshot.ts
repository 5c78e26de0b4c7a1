/**
 * Asks `get` until an answer comes with no event heard while it was on its way (`heard` counts the
 * screen's events), or `maxAsks` times: an answer asked for before an event and answered after it
 * may be older than the screen. A bound is for events that may never leave a quiet moment (the
 * wallet's, under a turbo autobet in another tab); the last answer is then taken as it is.
 */
export async function askUntilQuiet<T>(
  get: () => Promise<T>,
  heard: () => number,
  maxAsks = Number.POSITIVE_INFINITY,
): Promise<T> {
  for (let asked = 1; ; asked++) {
    const before = heard();
    const answer = await get();
    if (heard() === before || asked >= maxAsks) return answer;
  }
}

/**
 * A round game's snapshot (GET, again after every reconnect) that never takes the screen back. The
 * screen applies the socket's round events as they come; a snapshot asked for before one of them
 * and answered after it is older than the screen (a crash page that had seen the start showed
 * betting again, and sent its bet into the running round). Such a snapshot is asked for again
 * instead of applied. Each round event handler calls `seen()`.
 */
export function freshSnapshot<T>(
  fetch: () => Promise<T>,
  apply: (state: T) => void,
  onError: (err: unknown) => void,
): { load: () => void; seen: () => void } {
  let events = 0;
  return {
    load: () => {
      askUntilQuiet(fetch, () => events).then(apply, onError);
    },
    seen: () => {
      events++;
    },
  };
}

/**
 * The same guard for a list whose events come often (a busy site's flips, battles and bets: a
 * snapshot asked again after every event might never land): each event's change to the list is
 * recorded while a snapshot is on its way, and the snapshot comes back with them applied on top.
 * The changes must hold when applied twice (by id: a snapshot asked after an event already has it).
 * `change(fn)` records `fn` when a snapshot is on its way and returns it, for the screen to apply now
 * as well; `fetch(get)` wraps the snapshot's request (a React Query `queryFn`, a load).
 */
export function liveChanges<S>(): {
  change: (fn: (state: S) => S) => (state: S) => S;
  fetch: (get: () => Promise<S>) => Promise<S>;
} {
  /** changes since the oldest snapshot on its way; `dropped` counts those let go before it */
  const log: ((state: S) => S)[] = [];
  let dropped = 0;
  let onTheWay = 0;
  return {
    change(fn) {
      if (onTheWay > 0) log.push(fn);
      return fn;
    },
    async fetch(get) {
      onTheWay++;
      const from = dropped + log.length;
      try {
        const state = await get();
        return log.slice(from - dropped).reduce<S>((s, fn) => fn(s), state);
      } finally {
        onTheWay--;
        if (onTheWay === 0) {
          dropped += log.length;
          log.length = 0;
        }
      }
    },
  };
}

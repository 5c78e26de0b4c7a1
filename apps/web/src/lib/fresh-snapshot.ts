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
  const load = (): void => {
    const asked = events;
    fetch()
      .then((state) => {
        if (events !== asked) load();
        else apply(state);
      })
      .catch(onError);
  };
  return {
    load,
    seen: () => {
      events++;
    },
  };
}

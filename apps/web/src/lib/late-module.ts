import { useEffect, useState } from 'react';

/**
 * A module kept out of the first load and fetched once, when asked: `load()` starts it (the same
 * promise every time); `useLateModule(m)` is what it gave, or undefined until then, and re-renders
 * the component when it arrives. Radix's dropdown (ui/lazy-dropdown.tsx) and the menus' game art
 * (features/nav/games-menu.tsx) come this way.
 */
export interface LateModule<T> {
  load(): Promise<T>;
  current(): T | undefined;
  subscribe(fn: () => void): () => void;
}

export function lateModule<T>(importer: () => Promise<T>): LateModule<T> {
  let value: T | undefined;
  let loading: Promise<T> | undefined;
  const listeners = new Set<() => void>();
  return {
    load() {
      loading ??= importer().then((v) => {
        value = v;
        for (const fn of listeners) fn();
        return v;
      });
      return loading;
    },
    current: () => value,
    subscribe(fn) {
      listeners.add(fn);
      return () => {
        listeners.delete(fn);
      };
    },
  };
}

export function useLateModule<T>(m: LateModule<T>): T | undefined {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (m.current() !== undefined) return;
    const rerender = () => setTick((n) => n + 1);
    const unsubscribe = m.subscribe(rerender);
    // arrived between this component's render and its effect
    if (m.current() !== undefined) rerender();
    return unsubscribe;
  }, [m]);
  return m.current();
}

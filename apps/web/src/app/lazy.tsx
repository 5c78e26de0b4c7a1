import { type ComponentType, lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner.tsx';

/** What a screen or dialog shows while its chunk loads: the site's spinner, centred. */
export function ChunkLoading() {
  return (
    <div
      className="flex min-h-[40vh] items-center justify-center text-ink-300"
      role="status"
      aria-label="Loading"
    >
      <Spinner className="h-8 w-8" />
    </div>
  );
}

/**
 * A component loaded from its own chunk on first render (React.lazy), with the loader shown while
 * it arrives. `name` is the module's named export.
 */
// biome-ignore lint/suspicious/noExplicitAny: props pass through unchanged
export function lazyPage<P extends Record<string, any>>(
  load: () => Promise<Record<string, unknown>>,
  name: string,
  fallback: React.ReactNode = <ChunkLoading />,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType<P> }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per screen at module level
  return function LazyScreen(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

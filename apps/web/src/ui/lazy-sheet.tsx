import { type ComponentProps, lazy, Suspense, useState } from 'react';

const RealSheet = lazy(async () => ({ default: (await import('./sheet.tsx')).Sheet }));

/**
 * The Sheet, loaded (with Radix's dialog) the first time it opens and kept mounted after that (its
 * close animation): the shell's mobile menu and mobile chat stay out of the initial JavaScript.
 */
export function Sheet(props: ComponentProps<typeof RealSheet>) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened && !props.open) return null;
  return (
    <Suspense fallback={null}>
      <RealSheet {...props} />
    </Suspense>
  );
}

import { type ComponentProps, createContext, type ReactNode, useContext, useState } from 'react';
import { lateModule, useLateModule } from '../lib/late-module.ts';

type Radix = typeof import('./dropdown-real.ts')['DropdownMenu'];

/**
 * Radix's DropdownMenu with the same parts (Root, Trigger, Portal, Content, Item), loaded on first
 * use: until then the trigger is a plain button with the same look, and pressing it loads the menu
 * and opens it. Keeps Radix's menu, popper and floating-ui out of the initial JavaScript (issue 18
 * item 3).
 */
const radix = lateModule<Radix>(() => import('./dropdown-real.ts').then((m) => m.DropdownMenu));
const load = () => radix.load();
const useRadix = () => useLateModule(radix);

/** Before Radix has arrived: asks the Root to open once it has. */
const OpenRequest = createContext<(() => void) | null>(null);

function Root({ children, ...props }: ComponentProps<Radix['Root']>) {
  const real = useRadix();
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (real) {
    return (
      <real.Root defaultOpen={openOnLoad} {...props}>
        {children}
      </real.Root>
    );
  }
  return (
    <OpenRequest.Provider
      value={() => {
        setOpenOnLoad(true);
        void load();
      }}
    >
      {children}
    </OpenRequest.Provider>
  );
}

function Trigger({ children, className, ...props }: ComponentProps<Radix['Trigger']>) {
  const real = useRadix();
  const request = useContext(OpenRequest);
  if (real) {
    return (
      <real.Trigger className={className} {...props}>
        {children}
      </real.Trigger>
    );
  }
  const open = () => request?.();
  return (
    <button
      type="button"
      className={className}
      aria-label={props['aria-label']}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onPointerDown={(e) => {
        if (e.button === 0) open();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ' || e.key === 'ArrowDown') {
          e.preventDefault();
          open();
        }
      }}
    >
      {children}
    </button>
  );
}

function Portal({ children }: { children?: ReactNode }) {
  const real = useRadix();
  return real ? <real.Portal>{children}</real.Portal> : null;
}

function Content(props: ComponentProps<Radix['Content']>) {
  const real = useRadix();
  return real ? <real.Content {...props} /> : null;
}

function Item(props: ComponentProps<Radix['Item']>) {
  const real = useRadix();
  return real ? <real.Item {...props} /> : null;
}

export const DropdownMenu = { Root, Trigger, Portal, Content, Item };

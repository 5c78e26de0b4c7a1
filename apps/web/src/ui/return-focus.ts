import { useRef } from 'react';

/**
 * Focus handlers for a radix Dialog.Content: on close, focus goes back to whatever had it when the
 * dialog opened. Radix only returns focus to a `Dialog.Trigger`; our dialogs open from a store
 * (`openDialog`, a game's own state) with no trigger, so without this a keyboard user lands on
 * <body>, at the top of the page, each time a dialog closes.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      // focus has not moved into the dialog yet: this is the control that opened it
      const at = document.activeElement;
      opener.current = at instanceof HTMLElement && at !== document.body ? at : null;
    },
    onCloseAutoFocus: (event: Event) => {
      const to = opener.current;
      opener.current = null;
      if (!to?.isConnected) return; // gone (a menu item): radix's default stands
      event.preventDefault();
      to.focus({ preventScroll: true });
    },
  };
}

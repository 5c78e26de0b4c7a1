/**
 * Toasts for the first-load shell (the socket's notify events, the bot check, rain joins) without
 * sonner in the first load: a call waits until the toaster (ui/toaster.tsx, loaded just after the
 * shell) is mounted, then shows the toast. Screens loaded later import `toast` from 'sonner' as usual.
 */
type ToastOptions = { id?: string | number };
type Kind = 'success' | 'error' | 'info';

let mounted: () => void = () => {};
const toasterMounted = new Promise<void>((resolve) => {
  mounted = resolve;
});

/** Called by the toaster once it is on screen. */
export function markToasterMounted(): void {
  mounted();
}

function show(kind: Kind, message: string, options?: ToastOptions): void {
  void toasterMounted.then(() => import('sonner')).then(({ toast }) => toast[kind](message, options));
}

export const toast = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
  info: (message: string, options?: ToastOptions) => show('info', message, options),
};

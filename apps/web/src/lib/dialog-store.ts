import { create } from 'zustand';

export type SignInView = 'login' | 'register' | 'recovery';

/** Every modal the shell can open; the app's dialog host renders the matching one. */
export type DialogRequest =
  | { name: 'signIn'; view: SignInView; email?: string; code?: string }
  | { name: 'affiliateClaim'; code: string }
  | { name: 'cashier' }
  | { name: 'coupon' }
  | { name: 'freeCoins' }
  | { name: 'affiliates' }
  | { name: 'support' }
  | { name: 'terms' }
  | { name: 'admin' }
  | { name: 'bet'; id: string };

export type DialogName = DialogRequest['name'];

interface DialogState {
  current: DialogRequest | null;
  /** Bumped on every open so a re-opened dialog starts fresh (used as a React key). */
  serial: number;
  open: (request: DialogRequest) => void;
  close: () => void;
}

export const useDialogStore = create<DialogState>()((set) => ({
  current: null,
  serial: 0,
  open: (request) => set((s) => ({ current: request, serial: s.serial + 1 })),
  close: () => set({ current: null }),
}));

export const openDialog = (request: DialogRequest): void => useDialogStore.getState().open(request);
export const closeDialog = (): void => useDialogStore.getState().close();

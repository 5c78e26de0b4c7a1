import { create } from 'zustand';

interface VipDialogState {
  open: boolean;
  setOpen: (open: boolean) => void;
}

/** The VIP dialog has its own store (like the profile dialog) so any screen can open it. */
export const useVipDialog = create<VipDialogState>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

export const openVipDialog = (): void => useVipDialog.getState().setOpen(true);

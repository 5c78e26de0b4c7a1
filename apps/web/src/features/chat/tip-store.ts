import { create } from 'zustand';

export interface TipTarget {
  id: string;
  username: string;
  avatar: string;
}

interface TipDialogState {
  target: TipTarget | null;
  openTip: (target: TipTarget) => void;
  closeTip: () => void;
}

/** The tip dialog's receiver (opened from a public profile), or null when closed. */
export const useTipDialog = create<TipDialogState>()((set) => ({
  target: null,
  openTip: (target) => set({ target }),
  closeTip: () => set({ target: null }),
}));

export const openTip = (target: TipTarget): void => useTipDialog.getState().openTip(target);

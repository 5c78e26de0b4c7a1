import { create } from 'zustand';

interface ProfileDialogState {
  /** The user whose public profile is open, or null. */
  userId: string | null;
  openProfile: (userId: string) => void;
  closeProfile: () => void;
}

/** Lets any screen (chat, races, the user menu) open a public profile by user id. */
export const useProfileDialog = create<ProfileDialogState>()((set) => ({
  userId: null,
  openProfile: (userId) => set({ userId: String(userId) }),
  closeProfile: () => set({ userId: null }),
}));

export const openProfile = (userId: string): void => useProfileDialog.getState().openProfile(userId);

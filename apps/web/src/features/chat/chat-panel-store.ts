import { create } from 'zustand';

interface ChatPanelState {
  /** Desktop: the side panel is folded away. */
  collapsed: boolean;
  /** Medium and smaller screens: the panel is open as an overlay. */
  mobileOpen: boolean;
  /** Users online as the server counts them (displayed + 10, spec-2 §4); null until known. */
  online: number | null;
  toggleCollapsed: () => void;
  setMobileOpen: (open: boolean) => void;
  setOnline: (count: number) => void;
}

export const useChatPanel = create<ChatPanelState>()((set) => ({
  collapsed: false,
  mobileOpen: false,
  online: null,
  toggleCollapsed: () => set((s) => ({ collapsed: !s.collapsed })),
  setMobileOpen: (mobileOpen) => set({ mobileOpen }),
  setOnline: (online) => set({ online }),
}));

import type { PublicUser } from '@coinsite/shared/schemas/auth';
import { create } from 'zustand';
import { http } from '../../lib/http.ts';
import { authenticateAll, restartSockets } from '../../lib/socket.ts';
import { tokenStorage } from '../../lib/storage.ts';

/** Auth state of spec-1 §4: the token persisted in localStorage under 'token'. */
export interface AuthState {
  token: string | null;
  user: PublicUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  /** Until this time (ms epoch), a connection_kicked is our own logout and not worth a toast. */
  quietKickUntil: number;
  /** GET /api/user with the stored token; clears the token on failure. */
  loadUser: () => Promise<void>;
  /** Stores a session token, tells every socket namespace, then loads the user. */
  login: (token: string) => Promise<void>;
  /** POST /api/auth/logout, then forgets the token and reconnects the sockets anonymously. */
  logout: () => Promise<void>;
  /** Forgets the session locally (auth error, failed user load). */
  clear: () => void;
  /** Replaces parts of the loaded user (wallet updates). */
  patchUser: (patch: Partial<PublicUser>) => void;
}

const initialToken = tokenStorage.get();

export const useAuthStore = create<AuthState>()((set, get) => ({
  token: initialToken,
  user: null,
  isAuthenticated: false,
  isLoading: initialToken !== null,
  quietKickUntil: 0,

  loadUser: async () => {
    const token = get().token;
    if (!token) {
      get().clear();
      return;
    }
    set({ isLoading: true });
    try {
      const res = await http.get<{ user: PublicUser; token?: string }>('/user');
      // A newer login or a logout may have happened while we waited.
      if (get().token !== token) return;
      if (typeof res.token === 'string' && res.token.length > 0 && res.token !== token) {
        tokenStorage.set(res.token);
        set({ token: res.token });
      }
      set({ user: res.user, isAuthenticated: true, isLoading: false });
    } catch {
      if (get().token === token) get().clear();
    }
  },

  login: async (token) => {
    tokenStorage.set(token);
    set({ token, isAuthenticated: true, isLoading: true });
    authenticateAll(token);
    await get().loadUser();
  },

  logout: async () => {
    set({ quietKickUntil: Date.now() + 5000 });
    try {
      await http.post('/auth/logout');
    } catch {
      // the session is forgotten locally either way
    }
    get().clear();
    restartSockets();
  },

  clear: () => {
    tokenStorage.clear();
    set({ token: null, user: null, isAuthenticated: false, isLoading: false });
  },

  patchUser: (patch) => {
    const user = get().user;
    if (user) set({ user: { ...user, ...patch } });
  },
}));

import type { PublicUser } from '@coinsite/shared/schemas/auth';
import {
  SESSION_END_REASONS,
  SESSION_END_TEXT,
  type SessionEndReason,
} from '@coinsite/shared/session-events';
import { create } from 'zustand';
import { closeDialog } from '../../lib/dialog-store.ts';
import { askUntilQuiet } from '../../lib/fresh-snapshot.ts';
import { http, onUnauthorized } from '../../lib/http.ts';
import { authenticateAll, restartSockets } from '../../lib/socket.ts';
import { tokenStorage } from '../../lib/storage.ts';
import { shownBalance, walletEventsHeard } from '../wallet/wallet-sync.ts';

/** A session the server ended (issue 26 §7): what the signed-out dialog says. */
export interface SessionEndNotice {
  reason: SessionEndReason;
  message: string;
}

/** A reason sent by the server, or `invalid` for anything else. */
export function sessionEndReason(value: unknown): SessionEndReason {
  return (SESSION_END_REASONS as readonly unknown[]).includes(value)
    ? (value as SessionEndReason)
    : 'invalid';
}

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
  /** Why the last session ended, until the player has read it (the signed-out dialog). */
  ended: SessionEndNotice | null;
  /**
   * The server ended the session (`session-ended` on a socket, or a 401 of a call that sent
   * `token`): signs out at once, with the reason shown. Nothing for a token that is no longer ours
   * (a newer sign-in) or during our own logout.
   */
  endSession: (reason: SessionEndReason, token?: string) => void;
  dismissEnded: () => void;
}

const initialToken = tokenStorage.get();
/** How many times the user's load is asked while wallet events keep overtaking it. */
const USER_ASKS = 4;

export const useAuthStore = create<AuthState>()((set, get) => ({
  token: initialToken,
  user: null,
  isAuthenticated: false,
  isLoading: initialToken !== null,
  quietKickUntil: 0,
  ended: null,

  loadUser: async () => {
    const token = get().token;
    if (!token) {
      get().clear();
      return;
    }
    set({ isLoading: true });
    try {
      // A wallet event during the request may be newer than the answer (the sockets bind before
      // the user loads, and a deposit or another tab's bet can land meanwhile): asked again.
      const res = await askUntilQuiet(
        () => http.get<{ user: PublicUser; token?: string }>('/user'),
        walletEventsHeard,
        USER_ASKS,
      );
      // A newer login or a logout may have happened while we waited.
      if (get().token !== token) return;
      if (typeof res.token === 'string' && res.token.length > 0 && res.token !== token) {
        tokenStorage.set(res.token);
        set({ token: res.token });
      }
      // gains held for an animation are added when it ends: left out of the loaded wallet
      const wallet = shownBalance(res.user._id, res.user.wallet);
      set({ user: { ...res.user, wallet }, isAuthenticated: true, isLoading: false });
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

  endSession: (reason, token) => {
    const s = get();
    if (token !== undefined && token !== s.token) return;
    if (s.token === null || Date.now() < s.quietKickUntil) return;
    // the original client's connection_kicked follows: no "Please refresh the page!" on top
    set({ quietKickUntil: Date.now() + 5000, ended: { reason, message: SESSION_END_TEXT[reason] } });
    // another tab may already hold a newer sign-in: only forget the stored token if it is this one
    if (tokenStorage.get() === s.token) tokenStorage.clear();
    set({ token: null, user: null, isAuthenticated: false, isLoading: false });
    closeDialog();
    restartSockets();
  },

  dismissEnded: () => set({ ended: null }),
}));

// any 401 of a call that sent our token: the session is over, say why
onUnauthorized((token, body) => {
  const reason = typeof body === 'object' && body !== null ? (body as { session?: unknown }).session : null;
  useAuthStore.getState().endSession(sessionEndReason(reason), token);
});

import { create } from 'zustand';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';

/**
 * Issue 26 item 6: an account registered without a date of birth (by the original client) is asked
 * once, before its first deposit or bet. The server's rules decide the answer (POST /api/account/age).
 * No zod here: this module is on every game's path, the dialog's chunk loads when it opens.
 */
interface AgeGateState {
  /** The signed-in account has no date of birth on file; null while unknown. */
  required: boolean | null;
  /** The dialog is open, waiting for the answer. */
  asking: boolean;
}

export const useAgeGate = create<AgeGateState>()(() => ({ required: null, asking: false }));

let loadedFor: string | null = null;
let loading: Promise<void> | null = null;
let answer: ((ok: boolean) => void) | null = null;
let asked: Promise<boolean> | null = null;

function load(userId: string): Promise<void> {
  return http
    .get<{ required?: unknown }>('/account/age')
    .then((res) => {
      if (loadedFor === userId) useAgeGate.setState({ required: res.required === true });
    })
    .catch(() => {
      // unknown: not asked now, asked on the next sign-in or load
    });
}

/** A new account signed in (or out): what is known about the previous one is dropped. */
function follow(userId: string | null): void {
  if (userId === loadedFor) return;
  loadedFor = userId;
  answer?.(false);
  useAgeGate.setState({ required: null });
  loading = userId ? load(userId) : null;
}
follow(useAuthStore.getState().user?._id ?? null);
useAuthStore.subscribe((s) => follow(s.user?._id ?? null));

/**
 * Resolves true when a stake or deposit may go on: at once when the account's date of birth is on
 * file, otherwise after the dialog has stored it (false when the player closes the dialog).
 */
export async function ensureAgeAnswered(): Promise<boolean> {
  if (loading) await loading;
  if (useAgeGate.getState().required !== true) return true;
  asked ??= new Promise<boolean>((resolve) => {
    answer = (ok) => {
      answer = null;
      asked = null;
      useAgeGate.setState({ asking: false });
      resolve(ok);
    };
    useAgeGate.setState({ asking: true });
  });
  return asked;
}

/** The dialog's answer was stored: never asked again for this account. */
export function ageAnswered(): void {
  useAgeGate.setState({ required: false });
  answer?.(true);
}

/** The dialog was closed without an answer: the waiting stake or deposit does not go. */
export function ageDismissed(): void {
  answer?.(false);
}

/** localStorage keys named by the spec. */
export const STORAGE_KEYS = {
  token: 'token',
  affiliateCode: 'affiliateCode',
  bootRetries: 'boot-retries',
  /** set once the chat rules were agreed to (spec-2 §4) */
  chatRulesAgreed: 'chat-rules-agreed',
  /** hotkeys, instant mode, sound and bet confirmation (lib/game-settings.ts) */
  gameSettings: 'game-settings',
  /** the live stats panel's figures, chart and place (features/live-stats) */
  liveStats: 'live-stats',
} as const;

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can throw (private mode, disabled storage): every access goes through here. */
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // storage unavailable: the value lives only in memory for this page
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing to remove
  }
}

export const tokenStorage = {
  get: (): string | null => readStorage(STORAGE_KEYS.token),
  set: (token: string): void => writeStorage(STORAGE_KEYS.token, token),
  clear: (): void => removeStorage(STORAGE_KEYS.token),
};

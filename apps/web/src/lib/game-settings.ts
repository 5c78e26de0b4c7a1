import { create } from 'zustand';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

/** The games with an instant (turbo) mode: their result animation is skipped. */
export type InstantGame =
  | 'dice'
  | 'limbo'
  | 'mines'
  | 'upgrader'
  | 'cases'
  | 'plinko'
  | 'wheel'
  | 'keno'
  | 'hilo';

/**
 * The player's betting preferences, remembered in this browser (localStorage 'game-settings'):
 * hotkeys (off by default), instant mode per game, sound, and the bet confirmation thresholds.
 */
export interface GameSettings {
  hotkeys: boolean;
  instant: Partial<Record<InstantGame, boolean>>;
  /** 0 to 1; scales every sound's own (spec) volume. */
  volume: number;
  muted: boolean;
  /** Ask before a bet above this fraction of the balance (0 = never); e.g. 0.5. */
  confirmFraction: number;
  /** Ask before a bet above this many cents (0 = never). */
  confirmAmount: number;
  /** Max asks once: set after the player confirmed a Max bet. */
  maxConfirmed: boolean;
  /** The mines autobet's saved tile pattern (tiles 0–24). */
  minesPattern: number[];
}

export const DEFAULT_SETTINGS: GameSettings = {
  hotkeys: false,
  instant: {},
  volume: 1,
  muted: false,
  // off until the player picks a threshold in Game settings (docs/decisions/web.md, issue 15)
  confirmFraction: 0,
  confirmAmount: 0,
  maxConfirmed: false,
  minesPattern: [],
};

const clamp01 = (n: unknown, fallback: number) =>
  typeof n === 'number' && Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : fallback;

/** Whatever was stored, made valid (a hand-edited or old value never breaks the page). */
export function readSettings(raw: string | null): GameSettings {
  let v: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (typeof parsed === 'object' && parsed !== null) v = parsed as Record<string, unknown>;
  } catch {
    // a broken value: the defaults
  }
  const instant: GameSettings['instant'] = {};
  if (typeof v.instant === 'object' && v.instant !== null) {
    for (const [k, on] of Object.entries(v.instant)) {
      if (
        ['dice', 'limbo', 'mines', 'upgrader', 'cases', 'plinko', 'wheel', 'keno', 'hilo'].includes(k) &&
        on === true
      )
        instant[k as InstantGame] = true;
    }
  }
  const amount = v.confirmAmount;
  return {
    hotkeys: v.hotkeys === true,
    instant,
    volume: clamp01(v.volume, DEFAULT_SETTINGS.volume),
    muted: v.muted === true,
    confirmFraction: clamp01(v.confirmFraction, DEFAULT_SETTINGS.confirmFraction),
    confirmAmount: typeof amount === 'number' && Number.isSafeInteger(amount) && amount >= 0 ? amount : 0,
    maxConfirmed: v.maxConfirmed === true,
    minesPattern: Array.isArray(v.minesPattern)
      ? [...new Set(v.minesPattern.filter((t): t is number => Number.isInteger(t) && t >= 0 && t < 25))]
      : [],
  };
}

interface SettingsStore extends GameSettings {
  update: (patch: Partial<GameSettings>) => void;
  toggleInstant: (game: InstantGame) => void;
}

export const useGameSettings = create<SettingsStore>()((set, get) => {
  const save = (patch: Partial<GameSettings>) => {
    set(patch);
    const { update: _u, toggleInstant: _t, ...values } = get();
    writeStorage(STORAGE_KEYS.gameSettings, JSON.stringify(values));
  };
  return {
    ...readSettings(typeof window === 'undefined' ? null : readStorage(STORAGE_KEYS.gameSettings)),
    update: save,
    toggleInstant: (game) => save({ instant: { ...get().instant, [game]: !get().instant[game] } }),
  };
});

/** True when the game's instant mode is on. */
export const useInstant = (game: InstantGame): boolean => useGameSettings((s) => s.instant[game] === true);

/** The gain sounds play at: 0 when muted. */
export const soundGain = (): number => {
  const s = useGameSettings.getState();
  return s.muted ? 0 : s.volume;
};

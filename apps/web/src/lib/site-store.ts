import { DEFAULT_EDGE_PCT } from '@coinsite/shared/fairness/edge';
import { DEFAULT_MAX_PROFIT_CENTS } from '@coinsite/shared/games';
import { create } from 'zustand';
import { DEFAULT_REFUSED_REGIONS } from '@coinsite/shared/constants';

/**
 * The house edges the server is configured with (DICE/LIMBO/MINES_EDGE_PCT, from GET /api/site).
 * Read at call time by the game math so the screens show exactly what the server pays.
 */
export const gameEdges: { dice: number; limbo: number; mines: number } = {
  dice: DEFAULT_EDGE_PCT.dice,
  limbo: DEFAULT_EDGE_PCT.limbo,
  mines: DEFAULT_EDGE_PCT.mines,
};

/** The most one dice, limbo or mines bet may win over its stake (MAX_PROFIT, from GET /api/site). */
export const gameLimits: { maxProfitCents: number } = { maxProfitCents: DEFAULT_MAX_PROFIT_CENTS };

/** What GET /api/site told us at start (spec-2 app shell). */
export type SiteStatus = 'checking' | 'ready' | 'maintenance' | 'unreachable';

interface SiteState {
  status: SiteStatus;
  /** True when the server answered 200 with maintenanceEnabled (an admin may still use the site). */
  maintenanceEnabled: boolean;
  /** Google reCAPTCHA site key; null means the bot check is off (no script is loaded). */
  recaptchaSiteKey: string | null;
  /** The support address if the server names one (else support@ the site's host). */
  supportEmail: string | null;
  /** States the site refuses (REFUSED_REGIONS): the age and region forms check them as the server does. */
  refusedRegions: readonly string[];
  setStatus: (status: SiteStatus) => void;
  setSite: (site: {
    maintenanceEnabled: boolean;
    recaptchaSiteKey: string | null;
    supportEmail: string | null;
    refusedRegions: readonly string[];
  }) => void;
}

export const useSiteStore = create<SiteState>()((set) => ({
  status: 'checking',
  maintenanceEnabled: false,
  recaptchaSiteKey: null,
  supportEmail: null,
  refusedRegions: DEFAULT_REFUSED_REGIONS,
  setStatus: (status) => set({ status }),
  setSite: (site) => set({ ...site, status: 'ready' }),
}));

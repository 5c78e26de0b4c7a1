import { coinsToCents } from '@coinsite/shared/money';
import { HttpError, http } from '../../lib/http.ts';
import { gameEdges, gameLimits, useSiteStore } from '../../lib/site-store.ts';

const RETRY_KEY = 'site-check-retries';
const BASE_RETRY_MS = 3000;
const MAX_RETRY_MS = 30_000;

interface SiteAnswer {
  maintenanceEnabled?: boolean;
  recaptchaSiteKey?: string | null;
  supportEmail?: string;
  edges?: { dice?: number; limbo?: number; mines?: number };
  maxProfit?: number;
  refusedRegions?: unknown;
}

const regions = (value: unknown, fallback: readonly string[]): readonly string[] =>
  Array.isArray(value) && value.every((r) => typeof r === 'string') ? value : fallback;

const edge = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value < 50 ? value : fallback;

const nonEmpty = (value: unknown): string | null =>
  typeof value === 'string' && value.length > 0 ? value : null;

function readRetries(): number {
  try {
    return Number(window.sessionStorage.getItem(RETRY_KEY) ?? '0') || 0;
  } catch {
    return 0;
  }
}

function writeRetries(n: number): void {
  try {
    if (n === 0) window.sessionStorage.removeItem(RETRY_KEY);
    else window.sessionStorage.setItem(RETRY_KEY, String(n));
  } catch {
    // without session storage every retry waits the base delay
  }
}

/** GET /api/site: 503 means maintenance; any other failure means reload (spec-2 §8). */
export async function checkSite(): Promise<void> {
  const store = useSiteStore.getState();
  try {
    const site = await http.get<SiteAnswer>('/site');
    writeRetries(0);
    gameEdges.dice = edge(site.edges?.dice, gameEdges.dice);
    gameEdges.limbo = edge(site.edges?.limbo, gameEdges.limbo);
    gameEdges.mines = edge(site.edges?.mines, gameEdges.mines);
    if (typeof site.maxProfit === 'number' && site.maxProfit > 0 && Number.isFinite(site.maxProfit))
      gameLimits.maxProfitCents = coinsToCents(site.maxProfit);
    store.setSite({
      maintenanceEnabled: site.maintenanceEnabled === true,
      recaptchaSiteKey: nonEmpty(site.recaptchaSiteKey),
      supportEmail: nonEmpty(site.supportEmail),
      refusedRegions: regions(site.refusedRegions, store.refusedRegions),
    });
  } catch (err) {
    store.setStatus(err instanceof HttpError && err.status === 503 ? 'maintenance' : 'unreachable');
  }
}

/**
 * How long to wait before reloading after a failed check: 3 s, doubling per consecutive failure
 * in this tab, at most 30 s, so a dead server never causes a tight reload loop.
 */
export function scheduleReload(): { delayMs: number; cancel: () => void } {
  const retries = readRetries();
  const delayMs = Math.min(MAX_RETRY_MS, BASE_RETRY_MS * 2 ** Math.min(retries, 4));
  const timer = setTimeout(() => {
    writeRetries(retries + 1);
    window.location.reload();
  }, delayMs);
  return { delayMs, cancel: () => clearTimeout(timer) };
}

/**
 * Whether the provider's banner host answers (issue 28 item 13). A page that asks for 347 banners on
 * a host it cannot reach fills its console with errors, so banners are handed out only once this
 * server has reached the host itself; until then, and whenever it cannot, `banner` is empty and the
 * site draws its generated art. One HEAD request at most every BANNER_PROBE_EVERY_MS, in the
 * background: a list never waits for it.
 */
export const BANNER_PROBE_TIMEOUT_MS = 3_000;
export const BANNER_PROBE_EVERY_MS = 10 * 60_000;

type Probe = (url: string) => Promise<boolean>;

const headOk: Probe = async (url) => {
  try {
    const res = await fetch(url, { method: 'HEAD', signal: AbortSignal.timeout(BANNER_PROBE_TIMEOUT_MS) });
    return res.ok;
  } catch {
    return false;
  }
};

const state = { reachable: false, checkedAt: -Infinity, running: false, probe: headOk };

/** The banner to publish: the provider's when its host was reached, else '' (the generated art). */
export function publishedBanner(banner: string, now = Date.now()): string {
  if (!banner) return '';
  if (!state.running && now - state.checkedAt >= BANNER_PROBE_EVERY_MS) {
    state.running = true;
    state.checkedAt = now;
    void state.probe(banner).then((ok) => {
      state.reachable = ok;
      state.running = false;
    });
  }
  return state.reachable ? banner : '';
}

/** Tests: decide what the probe answers (and forget the last answer). */
export function setBannerProbe(probe: Probe | null): void {
  state.probe = probe ?? headOk;
  state.reachable = false;
  state.checkedAt = -Infinity;
  state.running = false;
}

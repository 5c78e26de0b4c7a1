import { z } from 'zod';

/**
 * Steam sign-in over OpenID 2.0 (Steam is the only provider, so discovery is skipped: the endpoint
 * is configured). Steam answers in stateless mode, so every positive assertion is confirmed by a
 * direct `check_authentication` call to the provider; the caller remembers the response nonce in
 * between to refuse replays (OpenID 2.0 §11.4.2.1 and §11.3).
 */

export const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = `${OPENID_NS}/identifier_select`;
export const RETURN_PATH = '/api/auth/steam/return';
/** How far a nonce's timestamp may be from our clock; older assertions are refused as stale. */
export const NONCE_MAX_SKEW_MS = 5 * 60_000;
const HTTP_TIMEOUT_MS = 5000;
/** Fields whose values we rely on: the provider must have signed every one of them. */
const MUST_BE_SIGNED = [
  'op_endpoint',
  'claimed_id',
  'identity',
  'return_to',
  'response_nonce',
  'assoc_handle',
];

const MALFORMED = 'Steam did not send a valid sign-in response.';

/** A refused assertion; the message is a short sentence the sign-in page shows. */
export class OpenIdError extends Error {}

export interface Assertion {
  steamId: string;
  opEndpoint: string;
  nonce: string;
  nonceIssuedAt: Date;
}

export interface PlayerSummary {
  name: string;
  avatar: string;
}

export interface SteamOpenId {
  readonly returnUrl: string;
  /** Where to send the browser: a checkid_setup request letting the user pick their account. */
  loginUrl(): string;
  /** Every local check of a positive assertion; throws OpenIdError. No I/O. */
  checkAssertion(query: URLSearchParams, now?: number): Assertion;
  /** Asks the provider whether it issued this assertion (and has not confirmed it before). */
  confirmWithProvider(query: URLSearchParams): Promise<void>;
  /** Persona name and avatar via the Web API; null without an API key or when it fails. */
  playerSummary(steamId: string): Promise<PlayerSummary | null>;
}

export interface SteamOptions {
  openIdUrl: string;
  publicUrl: string;
  apiKey?: string;
  apiUrl?: string;
}

export function createSteamOpenId(opts: SteamOptions): SteamOpenId {
  const realm = opts.publicUrl.replace(/\/$/, '');
  const returnUrl = `${realm}${RETURN_PATH}`;
  const claimedIdPattern = new RegExp(
    `^https?://${escapeRegExp(new URL(opts.openIdUrl).host)}/openid/id/(\\d{1,20})$`,
  );
  const apiUrl = (opts.apiUrl ?? 'https://api.steampowered.com').replace(/\/$/, '');

  return {
    returnUrl,

    loginUrl() {
      const q = new URLSearchParams({
        'openid.ns': OPENID_NS,
        'openid.mode': 'checkid_setup',
        'openid.return_to': returnUrl,
        'openid.realm': realm,
        'openid.identity': IDENTIFIER_SELECT,
        'openid.claimed_id': IDENTIFIER_SELECT,
      });
      return `${opts.openIdUrl}?${q}`;
    },

    checkAssertion(query, now = Date.now()) {
      const p = openIdFields(query);
      const mode = p.get('mode');
      if (mode === 'cancel') throw new OpenIdError('Steam sign-in was cancelled.');
      if (mode !== 'id_res' || p.get('ns') !== OPENID_NS) throw new OpenIdError(MALFORMED);
      // We send return_to without a query string, so the provider must echo it back byte for byte.
      if (p.get('return_to') !== returnUrl)
        throw new OpenIdError('This Steam sign-in was meant for another site.');
      if (p.get('op_endpoint') !== opts.openIdUrl)
        throw new OpenIdError('This sign-in did not come from Steam.');
      const claimedId = p.get('claimed_id') ?? '';
      const steamId = claimedId === p.get('identity') ? claimedIdPattern.exec(claimedId)?.[1] : undefined;
      if (!steamId) throw new OpenIdError('Steam did not name a Steam account.');
      const signed = new Set((p.get('signed') ?? '').split(','));
      const allPresent = [...signed].every((field) => p.has(field));
      if (!allPresent || MUST_BE_SIGNED.some((field) => !signed.has(field)) || !p.get('sig')) {
        throw new OpenIdError('The Steam sign-in response is not signed properly.');
      }
      const nonce = p.get('response_nonce') ?? '';
      const issuedAt = nonceTime(nonce);
      if (!issuedAt) throw new OpenIdError(MALFORMED);
      if (Math.abs(now - issuedAt.getTime()) > NONCE_MAX_SKEW_MS) {
        throw new OpenIdError('This Steam sign-in has expired. Please sign in again.');
      }
      return { steamId, opEndpoint: opts.openIdUrl, nonce, nonceIssuedAt: issuedAt };
    },

    async confirmWithProvider(query) {
      const form = new URLSearchParams();
      for (const [key, value] of query) if (key.startsWith('openid.')) form.append(key, value);
      form.set('openid.mode', 'check_authentication');
      let text: string;
      try {
        const res = await fetch(opts.openIdUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
          redirect: 'manual',
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        text = res.status === 200 ? await res.text() : '';
      } catch {
        throw new OpenIdError('Steam could not be reached. Please try again later.');
      }
      // Key-value form (§4.1.1): one `key:value` per line.
      const valid = text.split('\n').some((line) => line.replace(/\r$/, '') === 'is_valid:true');
      if (!valid) throw new OpenIdError('Steam could not confirm this sign-in. Please sign in again.');
    },

    async playerSummary(steamId) {
      if (!opts.apiKey) return null;
      const q = new URLSearchParams({ key: opts.apiKey, steamids: steamId });
      try {
        const res = await fetch(`${apiUrl}/ISteamUser/GetPlayerSummaries/v2/?${q}`, {
          signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
        });
        if (!res.ok) return null;
        const parsed = summaryBody.safeParse(await res.json());
        const player = parsed.success
          ? parsed.data.response.players.find((pl) => pl.steamid === steamId)
          : undefined;
        if (!player) return null;
        return {
          name: player.personaname,
          avatar: player.avatarfull ?? player.avatarmedium ?? player.avatar ?? '',
        };
      } catch {
        return null;
      }
    },
  };
}

/** The `openid.*` fields without their prefix. A repeated field makes the response ambiguous: refused. */
function openIdFields(query: URLSearchParams): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of query) {
    if (!key.startsWith('openid.')) continue;
    const name = key.slice('openid.'.length);
    if (out.has(name)) throw new OpenIdError(MALFORMED);
    out.set(name, value);
  }
  return out;
}

/** §10.1: a UTC timestamp `YYYY-MM-DDTHH:MM:SSZ`, then up to 255 printable ASCII characters in all. */
function nonceTime(nonce: string): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z)[\x21-\x7e]*$/.exec(nonce);
  if (!m?.[1] || nonce.length > 255) return null;
  const t = Date.parse(m[1]);
  return Number.isNaN(t) ? null : new Date(t);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

// The avatar ends up in an <img src>: only http(s) URLs are kept.
const avatarUrl = z
  .string()
  .regex(/^https?:\/\/[^\s"'<>]+$/)
  .max(500);
const summaryBody = z.object({
  response: z.object({
    players: z.array(
      z.object({
        steamid: z.string(),
        personaname: z.string(),
        avatar: avatarUrl.optional().catch(undefined),
        avatarmedium: avatarUrl.optional().catch(undefined),
        avatarfull: avatarUrl.optional().catch(undefined),
      }),
    ),
  }),
});

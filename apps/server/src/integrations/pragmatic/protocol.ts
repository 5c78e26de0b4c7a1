import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Pragmatic Play's seamless wallet protocol, as the provider's servers speak it to the operator
 * (us): form-encoded POSTs to `<wallet url>/<method>.html`, each signed with `hash` = MD5 of the
 * other parameters sorted by name and joined `k=v&k=v`, followed by the secret key; answers are
 * JSON with `error` (0 = success) and `description`. The real provider and the sandbox provider
 * (integrations/pragmatic/sandbox-provider.ts) both call the same endpoints with this signature.
 */
export const PP_METHODS = [
  'authenticate',
  'balance',
  'bet',
  'result',
  'bonusWin',
  'jackpotWin',
  'promoWin',
  'refund',
  'endRound',
] as const;
export type PpMethod = (typeof PP_METHODS)[number];

/** The protocol's error codes (the `error` field). */
export const PP_ERRORS = {
  success: { error: 0, description: 'Success' },
  insufficientBalance: { error: 1, description: 'Insufficient balance' },
  playerNotFound: { error: 2, description: 'Player not found or is logged out' },
  betNotAllowed: { error: 3, description: 'Bet is not allowed' },
  badToken: {
    error: 4,
    description: 'Player authentication failed due to invalid, not found or expired token',
  },
  badHash: { error: 5, description: 'Invalid hash code' },
  frozen: { error: 6, description: 'Player is frozen' },
  badParameters: { error: 7, description: 'Bad parameters in the request' },
  gameNotFound: { error: 8, description: 'Game is not found or disabled' },
  internalRetry: { error: 100, description: 'Internal server error' },
  internalNoRetry: { error: 120, description: 'Internal server error' },
} as const;
export type PpError = (typeof PP_ERRORS)[keyof typeof PP_ERRORS];

/**
 * The answer to a bet whose reference the provider already refunded (its refund arrived first): the
 * protocol has no code of its own for it, so it is error 3 "bet is not allowed" (final, no retry),
 * as it always was here, with a description that says why.
 */
export const PP_BET_REFUNDED = {
  error: PP_ERRORS.betNotAllowed.error,
  description: 'Bet is not allowed: this bet was already refunded',
} as const;

export type PpParams = Record<string, string>;

/** MD5 hex of the sorted `k=v&…` string (without `hash`) followed by the secret key. */
export function ppHash(params: PpParams, secretKey: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'hash')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHash('md5')
    .update(text + secretKey, 'utf8')
    .digest('hex');
}

/** The parameters with their `hash` added. */
export function ppSign(params: PpParams, secretKey: string): PpParams {
  return { ...params, hash: ppHash(params, secretKey) };
}

/** True when `hash` is the signature of the other parameters (constant-time comparison). */
export function ppVerify(params: PpParams, secretKey: string): boolean {
  const given = params.hash;
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{32}$/.test(given)) return false;
  const expected = Buffer.from(ppHash(params, secretKey), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

/**
 * An amount as the protocol writes it (decimal, in the wallet's currency) → integer cents. Up to 6
 * decimals are accepted as long as the value is whole cents; anything else is null (bad parameters).
 */
export function ppAmountCents(value: string | undefined): number | null {
  if (value === undefined || !/^\d{1,12}(\.\d{1,6})?$/.test(value)) return null;
  const [whole = '0', frac = ''] = value.split('.');
  if (frac.length > 2 && !/^0+$/.test(frac.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(frac.slice(0, 2).padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents → the protocol's decimal amount (a JSON number with 2 decimals at most). */
export function ppAmount(cents: number): number {
  return Math.round(cents) / 100;
}

/** Body of an application/x-www-form-urlencoded request → params (the last of a repeated key wins). */
export function parseForm(body: string): PpParams {
  const out: PpParams = {};
  for (const [k, v] of new URLSearchParams(body)) out[k] = v;
  return out;
}

/**
 * The real provider's launch call (its Casino Game API `game/url`): the operator's secure login,
 * the game symbol, our session token and the player id, signed like the wallet calls. Answers the
 * URL the frame opens.
 */
export async function ppLaunchUrl(opts: {
  apiUrl: string;
  secureLogin: string;
  secretKey: string;
  symbol: string;
  token: string;
  playerId: string;
  currency: string;
  language: string;
  lobbyUrl: string;
  fetchImpl?: typeof fetch;
}): Promise<string> {
  const params = ppSign(
    {
      secureLogin: opts.secureLogin,
      symbol: opts.symbol,
      language: opts.language,
      token: opts.token,
      externalPlayerId: opts.playerId,
      currency: opts.currency,
      lobbyUrl: opts.lobbyUrl,
    },
    opts.secretKey,
  );
  const res = await (opts.fetchImpl ?? fetch)(
    `${opts.apiUrl.replace(/\/$/, '')}/IntegrationService/v3/http/CasinoGameAPI/game/url/`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
      signal: AbortSignal.timeout(10_000),
    },
  );
  const body = (await res.json().catch(() => null)) as { error?: unknown; gameURL?: unknown } | null;
  if (!res.ok || !body || String(body.error) !== '0' || typeof body.gameURL !== 'string')
    throw new Error(`the provider refused the launch (HTTP ${res.status}, error ${String(body?.error)})`);
  return body.gameURL;
}

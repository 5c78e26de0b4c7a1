import { createHmac, randomBytes } from 'node:crypto';
import type { SkinGame } from '@coinsite/shared';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db-types.ts';
import { ProviderError } from './card.ts';

/**
 * Skin payments (SkinsBack). The site creates an order and sends the player to the provider's page,
 * where they trade skins; the provider then posts a signed callback to /api/callbacks/skinsback with
 * the order's dollar value, which is the only thing that credits. The sandbox page lives under
 * /sandbox/skinsback/:hash and posts the same signed callback.
 */
export interface SkinsProvider {
  readonly sandbox: boolean;
  readonly callbackSecret: string;
  createOrder(p: { orderId: string; game: SkinGame }): Promise<{ hash: string; url: string }>;
}

/** SkinsBack signs API calls with HMAC-SHA1 over the sorted "key:value;" pairs of the flat params. */
export function skinsbackSign(params: Record<string, string | number>, secret: string): string {
  const text = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}:${params[k]};`)
    .join('');
  return createHmac('sha1', secret).update(text).digest('hex');
}

export function skinsbackProvider(opts: {
  apiUrl: string;
  shopId: string;
  secret: string;
  fetchImpl?: typeof fetch;
}): SkinsProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    sandbox: false,
    callbackSecret: opts.secret,
    async createOrder(p) {
      const params: Record<string, string | number> = {
        method: 'create',
        order_id: p.orderId,
        shopid: opts.shopId,
      };
      params.sign = skinsbackSign(params, opts.secret);
      type CreateAnswer = { status?: string; url?: string; transaction_id?: string | number };
      let json: CreateAnswer | null;
      try {
        const res = await doFetch(opts.apiUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(params),
          signal: AbortSignal.timeout(15_000),
        });
        json = (await res.json().catch(() => null)) as CreateAnswer | null;
      } catch {
        throw new ProviderError('The skin marketplace could not be reached. Please try again later.');
      }
      if (json?.status !== 'success' || !json.url)
        throw new ProviderError('The skin marketplace refused the order. Please try again later.');
      const hash = new URL(json.url).searchParams.get('hash') ?? String(json.transaction_id ?? p.orderId);
      return { hash, url: json.url };
    },
  };
}

export function sandboxSkins(db: Kysely<DB>, secret: string): SkinsProvider {
  return {
    sandbox: true,
    callbackSecret: secret,
    async createOrder(p) {
      const hash = randomBytes(16).toString('hex');
      await db
        .insertInto('sandbox_payments')
        .values({
          id: `sbx_skins_${hash}`,
          provider: 'skinsback',
          status: 'pending',
          data: JSON.stringify({ orderId: p.orderId, game: p.game }),
        })
        .execute();
      return { hash, url: `/sandbox/skinsback/${hash}` };
    },
  };
}

/** What the sandbox marketplace offers per game: name and dollar value. */
export const SANDBOX_SKINS: Record<SkinGame, Array<{ name: string; usdCents: number }>> = {
  csgo: [
    { name: 'AK-47 | Redline (Field-Tested)', usdCents: 1_250 },
    { name: 'AWP | Asiimov (Battle-Scarred)', usdCents: 4_800 },
    { name: 'Glock-18 | Water Elemental (Minimal Wear)', usdCents: 520 },
  ],
  rust: [
    { name: 'Tempered AK47', usdCents: 2_100 },
    { name: 'Big Grin', usdCents: 760 },
  ],
  dota2: [
    { name: 'Inscribed Dragonclaw Hook', usdCents: 9_900 },
    { name: 'Genuine Weather Rain', usdCents: 600 },
  ],
};

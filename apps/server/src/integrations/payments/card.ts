import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db-types.ts';

/**
 * Card payments (ArkPay). The site creates a payment and sends the player to the provider's hosted
 * checkout; the provider later posts a signed status webhook to /api/callbacks/arkpay, which is
 * the only thing that credits. The sandbox keeps its payments in sandbox_payments and serves the
 * checkout itself (/sandbox/arkpay/checkout/:id); its Pay and Cancel buttons post the same signed
 * webhook the real provider would.
 */
export interface CardProvider {
  readonly sandbox: boolean;
  /** Secret of the webhook signature (signing.ts). */
  readonly webhookSecret: string;
  createPayment(p: {
    merchantTransactionId: string;
    usdCents: number;
    description: string;
  }): Promise<{ paymentId: string; redirectUrl: string }>;
}

export class ProviderError extends Error {}

export function arkpayCard(opts: {
  apiUrl: string;
  apiKey: string;
  secret: string;
  fetchImpl?: typeof fetch;
}): CardProvider {
  const doFetch = opts.fetchImpl ?? fetch;
  return {
    sandbox: false,
    webhookSecret: opts.secret,
    async createPayment(p) {
      const body = JSON.stringify({
        merchantTransactionId: p.merchantTransactionId,
        amount: p.usdCents / 100,
        currency: 'USD',
        description: p.description,
        handlePayment: false,
      });
      const endpoint = `${opts.apiUrl.replace(/\/$/, '')}/merchant/api/transactions`;
      // ArkPay signs API calls as HMAC-SHA256 over "<METHOD> <path>\n<body>" with the store secret.
      const path = new URL(endpoint).pathname;
      const signature = createHmac('sha256', opts.secret).update(`POST ${path}\n${body}`).digest('hex');
      let res: Response;
      try {
        res = await doFetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': opts.apiKey, signature },
          body,
          signal: AbortSignal.timeout(15_000),
        });
      } catch {
        throw new ProviderError('The card provider could not be reached. Please try again later.');
      }
      const json = (await res.json().catch(() => null)) as {
        transaction?: { id?: string; redirectUrl?: string };
        redirectUrl?: string;
      } | null;
      const paymentId = json?.transaction?.id;
      const redirectUrl = json?.redirectUrl ?? json?.transaction?.redirectUrl;
      if (!res.ok || !paymentId || !redirectUrl)
        throw new ProviderError('The card provider refused the payment. Please try again later.');
      return { paymentId: String(paymentId), redirectUrl };
    },
  };
}

/** What a sandbox checkout keeps of its one-time owner token (the token itself only travels in its URL). */
export const sandboxOwnerHash = (token: string) =>
  createHash('sha256').update(`owner:${token}`).digest('hex');

export function sandboxCard(db: Kysely<DB>, secret: string): CardProvider {
  return {
    sandbox: true,
    webhookSecret: secret,
    async createPayment(p) {
      const paymentId = `sbx_card_${randomBytes(12).toString('hex')}`;
      // a one-time owner token in the checkout's address (issue 27): the page trades it for its
      // owner cookie, which a call from another origin (the original client) could not set
      const owner = randomBytes(24).toString('hex');
      await db
        .insertInto('sandbox_payments')
        .values({
          id: paymentId,
          provider: 'arkpay',
          status: 'NOT_STARTED',
          data: JSON.stringify({
            merchantTransactionId: p.merchantTransactionId,
            usdCents: p.usdCents,
            description: p.description,
            ownerHash: sandboxOwnerHash(owner),
          }),
        })
        .execute();
      // Relative: the checkout is served by this site, on whatever origin the player uses.
      return { paymentId, redirectUrl: `/sandbox/arkpay/checkout/${paymentId}?owner=${owner}` };
    },
  };
}

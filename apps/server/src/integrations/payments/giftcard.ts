import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db-types.ts';

/**
 * Gift cards (sold on Kinguin). The marketplace sells codes the operator has imported; the site
 * stores only their SHA-256, so a database leak does not leak spendable codes. There is no outgoing
 * call: the "real adapter" is the operator's import (PUT /api/external/v1/giftcards/import); the
 * sandbox seeds the test codes below at boot (README), and GIFTCARD_SANDBOX_CODES=false removes the
 * unredeemed ones.
 */

/** Codes are compared without case, spaces or dashes, so "abcd-efgh" and "ABCDEFGH" are one code. */
export function normaliseGiftCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

export function hashGiftCode(code: string): string {
  return createHash('sha256')
    .update(`giftcard:${normaliseGiftCode(code)}`)
    .digest('hex');
}

/** Listed in README.md; single use each, like real codes. */
export const SANDBOX_GIFT_CODES: ReadonlyArray<{ code: string; valueUsd: number }> = [
  { code: 'SANDBOX-GIFT-5-A', valueUsd: 5 },
  { code: 'SANDBOX-GIFT-5-B', valueUsd: 5 },
  { code: 'SANDBOX-GIFT-10-A', valueUsd: 10 },
  { code: 'SANDBOX-GIFT-10-B', valueUsd: 10 },
  { code: 'SANDBOX-GIFT-15-A', valueUsd: 15 },
  { code: 'SANDBOX-GIFT-20-A', valueUsd: 20 },
  { code: 'SANDBOX-GIFT-50-A', valueUsd: 50 },
  { code: 'SANDBOX-GIFT-100-A', valueUsd: 100 },
];

export async function syncSandboxGiftCodes(db: Kysely<DB>, enabled: boolean): Promise<void> {
  if (!enabled) {
    await db.deleteFrom('gift_cards').where('sandbox', '=', true).where('redeemed_by', 'is', null).execute();
    return;
  }
  await db
    .insertInto('gift_cards')
    .values(
      SANDBOX_GIFT_CODES.map((c) => ({
        code_hash: hashGiftCode(c.code),
        value_usd: c.valueUsd,
        sandbox: true,
      })),
    )
    .onConflict((oc) => oc.column('code_hash').doNothing())
    .execute();
}

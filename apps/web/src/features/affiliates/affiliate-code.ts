import { openDialog } from '../../lib/dialog-store.ts';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';

/** /a/{code}: remember the code until a signed-in session exists. */
export function storeAffiliateCode(code: string): void {
  const trimmed = code.trim();
  if (trimmed) writeStorage(STORAGE_KEYS.affiliateCode, trimmed);
}

/** Once signed in: a stored code is removed and the claim dialog opens with it (spec-2). */
export function claimStoredAffiliateCode(): void {
  const code = readStorage(STORAGE_KEYS.affiliateCode);
  if (!code) return;
  removeStorage(STORAGE_KEYS.affiliateCode);
  openDialog({ name: 'affiliateClaim', code });
}

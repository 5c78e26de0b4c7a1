import { Address, NETWORK } from '@scure/btc-signer';
import { isAddress } from 'ethers';
import { LTC_NETWORK } from './derive.ts';

/** Whether a withdrawal destination is a well-formed mainnet address of its chain (checksums included). */
export function isValidAddress(currency: 'BTC' | 'LTC' | 'ETH', address: string): boolean {
  if (currency === 'ETH') {
    // all-lowercase or all-uppercase carries no checksum; mixed case must match EIP-55
    return isAddress(address);
  }
  try {
    Address(currency === 'BTC' ? NETWORK : LTC_NETWORK).decode(address);
    return true;
  } catch {
    return false;
  }
}

/** A cashtag: "$" then a letter and up to 19 letters, digits or underscores ($ optional when typed). */
export function normaliseCashtag(text: string): string | null {
  const tag = text.trim().startsWith('$') ? text.trim() : `$${text.trim()}`;
  return /^\$[A-Za-z][A-Za-z0-9_]{0,19}$/.test(tag) ? tag : null;
}

import type { CryptoCurrency } from '@coinsite/shared';

/**
 * A chain watcher reports transfers to our deposit addresses with their confirmation count; the
 * cashier records each as a pending deposit and credits it once it reaches the configured depth
 * (8 confirmations by default). Real watchers read a Blockbook indexer (BTC, LTC, DOGE, ETH/USDC,
 * BSC/USDT) or a Solana RPC node; the sandbox chain is a table an admin or a test writes to.
 */
export interface ObservedTransfer {
  currency: CryptoCurrency;
  txid: string;
  /** Output (UTXO), token-transfer position (EVM) or 0: with txid, identifies one payment. */
  index: number;
  address: string;
  /** In the coin's smallest unit. */
  amount: bigint;
  confirmations: number;
}

export interface ChainWatcher {
  readonly currency: CryptoCurrency;
  readonly sandbox: boolean;
  transfersTo(addresses: string[]): Promise<ObservedTransfer[]>;
}

/** 1234500n with 8 decimals → "0.012345". */
export function formatUnits(amount: bigint, decimals: number): string {
  const base = 10n ** BigInt(decimals);
  const whole = amount / base;
  const frac = (amount % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** "0.0125" with 8 decimals → 1250000n; null when it has more decimals than the coin. */
export function parseUnits(text: string, decimals: number): bigint | null {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const frac = m[2] ?? '';
  if (frac.length > decimals) return null;
  return BigInt(m[1] ?? '0') * 10n ** BigInt(decimals) + BigInt(frac.padEnd(decimals, '0') || '0');
}

/** Dollar cents of an amount at a dollar rate per unit, floored (the rate kept to 6 decimals). */
export function usdCentsOf(amount: bigint, decimals: number, usdPerUnit: number): number {
  const rateMicro = BigInt(Math.round(usdPerUnit * 1_000_000));
  const cents = (amount * rateMicro * 100n) / (10n ** BigInt(decimals) * 1_000_000n);
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('deposit too large');
  return Number(cents);
}

import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@coinsite/shared';
import type { HDKey } from '@scure/bip32';
import type { Kysely } from 'kysely';
import type { CashierConfig } from '../../economy/cashier/cashier.config.ts';
import { ConfigError } from '../../platform/config.ts';
import type { DB } from '../../platform/db-types.ts';
import { blockbookWatcher } from './blockbook.ts';
import {
  type AddressKind,
  accountXpub,
  addressFromPublicKey,
  childPublicKey,
  KeyError,
  mnemonicSeed,
  parseXpub,
  solanaAddress,
} from './derive.ts';
import { sandboxWatcher } from './sandbox-chain.ts';
import { solanaWatcher } from './solana-rpc.ts';
import type { ChainWatcher } from './watcher.ts';

/**
 * The published BIP39 test mnemonic (BIP84/BIP44 test vectors). Its keys are public knowledge, so
 * it only ever backs the sandbox: with it, deposit addresses look real but are watched on the
 * sandbox chain only. Configuring a real watcher without real keys stops boot.
 */
export const SANDBOX_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

const SANDBOX_PATHS: Record<Exclude<AddressKind, 'sol'>, string> = {
  btc: "m/84'/0'/0'",
  ltc: "m/84'/2'/0'",
  doge: "m/44'/3'/0'",
  evm: "m/44'/60'/0'",
};

export interface CryptoSetup {
  /** True when any address family uses the sandbox keys. */
  sandboxKeys: boolean;
  addressFor(kind: AddressKind, index: number): string;
  watchers: Record<CryptoCurrency, ChainWatcher>;
  /** True when every watcher is the sandbox chain. */
  sandbox: boolean;
}

// The sandbox keys are the same for every app in the process: derive them once.
let sandboxKeys: { seed: Uint8Array; xpubs: Map<string, string> } | null = null;
function sandboxXpub(path: string): string {
  sandboxKeys ??= { seed: mnemonicSeed(SANDBOX_MNEMONIC), xpubs: new Map() };
  let xpub = sandboxKeys.xpubs.get(path);
  if (!xpub) {
    xpub = accountXpub(sandboxKeys.seed, path);
    sandboxKeys.xpubs.set(path, xpub);
  }
  return xpub;
}
function sandboxSeed(): Uint8Array {
  sandboxKeys ??= { seed: mnemonicSeed(SANDBOX_MNEMONIC), xpubs: new Map() };
  return sandboxKeys.seed;
}

export function cryptoSetup(db: Kysely<DB>, cfg: CashierConfig): CryptoSetup {
  const keyEnv: Record<Exclude<AddressKind, 'sol'>, [string, string | undefined]> = {
    btc: ['CRYPTO_XPUB_BTC', cfg.CRYPTO_XPUB_BTC],
    ltc: ['CRYPTO_XPUB_LTC', cfg.CRYPTO_XPUB_LTC],
    doge: ['CRYPTO_XPUB_DOGE', cfg.CRYPTO_XPUB_DOGE],
    evm: ['CRYPTO_XPUB_ETH', cfg.CRYPTO_XPUB_ETH],
  };
  const accounts = {} as Record<Exclude<AddressKind, 'sol'>, HDKey>;
  let usesSandboxKeys = false;
  for (const kind of Object.keys(keyEnv) as Array<Exclude<AddressKind, 'sol'>>) {
    const [name, value] = keyEnv[kind];
    try {
      accounts[kind] = parseXpub(value ?? sandboxXpub(SANDBOX_PATHS[kind]));
    } catch (err) {
      if (err instanceof KeyError)
        throw new ConfigError(`Invalid environment variable ${name}: ${err.message}`);
      throw err;
    }
    if (!value) usesSandboxKeys = true;
  }
  const solSeed = cfg.CRYPTO_SOL_SEED
    ? new Uint8Array(Buffer.from(cfg.CRYPTO_SOL_SEED, 'hex'))
    : sandboxSeed();
  if (!cfg.CRYPTO_SOL_SEED) usesSandboxKeys = true;

  const real: Partial<Record<CryptoCurrency, ChainWatcher>> = {};
  const bb = (
    currency: CryptoCurrency,
    url: string | undefined,
    mode: 'utxo' | 'evm-native' | 'evm-token',
    contract?: string,
  ) => {
    if (url) real[currency] = blockbookWatcher({ currency, baseUrl: url, mode, contract });
  };
  bb('btc', cfg.CRYPTO_BLOCKBOOK_BTC, 'utxo');
  bb('ltc', cfg.CRYPTO_BLOCKBOOK_LTC, 'utxo');
  bb('doge', cfg.CRYPTO_BLOCKBOOK_DOGE, 'utxo');
  bb('eth', cfg.CRYPTO_BLOCKBOOK_ETH, 'evm-native');
  bb('usdc', cfg.CRYPTO_BLOCKBOOK_ETH, 'evm-token', cfg.CRYPTO_USDC_CONTRACT);
  bb('usdt', cfg.CRYPTO_BLOCKBOOK_BSC, 'evm-token', cfg.CRYPTO_USDT_CONTRACT);
  if (cfg.CRYPTO_SOL_RPC_URL) real.sol = solanaWatcher({ rpcUrl: cfg.CRYPTO_SOL_RPC_URL });

  const needs: Record<CryptoCurrency, [string, boolean]> = {
    btc: ['CRYPTO_XPUB_BTC', !!cfg.CRYPTO_XPUB_BTC],
    ltc: ['CRYPTO_XPUB_LTC', !!cfg.CRYPTO_XPUB_LTC],
    doge: ['CRYPTO_XPUB_DOGE', !!cfg.CRYPTO_XPUB_DOGE],
    eth: ['CRYPTO_XPUB_ETH', !!cfg.CRYPTO_XPUB_ETH],
    usdc: ['CRYPTO_XPUB_ETH', !!cfg.CRYPTO_XPUB_ETH],
    usdt: ['CRYPTO_XPUB_ETH', !!cfg.CRYPTO_XPUB_ETH],
    sol: ['CRYPTO_SOL_SEED', !!cfg.CRYPTO_SOL_SEED],
  };
  for (const currency of CRYPTO_CURRENCIES) {
    const [name, configured] = needs[currency];
    if (real[currency] && !configured)
      throw new ConfigError(
        `${name} must be set before a real ${currency.toUpperCase()} watcher is configured`,
      );
  }

  const watchers = Object.fromEntries(
    CRYPTO_CURRENCIES.map((c) => [c, real[c] ?? sandboxWatcher(db, c)]),
  ) as Record<CryptoCurrency, ChainWatcher>;

  return {
    sandboxKeys: usesSandboxKeys,
    sandbox: CRYPTO_CURRENCIES.every((c) => watchers[c].sandbox),
    watchers,
    addressFor(kind, index) {
      if (kind === 'sol') return solanaAddress(solSeed, index);
      return addressFromPublicKey(kind, childPublicKey(accounts[kind], index));
    },
  };
}

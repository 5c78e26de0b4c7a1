import { createHmac, createPrivateKey, createPublicKey, pbkdf2Sync } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { HDKey } from '@scure/bip32';
import { base58, createBase58check } from '@scure/base';
import { NETWORK, p2pkh, p2wpkh } from '@scure/btc-signer';

type BTC_NETWORK = typeof NETWORK;
import { computeAddress } from 'ethers';

/**
 * Deposit addresses derived offline from the operator's account-level extended public keys
 * (BIP32): the server never holds a key that can spend BTC, LTC, DOGE or EVM funds. Address n of an
 * account is its external chain's child n (…/0/n); n is the user's id. Solana has no public
 * derivation (ed25519, hardened only), so SOL addresses come from a configured seed (SLIP-0010,
 * m/44'/501'/n'/0', the path of the common Solana wallets).
 */
export type AddressKind = 'btc' | 'ltc' | 'doge' | 'evm' | 'sol';

const b58check = createBase58check(sha256);

export const LTC_NETWORK: BTC_NETWORK = { bech32: 'ltc', pubKeyHash: 0x30, scriptHash: 0x32, wif: 0xb0 };
export const DOGE_NETWORK: BTC_NETWORK = { bech32: 'doge', pubKeyHash: 0x1e, scriptHash: 0x16, wif: 0x9e };

export class KeyError extends Error {}

/**
 * Parses any SLIP-0132 flavour of extended public key (xpub, ypub, zpub, Ltub, dgub, …): the
 * version bytes only name the flavour, the key material is the same. Private keys are refused.
 */
export function parseXpub(text: string): HDKey {
  let raw: Uint8Array;
  try {
    raw = b58check.decode(text.trim());
  } catch {
    throw new KeyError('is not a valid extended public key (bad base58 checksum)');
  }
  if (raw.length !== 78) throw new KeyError('is not a valid extended public key (wrong length)');
  // key data starts at byte 45: 0x02/0x03 for a public key, 0x00 for a private one
  if (raw[45] === 0) throw new KeyError('is a private key: configure the account xpub, never the xprv');
  const version =
    ((raw[0] ?? 0) * 2 ** 24 + ((raw[1] ?? 0) << 16) + ((raw[2] ?? 0) << 8) + (raw[3] ?? 0)) >>> 0;
  try {
    return HDKey.fromExtendedKey(text.trim(), { public: version, private: 0 });
  } catch {
    throw new KeyError('is not a valid extended public key');
  }
}

/** The public key of address n on the account's external chain (…/0/n). */
export function childPublicKey(account: HDKey, index: number): Uint8Array {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError('bad address index');
  const key = account.deriveChild(0).deriveChild(index).publicKey;
  if (!key) throw new KeyError('derivation gave no public key');
  return key;
}

export function addressFromPublicKey(kind: Exclude<AddressKind, 'sol'>, publicKey: Uint8Array): string {
  switch (kind) {
    case 'btc':
      return p2wpkh(publicKey, NETWORK).address ?? '';
    case 'ltc':
      return p2wpkh(publicKey, LTC_NETWORK).address ?? '';
    case 'doge':
      return p2pkh(publicKey, DOGE_NETWORK).address ?? '';
    case 'evm':
      return computeAddress(`0x${Buffer.from(publicKey).toString('hex')}`);
  }
}

/** SLIP-0010 ed25519: hardened-only derivation from a seed. */
function slip10Ed25519(seed: Uint8Array, path: number[]): Buffer {
  let I = createHmac('sha512', 'ed25519 seed').update(seed).digest();
  let key = I.subarray(0, 32);
  let chain = I.subarray(32);
  for (const index of path) {
    const data = Buffer.alloc(37);
    key.copy(data, 1);
    data.writeUInt32BE((index | 0x80000000) >>> 0, 33);
    I = createHmac('sha512', chain).update(data).digest();
    key = I.subarray(0, 32);
    chain = I.subarray(32);
  }
  return Buffer.from(key);
}

const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** The Solana address (base58 of the ed25519 public key) of account n: m/44'/501'/n'/0'. */
export function solanaAddress(seed: Uint8Array, index: number): string {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31) throw new RangeError('bad address index');
  const priv = slip10Ed25519(seed, [44, 501, index, 0]);
  const key = createPrivateKey({
    key: Buffer.concat([ED25519_PKCS8_PREFIX, priv]),
    format: 'der',
    type: 'pkcs8',
  });
  const spki = createPublicKey(key).export({ format: 'der', type: 'spki' });
  return base58.encode(new Uint8Array(spki.subarray(spki.length - 32)));
}

/** BIP39 seed of a mnemonic (no wordlist check: used for the published test mnemonic only). */
export function mnemonicSeed(mnemonic: string, passphrase = ''): Uint8Array {
  return new Uint8Array(
    pbkdf2Sync(mnemonic.normalize('NFKD'), `mnemonic${passphrase}`.normalize('NFKD'), 2048, 64, 'sha512'),
  );
}

/** The account-level xpub of a path from a seed (sandbox keys and tests). */
export function accountXpub(seed: Uint8Array, path: string): string {
  return HDKey.fromMasterSeed(seed).derive(path).publicExtendedKey;
}

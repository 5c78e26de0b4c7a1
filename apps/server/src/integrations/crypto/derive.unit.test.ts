import { HDKey } from '@scure/bip32';
import { NETWORK, p2pkh } from '@scure/btc-signer';
import { describe, expect, it } from 'vitest';
import {
  accountXpub,
  addressFromPublicKey,
  childPublicKey,
  mnemonicSeed,
  parseXpub,
  solanaAddress,
} from './derive.ts';
import { SANDBOX_MNEMONIC } from './setup.ts';
import { isValidAddress, normaliseCashtag } from './validate.ts';
import { formatUnits, parseUnits, usdCentsOf } from './watcher.ts';

// Published vectors: BIP32 test vector 1, BIP84 (its zpub and addresses), the BIP44 addresses of
// the "abandon … about" test mnemonic that wallets publish for BTC, ETH, LTC, DOGE and Solana.
const TV1_SEED = '000102030405060708090a0b0c0d0e0f';
const TV1_M =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
const TV1_M_0H =
  'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
const TV1_M_0H_1 =
  'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ';
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

describe('deposit address derivation against published test vectors', () => {
  it('BIP32 test vector 1: master xpub and public child derivation from a published xpub', () => {
    expect(HDKey.fromMasterSeed(Buffer.from(TV1_SEED, 'hex')).publicExtendedKey).toBe(TV1_M);
    // m/0H/1 derived from the *public* m/0H key equals the vector's m/0H/1 xpub
    expect(parseXpub(TV1_M_0H).deriveChild(1).publicExtendedKey).toBe(TV1_M_0H_1);
  });

  it('BIP84: the published zpub gives the published receive addresses', () => {
    const account = parseXpub(BIP84_ZPUB);
    expect(addressFromPublicKey('btc', childPublicKey(account, 0))).toBe(
      'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
    );
    expect(addressFromPublicKey('btc', childPublicKey(account, 1))).toBe(
      'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g',
    );
    // and the test mnemonic derives that same account key
    const seed = mnemonicSeed(SANDBOX_MNEMONIC);
    expect(parseXpub(accountXpub(seed, "m/84'/0'/0'")).publicKey).toEqual(account.publicKey);
  });

  it('BIP44 addresses of the test mnemonic: BTC (P2PKH), ETH, DOGE; BIP84 LTC; Solana', () => {
    const seed = mnemonicSeed(SANDBOX_MNEMONIC);
    const first = (path: string) => childPublicKey(parseXpub(accountXpub(seed, path)), 0);
    expect(p2pkh(first("m/44'/0'/0'"), NETWORK).address).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
    expect(addressFromPublicKey('evm', first("m/44'/60'/0'"))).toBe(
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
    );
    expect(addressFromPublicKey('doge', first("m/44'/3'/0'"))).toBe('DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC');
    expect(addressFromPublicKey('ltc', first("m/84'/2'/0'"))).toBe(
      'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh',
    );
    expect(solanaAddress(seed, 0)).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('refuses private and malformed keys', () => {
    const xprv = HDKey.fromMasterSeed(Buffer.from(TV1_SEED, 'hex')).privateExtendedKey;
    expect(() => parseXpub(xprv)).toThrow(/private key/);
    expect(() => parseXpub(`${TV1_M.slice(0, -1)}9`)).toThrow(/checksum/);
  });
});

describe('withdrawal address checks', () => {
  it('accepts well-formed mainnet addresses and refuses the rest', () => {
    expect(isValidAddress('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu')).toBe(true);
    expect(isValidAddress('BTC', '1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA')).toBe(true);
    expect(isValidAddress('BTC', 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyv')).toBe(false);
    expect(isValidAddress('BTC', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh')).toBe(false);
    expect(isValidAddress('LTC', 'ltc1qjmxnz78nmc8nq77wuxh25n2es7rzm5c2rkk4wh')).toBe(true);
    expect(isValidAddress('ETH', '0x9858EfFD232B4033E47d90003D41EC34EcaEda94')).toBe(true);
    expect(isValidAddress('ETH', '0x9858EfFD232B4033E47d90003D41EC34EcaEda95')).toBe(false);
    expect(normaliseCashtag('JohnDoe')).toBe('$JohnDoe');
    expect(normaliseCashtag('$1abc')).toBeNull();
  });
});

describe('crypto amounts', () => {
  it('converts units and dollars exactly', () => {
    expect(parseUnits('0.0125', 8)).toBe(1_250_000n);
    expect(parseUnits('1.123456789', 8)).toBeNull();
    expect(formatUnits(1_250_000n, 8)).toBe('0.0125');
    expect(formatUnits(10n ** 18n, 18)).toBe('1');
    // 0.5 LTC at $80 = $40.00; 0.000001 BTC at $60,000 = 6 cents
    expect(usdCentsOf(50_000_000n, 8, 80)).toBe(4000);
    expect(usdCentsOf(100n, 8, 60_000)).toBe(6);
    expect(usdCentsOf(10n ** 15n, 18, 3000)).toBe(300);
  });
});

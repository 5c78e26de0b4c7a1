import { describe, expect, it } from 'vitest';
import { cashAppProvider, parseReceiptJson, parseUsd } from './cashapp.ts';
import { hashGiftCode } from './giftcard.ts';
import { signDelivery, verifyDelivery } from './signing.ts';
import { skinsbackSign } from './skins.ts';

const SECRET = 'a-test-secret-of-some-length';
const NOW = 1_700_000_000_000;

describe('delivery signatures', () => {
  const body = '{"id":"p1","status":"COMPLETED"}';
  const check = (header: string | undefined, raw = body, nowMs = NOW) =>
    verifyDelivery({ secret: SECRET, header, rawBody: raw, nowMs });

  it('accepts its own signature and refuses tampering, other secrets and garbage', () => {
    const header = signDelivery(SECRET, body, NOW);
    expect(check(header)).toBe('ok');
    expect(check(header, body.replace('p1', 'p2'))).toBe('bad_signature');
    expect(check(signDelivery('another-secret-entirely', body, NOW))).toBe('bad_signature');
    expect(check(undefined)).toBe('missing');
    expect(check('t=1,v1=zz')).toBe('bad_signature');
    expect(check(header.replace(/v1=../, 'v1=00'))).toBe('bad_signature');
  });

  it('refuses deliveries signed more than five minutes away', () => {
    const header = signDelivery(SECRET, body, NOW - 6 * 60_000);
    expect(check(header)).toBe('stale');
    expect(check(signDelivery(SECRET, body, NOW - 4 * 60_000))).toBe('ok');
  });
});

describe('CashApp receipts', () => {
  const provider = (sandbox: boolean) =>
    cashAppProvider({ sandbox, cashtag: '$Shop', fetchJson: async () => null });

  it('reads receipt ids from web receipt links only', () => {
    expect(provider(false).receiptIdFromLink('https://cash.app/payments/abc123def/receipt?utm=x')).toBe(
      'abc123def',
    );
    expect(provider(false).receiptIdFromLink('http://cash.app/payments/abc123def/receipt')).toBeNull();
    expect(provider(false).receiptIdFromLink('https://evil.app/payments/abc123def/receipt')).toBeNull();
    expect(
      provider(false).receiptIdFromLink('https://x.test/sandbox/cashapp/payments/abc123def/receipt'),
    ).toBeNull();
    expect(
      provider(true).receiptIdFromLink('https://x.test/sandbox/cashapp/payments/abc123def/receipt'),
    ).toBe('abc123def');
    expect(provider(true).receiptIdFromLink('not a link')).toBeNull();
  });

  it('parses amount, note, recipient and status', () => {
    expect(parseUsd('$5.50')).toBe(550);
    expect(parseUsd('$1,000')).toBe(100_000);
    expect(parseUsd('five')).toBeNull();
    expect(
      parseReceiptJson('r1', {
        notes: ' CSABC ',
        header_subtext: 'Payment to $Shop',
        status_treatment: 'SUCCESS',
        detail_rows: [{ label: 'Amount', value: '$6.00' }],
      }),
    ).toEqual({ receiptId: 'r1', amountUsdCents: 600, note: 'CSABC', recipient: '$Shop', completed: true });
  });
});

describe('provider helpers', () => {
  it('hashes gift codes without case, spaces or dashes', () => {
    expect(hashGiftCode('abcd-efgh ')).toBe(hashGiftCode('ABCDEFGH'));
    expect(hashGiftCode('ABCDEFGH')).not.toBe(hashGiftCode('ABCDEFGI'));
  });
  it('signs SkinsBack API calls over sorted key:value pairs', () => {
    const a = skinsbackSign({ order_id: 5, method: 'create', shopid: '9' }, SECRET);
    const b = skinsbackSign({ shopid: '9', method: 'create', order_id: 5, sign: 'ignored' }, SECRET);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{40}$/);
  });
});

import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import { adjustBalanceBody } from './admin.ts';
import { confirmTxBody } from './cashier.ts';
import { coinAmount, firstIssue, signedCoinAmount, text } from './common.ts';
import { couponRedeemBody, couponCreateBody, affiliateRedeemBody } from './economy.ts';
import {
  diceBetPayload,
  limboBetPayload,
  minesBetPayload,
  minesRevealPayload,
  upgraderAttemptPayload,
} from './games.ts';
import { crashJoinPayload } from './crash.ts';
import { battleSeatPayload } from './battles.ts';
import { casesOpenPayload } from './cases.ts';

/** Values z.coerce.number turned into numbers: true → 1, [1] → 1, "0x1" → 1, "1e3" → 1000… */
const COERCED = [
  true,
  false,
  [1],
  ['5'],
  '0x1',
  '0x10',
  '1e3',
  ' 5',
  '5 ',
  '',
  '+5',
  '1_000',
  {},
  null,
  'Infinity',
  'NaN',
];

describe('money fields take a JSON number or a plain decimal string, nothing else (issue 9 item 7)', () => {
  it.each(COERCED)('coinAmount refuses %j with a sentence', (bad) => {
    const r = coinAmount.safeParse(bad);
    expect(r.success).toBe(false);
    if (!r.success) expect(firstIssue(r.error)).toBe('Amount must be a number.');
  });
  it.each(COERCED)('signedCoinAmount refuses %j', (bad) => {
    expect(signedCoinAmount.safeParse(bad).success).toBe(false);
  });
  it('accepts numbers and 2-decimal strings', () => {
    expect(coinAmount.parse(12.5)).toBe(12.5);
    expect(coinAmount.parse('12')).toBe(12);
    expect(coinAmount.parse('12.34')).toBe(12.34);
    expect(coinAmount.safeParse('12.345').success).toBe(false);
    expect(coinAmount.safeParse('.5').success).toBe(false);
    expect(coinAmount.safeParse(-1).success).toBe(false);
    expect(coinAmount.safeParse('-1').success).toBe(false);
    expect(coinAmount.safeParse(Number.POSITIVE_INFINITY).success).toBe(false);
    expect(coinAmount.safeParse('9'.repeat(400)).success).toBe(false);
    expect(signedCoinAmount.parse('-16.5')).toBe(-16.5);
  });
  it('the admin balance body refuses "0x10" instead of adding 16', () => {
    const r = adjustBalanceBody.safeParse({ amount: '0x10', reason: 'test' });
    expect(r.success).toBe(false);
    expect(adjustBalanceBody.parse({ amount: '16', reason: 'test' }).amount).toBe(16);
  });
  it('game payloads refuse coerced amounts and numbers', () => {
    expect(diceBetPayload.safeParse([{ amount: true, rangeData: 50 }]).success).toBe(false);
    expect(diceBetPayload.safeParse([{ amount: 1, rangeData: '0x32' }]).success).toBe(false);
    expect(diceBetPayload.safeParse([{ amount: 1, rangeData: [50] }]).success).toBe(false);
    expect(diceBetPayload.parse([{ amount: '1.00', rangeData: '49.5' }])[0]).toMatchObject({
      amount: 1,
      rangeData: 49.5,
    });
    expect(limboBetPayload.safeParse([{ amount: 1, multiplier: '1e6' }]).success).toBe(false);
    expect(limboBetPayload.safeParse([{ amount: [1], multiplier: 2 }]).success).toBe(false);
    expect(minesBetPayload.safeParse([{ amount: 1, minescount: true }]).success).toBe(false);
    expect(minesBetPayload.parse([{ amount: 1, minescount: '3' }])[0].minescount).toBe(3);
    expect(minesRevealPayload.safeParse([{ tileIndex: false }]).success).toBe(false);
    expect(minesRevealPayload.safeParse([{ tileIndex: '0x2' }]).success).toBe(false);
    expect(crashJoinPayload.safeParse([null, '0x10']).success).toBe(false);
    expect(crashJoinPayload.safeParse(['0x100', 1]).success).toBe(false);
    expect(crashJoinPayload.parse(['250', '1'])).toEqual([250, 1]);
    expect(battleSeatPayload.safeParse(['1', true]).success).toBe(false);
    expect(couponCreateBody.safeParse({ code: 'abc', uses: '1e3', payout: 1 }).success).toBe(false);
  });
  it('upgrader: an item id is never true, and "false" is not under', () => {
    expect(upgraderAttemptPayload.safeParse([1, true, false]).success).toBe(false);
    expect(upgraderAttemptPayload.parse([1, 3, 'false'])[2]).toBe(false);
    expect(upgraderAttemptPayload.parse([1, 3, true])[2]).toBe(true);
    expect(upgraderAttemptPayload.parse([1, 3])[2]).toBe(false);
    expect(upgraderAttemptPayload.safeParse([1, 3, 'yes']).success).toBe(false);
  });
});

describe('play options: instant mode is asked for, the animated timing is the default', () => {
  it('cases:open and upgrader:attempt take an optional {instant} last', () => {
    // the original client's arguments: animated
    expect(casesOpenPayload.parse(['starter-crate'])).toEqual(['starter-crate', { instant: false }]);
    expect(casesOpenPayload.parse([{ slug: 'starter-crate', name: 'x' }])[1]).toEqual({ instant: false });
    expect(upgraderAttemptPayload.parse([1, 3, true])[3]).toEqual({ instant: false });
    // ours
    expect(casesOpenPayload.parse(['starter-crate', { instant: true }])[1]).toEqual({ instant: true });
    expect(casesOpenPayload.parse(['starter-crate', { instant: false, x: 1 }])[1]).toEqual({
      instant: false,
    });
    expect(casesOpenPayload.parse(['starter-crate', {}])[1]).toEqual({ instant: false });
    expect(casesOpenPayload.parse(['starter-crate', null])[1]).toEqual({ instant: false });
    expect(upgraderAttemptPayload.parse([1, 3, false, { instant: true }])[3]).toEqual({ instant: true });
    // anything else is refused with a sentence, never read as instant
    for (const bad of ['fast', 1, true, { instant: 'yes' }, { instant: 1 }, [true]]) {
      const r = casesOpenPayload.safeParse(['starter-crate', bad]);
      expect(r.success).toBe(false);
      if (!r.success) expect(firstIssue(r.error)).toBe('Invalid play options.');
      expect(upgraderAttemptPayload.safeParse([1, 3, false, bad]).success).toBe(false);
    }
    expect(casesOpenPayload.safeParse(['starter-crate', {}, 1]).success).toBe(false);
  });
});

describe('free text has no control characters (issue 9 item 8)', () => {
  const CONTROL = ['a\u0000b', '\u0000', 'ab\u0007', 'a\nb', 'a\tb', 'a\u001bb', 'a\u007fb', 'a\u0085b'];
  it.each(CONTROL)('refuses %j with a sentence naming the field', (bad) => {
    for (const [schema, body, message] of [
      [couponRedeemBody, { code: bad }, 'The coupon code may only contain printable characters.'],
      [affiliateRedeemBody, { code: bad }, 'The affiliate code may only contain printable characters.'],
      [confirmTxBody, { txid: bad }, 'The txid may only contain printable characters.'],
    ] as const) {
      const r = schema.safeParse(body);
      expect(r.success).toBe(false);
      if (!r.success) expect(firstIssue(r.error)).toBe(message);
    }
  });
  it('keeps trimming and accepts printable text, including non-Latin letters', () => {
    expect(text('name').parse('  Zoë 名前 ')).toBe('Zoë 名前');
    expect(confirmTxBody.parse({ txid: ' 0xabc \n' }).txid).toBe('0xabc');
  });
});

describe('amount bounds (money.ts MAX_AMOUNT_CENTS)', () => {
  const max = MAX_AMOUNT_CENTS / 100;
  it('a coin amount is 0 up to the maximum', () => {
    expect(coinAmount.safeParse(0).success).toBe(true);
    expect(coinAmount.safeParse(-0.01).success).toBe(false);
    expect(coinAmount.safeParse(max).success).toBe(true);
    expect(coinAmount.safeParse(max + 0.01).success).toBe(false);
    expect(coinAmount.safeParse(10_000_001).success).toBe(false);
  });
  it('a signed amount is bounded the same both ways', () => {
    expect(signedCoinAmount.safeParse(max).success).toBe(true);
    expect(signedCoinAmount.safeParse(-max).success).toBe(true);
    expect(signedCoinAmount.safeParse(max + 0.01).success).toBe(false);
    expect(signedCoinAmount.safeParse(-max - 0.01).success).toBe(false);
    expect(signedCoinAmount.safeParse('-12.50').data).toBe(-12.5);
  });
  it('a coupon pays at least 0.01', () => {
    expect(couponCreateBody.safeParse({ code: 'abc', uses: 1, payout: 0.01 }).success).toBe(true);
    expect(couponCreateBody.safeParse({ code: 'abc', uses: 1, payout: 0 }).success).toBe(false);
  });
});

describe('optional fields', () => {
  it('crash: no auto-cashout is null, undefined or an empty string; a decimal string is read', () => {
    for (const none of [null, undefined, '']) expect(crashJoinPayload.parse([none, 1])[0]).toBeNull();
    expect(crashJoinPayload.parse(['250', 1])[0]).toBe(250);
    expect(crashJoinPayload.parse([250, 1])[0]).toBe(250);
    expect(crashJoinPayload.safeParse(['2x', 1]).success).toBe(false);
  });
  it('upgrader: the roll side may be spelled "true"', () => {
    expect(upgraderAttemptPayload.parse([1, 3, 'true'])[2]).toBe(true);
  });
  it('upgrader: an item given by name and price keeps both', () => {
    expect(upgraderAttemptPayload.parse([1, { name: ' Knife ', price: '12.5' }])[1]).toEqual({
      name: 'Knife',
      price: 12.5,
    });
  });
});

describe('error sentences', () => {
  const fail = (schema: { safeParse: (v: unknown) => { error?: unknown } }, v: unknown) =>
    firstIssue(schema.safeParse(v).error as never);
  it('our own sentences are kept; zod defaults become "Invalid <field>."', () => {
    expect(fail(coinAmount, -1)).toBe('Amount cannot be negative.');
    expect(fail(coinAmount, 1e12)).toBe('Amount is too large.');
    expect(fail(z.object({ name: z.string() }), { name: 5 })).toBe('Invalid name.');
    expect(fail(z.object({ a: z.object({ b: z.number() }) }), { a: { b: 'x' } })).toBe('Invalid a.b.');
    expect(fail(z.tuple([z.number()]), ['x'])).toBe('Invalid request.');
    expect(
      fail(
        z.string().refine(() => false, 'Nope!'),
        'x',
      ),
    ).toBe('Nope!');
    expect(firstIssue(new z.ZodError([]))).toBe('Invalid request.');
  });
  it('a text field names itself', () => {
    expect(fail(text('username'), 5)).toBe('Please enter the username.');
    expect(fail(text('username', 'Tell us your name.'), undefined)).toBe('Tell us your name.');
    expect(fail(text('username'), 'a\u0007b')).toBe('The username may only contain printable characters.');
  });
});

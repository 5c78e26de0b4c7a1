import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wagerNeededCents } from '../vip.ts';
import {
  amountTextToCents,
  cashappFeeCents,
  coinCentsToUsdCents,
  converterInput,
  dailyLimitsFor,
  doubleAmountText,
  halveAmountText,
  usdCentsToCoinCents,
  wagerStillNeeded,
  withdrawSuccessText,
} from './cashier.ts';

describe('cashier converters (spec-1 §5)', () => {
  it('accepts digits and one point, ignores the rest, truncates to 2 decimals', () => {
    expect(converterInput('')).toBe('');
    expect(converterInput('12')).toBe('12');
    expect(converterInput('12.')).toBe('12.');
    expect(converterInput('12.345')).toBe('12.34');
    expect(converterInput('1a')).toBeNull();
    expect(converterInput('-1')).toBeNull();
    expect(converterInput('1.2.3')).toBeNull();
  });
  it('halves coins into dollars and doubles dollars into coins', () => {
    expect(halveAmountText('10')).toBe('5');
    expect(halveAmountText('15')).toBe('7.5');
    expect(halveAmountText('0.03')).toBe('0.01');
    expect(halveAmountText('')).toBe('');
    expect(doubleAmountText('5')).toBe('10');
    expect(doubleAmountText('2.55')).toBe('5.1');
    expect(doubleAmountText('')).toBe('');
  });
});

describe('cashier rules', () => {
  it('takes the CashApp fee out of the amount, rounded up', () => {
    expect(cashappFeeCents(1000)).toBe(30);
    expect(cashappFeeCents(1001)).toBe(31);
  });
  it('doubles the daily limits from VIP level 50', () => {
    const base = { depositCents: 50_000, withdrawCents: 200_000 };
    expect(dailyLimitsFor(0, base)).toMatchObject({ depositCents: 50_000, vip: false, level: 1 });
    expect(dailyLimitsFor(wagerNeededCents(50), base)).toMatchObject({
      depositCents: 100_000,
      withdrawCents: 400_000,
      vip: true,
      level: 50,
    });
    expect(dailyLimitsFor(wagerNeededCents(50) - 1, base).vip).toBe(false);
  });
  it('playthrough equals the counter replayed with a floor at zero', () => {
    const event = fc.oneof(
      fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
      fc.record({ kind: fc.constant('bet' as const), amount: fc.integer({ min: 1, max: 10_000 }) }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 40 }), (events) => {
        let counter = 0;
        let wager = 0;
        const deposits: Array<{ amountCents: number; wagerAtCents: number }> = [];
        for (const e of events) {
          if (e.kind === 'deposit') {
            counter += e.amount;
            deposits.push({ amountCents: e.amount, wagerAtCents: wager });
          } else {
            counter = Math.max(0, counter - e.amount);
            wager += e.amount;
          }
        }
        expect(wagerStillNeeded(deposits, wager)).toBe(counter);
      }),
    );
  });
});

describe('coin and dollar amounts (2 coins = 1 dollar)', () => {
  it('converts cents both ways, flooring the dollar cent', () => {
    expect(coinCentsToUsdCents(301)).toBe(150);
    expect(coinCentsToUsdCents(300)).toBe(150);
    expect(usdCentsToCoinCents(150)).toBe(300);
  });

  it('a converter text is read to the cent; empty or a lone point is nothing', () => {
    expect(amountTextToCents('1.5')).toBe(150);
    expect(amountTextToCents('1.239')).toBe(123);
    expect(amountTextToCents('.5')).toBe(50);
    expect(amountTextToCents('')).toBe(0);
    expect(amountTextToCents('.')).toBe(0);
    expect(halveAmountText('.')).toBe('');
    expect(doubleAmountText('')).toBe('');
    expect(converterInput('.123')).toBe('.12');
    expect(converterInput('1234')).toBe('1234');
    expect(converterInput('1.23')).toBe('1.23');
  });

  it('the withdrawal toast says what was paid', () => {
    expect(withdrawSuccessText(12.5, '0.0001 BTC')).toBe(
      'Successfully withdrawed 12.50 credits for 0.0001 BTC! Your withdrawal should manual confirm within a few minutes!',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { amountForPercent, capAmountCents, maxAmountCents, upgradeFigures } from './upgrader-math.ts';

describe('upgrader amount cap (spec-3 §5)', () => {
  it('holds 10 % of a large wallet to 80 % of a 28.40 item', () => {
    const wallet = 5_174_900; // 51,749.00: 10 % would be 18.22× the item
    const price = 2840;
    const amount = capAmountCents(amountForPercent(10, wallet), price);
    expect(amount).toBe(2272);
    expect(maxAmountCents(price)).toBe(2272);
    const figures = upgradeFigures(amount, price);
    expect(figures.chanceBp).toBe(8000);
    expect(figures.overCap).toBe(false);
  });

  it('floors the cap to the cent and leaves smaller amounts alone', () => {
    expect(maxAmountCents(1)).toBe(0);
    expect(maxAmountCents(1999)).toBe(1599);
    expect(capAmountCents(500, 1999)).toBe(500);
    expect(capAmountCents(99_999, null)).toBe(99_999);
  });

  it('never reports a chance above 80 %, whatever the amount', () => {
    expect(upgradeFigures(100_000, 2840).chanceBp).toBe(8000);
    expect(upgradeFigures(100_000, 2840).overCap).toBe(true);
    expect(upgradeFigures(1000, 2500).chanceBp).toBe(4000);
  });
});

import { createHmac } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { MAX_AMOUNT_CENTS } from '../money.ts';
import {
  PLINKO_RISKS,
  PLINKO_ROWS_MAX,
  PLINKO_ROWS_MIN,
  type PlinkoRisk,
  plinkoOutcome,
  plinkoParamsError,
  plinkoPath,
  plinkoReturn,
  plinkoSettle,
  plinkoTable,
} from './plinko.ts';
import { SS1, SS2, SS3, seeds, stakeSeeds } from './vectors.fixture.ts';

const ROWS = Array.from({ length: PLINKO_ROWS_MAX - PLINKO_ROWS_MIN + 1 }, (_, i) => PLINKO_ROWS_MIN + i);
const TABLES = ROWS.flatMap((rows) => PLINKO_RISKS.map((risk) => ({ rows, risk })));

/**
 * Stake's translation worked out with node's HMAC, not the shared generator: row i reads bytes
 * 4i..4i+3 of HMAC(serverSeed, "clientSeed:nonce:round") (8 rows per round), and the float they
 * make is below 0.5 exactly when the first of them is below 128.
 */
function stakePath(s: { serverSeed: string; clientSeed: string; nonce: number }, rows: number): number[] {
  const path: number[] = [];
  for (let i = 0; i < rows; i++) {
    const round = Math.floor(i / 8);
    const bytes = createHmac('sha256', s.serverSeed).update(`${s.clientSeed}:${s.nonce}:${round}`).digest();
    path.push((bytes[(i % 8) * 4] ?? 0) < 128 ? 0 : 1);
  }
  return path;
}

describe('plinko vectors (fairness.md §3)', () => {
  test.each([
    {
      name: 'SS1 n=13 8 rows low',
      s: seeds(SS1, 13),
      rows: 8,
      risk: 'low',
      path: '00011100',
      slot: 3,
      m: 100,
    },
    {
      name: 'SS2 n=14 12 rows medium',
      s: seeds(SS2, 14),
      rows: 12,
      risk: 'medium',
      path: '111101110001',
      slot: 8,
      m: 110,
    },
    {
      name: 'SS3 n=15 16 rows high',
      s: seeds(SS3, 15),
      rows: 16,
      risk: 'high',
      path: '1111011001111110',
      slot: 12,
      m: 400,
    },
    {
      name: "Stake's seeds (server seed, client seed) n=1 16 rows high",
      s: stakeSeeds(1),
      rows: 16,
      risk: 'high',
      path: '1101111110011101',
      slot: 12,
      m: 400,
    },
  ] as const)('$name', ({ s, rows, risk, path, slot, m }) => {
    const o = plinkoOutcome(s, 1000, rows, risk);
    expect(o.path.join('')).toBe(path);
    expect(o.path).toEqual(stakePath(s, rows));
    expect(o).toMatchObject({ slot, multiplier: m, payout: 10 * m });
  });
});

describe('plinko rules', () => {
  test('the published shape: symmetric tables, 0.2x..1000x, the far slots pay most', () => {
    for (const { rows, risk } of TABLES) {
      const t = plinkoTable(rows, risk);
      expect(t).toHaveLength(rows + 1);
      expect([...t].reverse()).toEqual(t);
      expect(Math.max(...t)).toBe(t[0]);
      expect(Math.min(...t)).toBeGreaterThanOrEqual(20);
    }
    expect(plinkoTable(16, 'high')).toEqual([
      100000, 13000, 2600, 900, 400, 200, 20, 20, 20, 20, 20, 200, 400, 900, 2600, 13000, 100000,
    ]);
    expect(plinkoTable(8, 'low')).toEqual([560, 210, 110, 100, 50, 100, 110, 210, 560]);
  });

  test('rows 8..16 and the three risks only', () => {
    expect(plinkoParamsError(7, 'low')).toMatch(/8 to 16/);
    expect(plinkoParamsError(17, 'low')).toMatch(/8 to 16/);
    expect(plinkoParamsError(8.5, 'low')).toMatch(/8 to 16/);
    expect(plinkoParamsError(8, 'extreme')).toMatch(/low, medium or high/);
    expect(plinkoParamsError(16, 'high')).toBeNull();
    expect(() => plinkoPath(seeds(SS1, 0), 17)).toThrow(RangeError);
    expect(() => plinkoSettle([0, 1], 100, 8, 'low')).toThrow(RangeError);
  });

  test('payout is floor(bet × multiplier), to the cent', () => {
    expect(plinkoSettle([0, 0, 0, 0, 1, 1, 1, 1], 333, 8, 'low').payout).toBe(166); // 3.33 × 0.5
    expect(plinkoSettle([1, 1, 1, 1, 1, 1, 1, 1], 7, 8, 'high').payout).toBe(202); // 0.07 × 28.9
  });
});

describe('plinko RTP', () => {
  test('exact for each of the 27 tables: 98.90 % to 99.00 %, never above', () => {
    for (const { rows, risk } of TABLES) {
      const { numerator, denominator } = plinkoReturn(rows, risk);
      // integers: 9890 / 10000 ≤ n / d ≤ 9900 / 10000
      expect(numerator * 10_000n <= denominator * 9_900n, `${rows} ${risk}`).toBe(true);
      expect(numerator * 10_000n >= denominator * 9_890n, `${rows} ${risk}`).toBe(true);
    }
    // 8 rows low by hand: 2·(5.6·1 + 2.1·8 + 1.1·28 + 1·56) + 0.5·70 = 253.4 of 256 drops
    expect(plinkoReturn(8, 'low')).toEqual({ numerator: 25340n, denominator: 25600n });
  });

  test('the exact return agrees with summing the settlement of every path (8 and 12 rows)', () => {
    for (const rows of [8, 12]) {
      for (const risk of PLINKO_RISKS) {
        let paid = 0;
        for (let bits = 0; bits < 2 ** rows; bits++) {
          const path = Array.from({ length: rows }, (_, i) => (bits >> i) & 1);
          paid += plinkoSettle(path, 100, rows, risk).payout;
        }
        const { numerator, denominator } = plinkoReturn(rows, risk);
        expect(BigInt(paid) * denominator).toBe(numerator * 100n * 2n ** BigInt(rows));
      }
    }
  });

  test.each([
    { rows: 8, risk: 'low' },
    { rows: 12, risk: 'medium' },
    { rows: 16, risk: 'high' },
  ] as const)(
    'simulated with the real generator: 60k drops of $rows rows $risk return the exact RTP ± 4σ',
    ({ rows, risk }) => {
      const n = 60_000;
      const table = plinkoTable(rows, risk);
      let paid = 0;
      const slots = new Array<number>(rows + 1).fill(0);
      for (let nonce = 0; nonce < n; nonce++) {
        const o = plinkoOutcome(seeds(SS2, nonce), 100, rows, risk);
        paid += o.payout;
        slots[o.slot] = (slots[o.slot] ?? 0) + 1;
      }
      // σ of one drop's multiple, from the exact distribution C(rows, k) / 2^rows
      let mean = 0;
      let square = 0;
      let ways = 1;
      for (let k = 0; k <= rows; k++) {
        const p = ways / 2 ** rows;
        const m = (table[k] ?? 0) / 100;
        mean += p * m;
        square += p * m * m;
        ways = (ways * (rows - k)) / (k + 1);
      }
      const sigma = Math.sqrt(square - mean * mean) / Math.sqrt(n);
      expect(Math.abs(paid / (100 * n) - mean)).toBeLessThan(4 * sigma);
      // the mean slot is rows / 2 (σ of one slot = √rows / 2)
      const slotMean = slots.reduce((sum, count, k) => sum + count * k, 0) / n;
      expect(Math.abs(slotMean - rows / 2)).toBeLessThan((4 * Math.sqrt(rows)) / 2 / Math.sqrt(n));
    },
  );
});

describe('plinko properties', () => {
  const rows = fc.integer({ min: PLINKO_ROWS_MIN, max: PLINKO_ROWS_MAX });
  const risk = fc.constantFrom<PlinkoRisk>(...PLINKO_RISKS);
  const seed = fc.record({
    serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
    clientSeed: fc.string({ minLength: 1, maxLength: 64 }),
    nonce: fc.nat({ max: 1_000_000 }),
  });

  test('a path has one step per row, each 0 or 1, and the slot is its number of rights', () => {
    fc.assert(
      fc.property(seed, rows, risk, (s, r, k) => {
        const o = plinkoOutcome(s, 100, r, k);
        return (
          o.path.length === r &&
          o.path.every((step) => step === 0 || step === 1) &&
          o.slot === o.path.filter((step) => step === 1).length &&
          o.slot >= 0 &&
          o.slot <= r &&
          o.multiplier === plinkoTable(r, k)[o.slot]
        );
      }),
      { numRuns: 300 },
    );
  });

  test('mirroring a path mirrors the slot and pays the same', () => {
    const path = rows.chain((r) => fc.array(fc.integer({ min: 0, max: 1 }), { minLength: r, maxLength: r }));
    fc.assert(
      fc.property(path, risk, (p, k) => {
        const a = plinkoSettle(p, 1000, p.length, k);
        const b = plinkoSettle(
          p.map((step) => 1 - step),
          1000,
          p.length,
          k,
        );
        return b.slot === p.length - a.slot && b.payout === a.payout;
      }),
    );
  });

  test('payouts are whole cents, between 0.2× and 1000× the stake', () => {
    const path = rows.chain((r) => fc.array(fc.integer({ min: 0, max: 1 }), { minLength: r, maxLength: r }));
    const bet = fc.integer({ min: 1, max: MAX_AMOUNT_CENTS });
    fc.assert(
      fc.property(path, risk, bet, (p, k, b) => {
        const { payout } = plinkoSettle(p, b, p.length, k);
        return Number.isSafeInteger(payout) && payout >= Math.floor(b / 5) && payout <= b * 1000;
      }),
    );
  });
});

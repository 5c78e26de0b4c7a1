import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  UPGRADER_DIVISOR,
  UPGRADER_MAX_WINNING_TICKETS,
  upgraderOutcome,
  upgraderPayout,
  upgraderSettle,
  upgraderTicket,
  upgraderTicketDisplay,
  upgraderWinningTickets,
  upgraderWins,
} from './upgrader.ts';
import { returnOf, SS1, SS2, SS3, seeds, standardError, u32sPickingBelow } from './vectors.fixture.ts';

describe('upgrader vectors (fairness.md §3)', () => {
  test.each([
    {
      name: 'SS1 n=10 A=10.00 P=25.00 under',
      ...{ s: seeds(SS1, 10), amount: 1000, price: 2500, side: 'under' as const },
      ...{ ticket: 890415763, shown: '0.890415762', winningTickets: 400000000, win: false, payout: 0 },
    },
    {
      // A is above 80% of P here: the game refuses it (games/upgrader.ts); W is capped anyway.
      name: 'SS2 n=11 A=10.00 P=11.00 over',
      ...{ s: seeds(SS2, 11), amount: 1000, price: 1100, side: 'over' as const },
      ...{ ticket: 794383069, shown: '0.794383068', winningTickets: 800000000, win: true, payout: 990 },
    },
    {
      name: 'SS3 n=12 A=0.01 P=10.00 under',
      ...{ s: seeds(SS3, 12), amount: 1, price: 1000, side: 'under' as const },
      ...{ ticket: 546542495, shown: '0.546542494', winningTickets: 1000000, win: false, payout: 0 },
    },
  ])('$name', ({ s, amount, price, side, ticket, shown, winningTickets, win, payout }) => {
    expect(upgraderOutcome(s, amount, price, side)).toEqual({ ticket, winningTickets, win, payout });
    expect(upgraderTicketDisplay(ticket)).toBe(shown);
  });
});

describe('upgrader rules', () => {
  test('tickets are compared as integers at the edges of W', () => {
    const w = upgraderWinningTickets(1000, 2500);
    expect(upgraderWins(w, w, 'under')).toBe(true);
    expect(upgraderWins(w + 1, w, 'under')).toBe(false);
    expect(upgraderWins(UPGRADER_DIVISOR - w + 1, w, 'over')).toBe(true);
    expect(upgraderWins(UPGRADER_DIVISOR - w, w, 'over')).toBe(false);
  });

  test('display has 9 decimals and reaches 1.000000000 only on the last ticket', () => {
    expect(upgraderTicketDisplay(1)).toBe('0.000000000');
    expect(upgraderTicketDisplay(UPGRADER_DIVISOR - 1)).toBe('0.999999999');
    expect(upgraderTicketDisplay(UPGRADER_DIVISOR)).toBe('1.000000000');
  });

  test('a win pays floor(0.9 × price)', () => {
    expect(upgraderPayout(1100)).toBe(990);
    expect(upgraderPayout(197_333)).toBe(177_599);
    expect(UPGRADER_MAX_WINNING_TICKETS).toBe(800_000_000);
  });
});

describe('upgrader RTP', () => {
  /** Exact return of an attempt over every u32: under wins on pick < W, over on pick ≥ D − W. */
  function exactReturn(amount: number, price: number, side: 'under' | 'over'): number {
    const w = upgraderWinningTickets(amount, price);
    const wins =
      side === 'under'
        ? u32sPickingBelow(w, UPGRADER_DIVISOR)
        : 2n ** 32n - u32sPickingBelow(UPGRADER_DIVISOR - w, UPGRADER_DIVISOR);
    return returnOf(wins, upgraderPayout(price) / amount);
  }

  test('exact: 90% of the stake on either side, for small and large chances', () => {
    for (const [amount, price] of [
      [800, 1000],
      [1, 10_000],
      [1234, 5678],
      [150_000, 197_333],
      [3, 1000],
    ] as const) {
      for (const side of ['under', 'over'] as const) {
        const rtp = exactReturn(amount, price, side);
        expect(rtp).toBeGreaterThan(0.899);
        expect(rtp).toBeLessThan(0.9 + 1e-6);
      }
    }
  });

  test('simulated with the real generator: 100k attempts at 80% return 90% ± 4σ on each side', () => {
    const n = 100_000;
    const paid = { under: 0, over: 0 };
    for (let nonce = 0; nonce < n; nonce++) {
      const ticket = upgraderTicket(seeds(SS1, nonce));
      for (const side of ['under', 'over'] as const)
        paid[side] += upgraderSettle(ticket, 800, 1000, side).payout;
    }
    const tolerance = 4 * standardError(0.8, 1.125, n);
    expect(Math.abs(paid.under / (800 * n) - 0.9)).toBeLessThan(tolerance);
    expect(Math.abs(paid.over / (800 * n) - 0.9)).toBeLessThan(tolerance);
  });
});

describe('upgrader properties', () => {
  const attempt = fc.integer({ min: 2, max: 1_000_000_000 }).chain((price) =>
    fc.record({
      price: fc.constant(price),
      amount: fc.integer({ min: 1, max: Math.max(1, Math.floor((price * 8) / 10)) }),
      ticket: fc.integer({ min: 1, max: UPGRADER_DIVISOR }),
      side: fc.constantFrom('under' as const, 'over' as const),
    }),
  );

  test('payouts are 0 or floor(0.9 × price), and W never passes 80%', () => {
    fc.assert(
      fc.property(attempt, ({ price, amount, ticket, side }) => {
        const { payout, winningTickets } = upgraderSettle(ticket, amount, price, side);
        const cap = Math.floor((price * 9) / 10);
        return (payout === 0 || payout === cap) && winningTickets <= UPGRADER_MAX_WINNING_TICKETS;
      }),
    );
  });

  test('the display is floor(ticket · 10^9 / D) with 9 decimals', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: UPGRADER_DIVISOR }), (ticket) => {
        const shown = upgraderTicketDisplay(ticket);
        const scaled = (BigInt(ticket) * 1_000_000_000n) / BigInt(UPGRADER_DIVISOR);
        return /^[01]\.\d{9}$/.test(shown) && BigInt(shown.replace('.', '')) === scaled;
      }),
    );
  });
});

import { battleResult, battleTicket, itemForTicket } from '@coinsite/shared/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CaseRecord } from '../cases/cases.catalogue.ts';
import { type BattleFacts, battleOutcome } from './battles.outcome.ts';

const BLOCK_ID = '157693bfa9ac7f396738ff4d19d7e200efc04cfa6183736f2d6f39657757895f';

/** A case whose items (prices in cents) share tickets 1..100000. */
function caseOf(r: number, prices: number[]): CaseRecord {
  const width = Math.floor(100_000 / prices.length);
  return {
    id: r,
    slug: `case-${r}`,
    name: `Case ${r}`,
    price: 100,
    image: '',
    kind: 'paid',
    active: true,
    items: prices.map((price, i) => ({
      id: i + 1,
      name: `Item ${i + 1}`,
      price,
      color: 'grey',
      image: '',
      ticketsStart: i * width + 1,
      ticketsEnd: i === prices.length - 1 ? 100_000 : (i + 1) * width,
    })),
  };
}

const SEATS: Record<number, number> = { 1: 2, 2: 3, 3: 4, 4: 4 };

function facts(serverSeed: string, gameType: number, crazy: boolean, rounds: number[][]): BattleFacts {
  const seatCount = SEATS[gameType] ?? 2;
  return {
    id: 'b',
    serverSeed,
    blockId: BLOCK_ID,
    cases: rounds.map((prices, r) => caseOf(r + 1, prices)),
    seatCount,
    gameType,
    crazy,
    price: 100,
    // seats joined out of order, bots in between: settlement goes by seat number only
    seats: Array.from({ length: seatCount }, (_, i) => ({
      seat: seatCount - i,
      userId: i % 2 ? null : i + 1,
    })),
  };
}

/** What the verifier computes from the revealed seeds and the battle's cases (verifier-context.tsx). */
function verifierSeats(b: BattleFacts): number[] {
  const seeds = { serverSeed: b.serverSeed, blockId: b.blockId };
  const totals = Array.from({ length: b.seatCount }, (_, i) =>
    b.cases.reduce((sum, c, r) => sum + itemForTicket(c.items, battleTicket(seeds, r + 1, i + 1)).price, 0),
  );
  return battleResult(seeds, totals, { crazy: b.crazy, teams: b.gameType === 4 }).winningSeats;
}

const paidSeats = (perSeat: number[]) => perSeat.flatMap((c, i) => (c > 0 ? [i + 1] : []));

describe('battle settlement and the verifier agree on who won', () => {
  it('a 1v1 tie picked (nonce 0) to seat 2 pays both seats, and the verifier names both', () => {
    const b = facts('deadbeefdeadbeefdeadbeefdeadbeef', 1, false, [[25]]);
    const out = battleOutcome(b);
    expect(out.win).toMatchObject({ winningTeam: 2, isEqual: true, equals: [1, 2], winAmount: 1 });
    expect(out.payouts.perSeat).toEqual([100, 100]);
    expect(verifierSeats(b)).toEqual([1, 2]);
  });

  it('property: for any seed, mode and cases, the verifier names exactly the seats settlement pays', () => {
    const game = fc.record({
      serverSeed: fc.stringMatching(/^[0-9a-f]{32}$/),
      gameType: fc.constantFrom(1, 2, 3, 4),
      crazy: fc.boolean(),
      rounds: fc.array(fc.array(fc.constantFrom(5, 25, 100), { minLength: 1, maxLength: 3 }), {
        minLength: 1,
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(game, ({ serverSeed, gameType, crazy, rounds }) => {
        const b = facts(serverSeed, gameType, crazy, rounds);
        const out = battleOutcome(b);
        expect(verifierSeats(b)).toEqual(paidSeats(out.payouts.perSeat));
        // the wire's win names the same sides
        const sides = out.win.isEqual ? out.win.equals : [out.win.winningTeam];
        expect(out.payouts.sides).toEqual(sides);
      }),
      { numRuns: 300 },
    );
  });
});

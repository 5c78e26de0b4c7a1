import { battleResult, battleTicket, itemForTicket } from '@coinsite/shared/fairness';
import { battlePayouts } from '@coinsite/shared/games/battles';
import type { BattleDetail, BattleWin } from '@coinsite/shared/schemas/battles';
import type { CaseItemView } from '@coinsite/shared/schemas/cases';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { winningSeats } from '../battles/battle-seat.tsx';
import { battleLines } from './verifier-context.tsx';

const BLOCK_ID = '157693bfa9ac7f396738ff4d19d7e200efc04cfa6183736f2d6f39657757895f';

/** A loot table of `prices` (cents) sharing tickets 1..100000 as evenly as the split allows. */
function table(prices: number[]): CaseItemView[] {
  const width = Math.floor(100_000 / prices.length);
  return prices.map((p, i) => ({
    id: String(i + 1),
    name: `Item ${i + 1}`,
    price: p / 100,
    color: 'grey',
    image: '',
    ticketsStart: i * width + 1,
    ticketsEnd: i === prices.length - 1 ? 100_000 : (i + 1) * width,
  }));
}

interface Game {
  serverSeed: string;
  gameType: 1 | 2 | 3 | 4;
  crazy: boolean;
  rounds: number[][];
}

const SEATS = { 1: 2, 2: 3, 3: 4, 4: 4 } as const;

/**
 * What the server settles for a battle (battles.outcome.ts: totals in cents, the shared
 * battleResult, then battlePayouts on the tied sides) and the battle detail the page loads.
 */
function settle(g: Game): { paid: number[]; detail: BattleDetail } {
  const seats = SEATS[g.gameType];
  const teams = g.gameType === 4;
  const seeds = { serverSeed: g.serverSeed, blockId: BLOCK_ID };
  const cases = g.rounds.map((prices, r) => ({
    id: String(r + 1),
    slug: `case-${r + 1}`,
    name: `Case ${r + 1}`,
    image: '',
    price: 1,
    items: table(prices),
  }));
  const totals = Array.from({ length: seats }, () => 0);
  for (const [r, c] of cases.entries())
    for (let s = 1; s <= seats; s++)
      totals[s - 1] =
        (totals[s - 1] ?? 0) + Math.round(itemForTicket(c.items, battleTicket(seeds, r + 1, s)).price * 100);
  const result = battleResult(seeds, totals, { crazy: g.crazy, teams });
  const payouts = battlePayouts({ seatPrice: 100, seatCount: seats, teams, tied: result.tied });
  const isEqual = result.tied.length > 1;
  const win: BattleWin = {
    battleId: 'b',
    winningTeam: result.winner,
    winAmount: payouts.perWinner / 100,
    pc: seats,
    bt: g.gameType,
    isEqual,
    equals: isEqual ? result.tied : [],
    serverSeed: g.serverSeed,
    totals: totals.map((t) => t / 100),
  };
  const detail: BattleDetail = {
    id: 'b',
    price: seats,
    cases,
    casesRoundResults: [],
    players: Array.from({ length: seats }, (_, i) =>
      i === 0
        ? { id: '7', username: 'alice', pfp: null }
        : { id: 'bot', username: `Bot #${i + 1}`, pfp: null },
    ),
    isCrazyMode: g.crazy,
    gameType: g.gameType,
    status: 3,
    playerCount: seats,
    creatorId: '7',
    createdAt: new Date(0).toISOString(),
    serverSeedHash: '',
    serverSeed: g.serverSeed,
    blockNumber: 1,
    blockHash: BLOCK_ID,
    win,
    roundCount: cases.length,
  };
  const paid = payouts.perSeat.flatMap((cents, i) => (cents > 0 ? [i + 1] : []));
  return { paid, detail };
}

/** The seats the verifier's "Battle winner" line names. */
function namedWinners(g: Game, detail: BattleDetail): number[] {
  const input = {
    game: 'battles' as const,
    serverSeed: g.serverSeed,
    blockId: BLOCK_ID,
    rounds: g.rounds.length,
    seats: SEATS[g.gameType],
  };
  const line = battleLines(input, detail).find((l) => l.label === 'Battle winner');
  if (!line) throw new Error('no winner line');
  return [...line.value.matchAll(/Seat (\d)/g)].map((m) => Number(m[1])).sort((a, b) => a - b);
}

describe('the battle verifier names the seats the server pays', () => {
  it('a 1v1 tie (one-item case) whose nonce-0 pick is seat 2: both seats are paid and named', () => {
    // deadbeef… with this block breaks a [1, 2] tie to seat 2 (fairness/battles.test.ts)
    const g: Game = {
      serverSeed: 'deadbeefdeadbeefdeadbeefdeadbeef',
      gameType: 1,
      crazy: false,
      rounds: [[25]],
    };
    const { paid, detail } = settle(g);
    expect(paid).toEqual([1, 2]);
    expect(winningSeats(detail)).toEqual([1, 2]);
    expect(namedWinners(g, detail)).toEqual([1, 2]);
    // the nonce-0 pick is still shown, on its own line, as what winningTeam reports
    const input = {
      game: 'battles' as const,
      serverSeed: g.serverSeed,
      blockId: BLOCK_ID,
      rounds: 1,
      seats: 2,
    };
    const lines = battleLines(input, detail);
    expect(lines.find((l) => l.label === 'Battle winner')?.value).toBe(
      'Tie, pot split: Seat 1 alice + Seat 2 Bot #2 (highest total wins)',
    );
    expect(lines.find((l) => l.label === 'Tie break (nonce 0)')?.value).toMatch(/^Seat 2 Bot #2,/);
    expect(detail.win?.winningTeam).toBe(2);
  });

  it('property: for any seeds, mode and rounds, named winners = paid seats = the page’s crowned seats', () => {
    const game = fc.record({
      serverSeed: fc.stringMatching(/^[0-9a-f]{32}$/),
      gameType: fc.constantFrom(1 as const, 2 as const, 3 as const, 4 as const),
      crazy: fc.boolean(),
      // few distinct prices, so ties are common
      rounds: fc.array(fc.array(fc.constantFrom(5, 25, 100), { minLength: 1, maxLength: 3 }), {
        minLength: 1,
        maxLength: 3,
      }),
    });
    fc.assert(
      fc.property(game, (g) => {
        const { paid, detail } = settle(g);
        expect(winningSeats(detail)).toEqual(paid);
        expect(namedWinners(g, detail)).toEqual(paid);
      }),
      { numRuns: 300 },
    );
  });
});

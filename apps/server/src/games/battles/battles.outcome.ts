import { type BattleDrop, type BattleWin, centsToCoins } from '@coinsite/shared';
import { type BlockSeeds, battleResult, battleTicket, itemForTicket } from '@coinsite/shared/fairness';
import { type BattlePayouts, battlePayouts } from '@coinsite/shared/games/battles';
import type { CaseRecord } from '../cases/cases.catalogue.ts';

/** What the outcome needs of a battle: its seeds, its case snapshot and who sits where. */
export interface BattleFacts {
  id: string;
  serverSeed: string;
  blockId: string;
  cases: CaseRecord[];
  seatCount: number;
  gameType: number;
  crazy: boolean;
  price: number;
  seats: Array<{ seat: number; userId: number | null }>;
}

const seedsOf = (b: BattleFacts): BlockSeeds => ({ serverSeed: b.serverSeed, blockId: b.blockId });

/** Round r (1-based): one drop per seat, from (serverSeed, blockId, nonce r), seat p reading u32 p − 1. */
export function roundDrops(b: BattleFacts, round: number): BattleDrop[] {
  const c = b.cases[round - 1];
  if (!c) throw new RangeError(`battle ${b.id} has no round ${round}`);
  return Array.from({ length: b.seatCount }, (_, i) => {
    const seat = i + 1;
    const ticket = battleTicket(seedsOf(b), round, seat);
    const item = itemForTicket(c.items, ticket);
    const userId = b.seats.find((s) => s.seat === seat)?.userId ?? null;
    return {
      item: {
        id: String(item.id),
        name: item.name,
        price: centsToCoins(item.price),
        color: item.color,
        image: item.image,
      },
      result: ticket,
      team: seat,
      userId: userId === null ? 'bot' : String(userId),
    };
  });
}

export interface BattleOutcome {
  /** Cents per seat over all rounds. */
  totals: number[];
  payouts: BattlePayouts;
  win: BattleWin;
}

/** Totals, the winner (fairness.md §2) and what each seat is paid (ties split, 2v2 halves). */
export function battleOutcome(b: BattleFacts): BattleOutcome {
  const seeds = seedsOf(b);
  const totals = new Array<number>(b.seatCount).fill(0);
  b.cases.forEach((c, r) => {
    for (let seat = 1; seat <= b.seatCount; seat++) {
      const item = itemForTicket(c.items, battleTicket(seeds, r + 1, seat));
      totals[seat - 1] = (totals[seat - 1] ?? 0) + item.price;
    }
  });
  const teams = b.gameType === 4;
  const result = battleResult(seeds, totals, { crazy: b.crazy, teams });
  const payouts = battlePayouts({ seatPrice: b.price, seatCount: b.seatCount, teams, tied: result.tied });
  const isEqual = result.tied.length > 1;
  return {
    totals,
    payouts,
    win: {
      battleId: b.id,
      winningTeam: result.winner,
      winAmount: centsToCoins(payouts.perWinner),
      pc: b.seatCount,
      bt: b.gameType,
      isEqual,
      equals: isEqual ? result.tied : [],
      serverSeed: b.serverSeed,
      totals: totals.map(centsToCoins),
    },
  };
}

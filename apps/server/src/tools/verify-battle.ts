import { centsToCoins } from '@coinsite/shared';
import { sha256Hex } from '@coinsite/shared/fairness';
import type { Kysely } from 'kysely';
import { type BattleFacts, battleOutcome, roundDrops } from '../games/battles/battles.outcome.ts';
import type { CaseRecord } from '../games/cases/cases.catalogue.ts';
import type { DB } from '../platform/db-types.ts';

/**
 * `npm run verify -- <battle bet id>` (issue 28 item 8): a battle draws from its own server seed and
 * an EOS block, both public once it has finished (no client seed to rotate). Re-derives every drop
 * from them, names the items, the totals and the winner as the browser's verifier does, and checks
 * the bet's recorded seat total. Returns the exit code.
 */
export async function verifyBattleBet(
  db: Kysely<DB>,
  betId: number,
  outcome: Record<string, unknown>,
): Promise<number> {
  const battleId = typeof outcome.battleId === 'string' ? outcome.battleId : '';
  const b = await db
    .selectFrom('battles')
    .select([
      'id',
      'server_seed',
      'server_seed_hash',
      'block_id',
      'cases',
      'seat_count',
      'game_type',
      'crazy',
      'price',
      'status',
    ])
    .where('id', '=', battleId)
    .executeTakeFirst();
  if (!b) {
    console.error(`bet ${betId}: its battle ${battleId || '(none)'} is not found`);
    return 1;
  }
  console.log(`bet ${betId} (battles): battle ${b.id}, server seed hash ${b.server_seed_hash}`);
  if (!b.block_id || b.status !== 3) {
    console.log('The battle has not finished: its server seed and EOS block are shown when it has.');
    return 0;
  }
  if (sha256Hex(b.server_seed) !== b.server_seed_hash) {
    console.error('MISMATCH: the server seed does not hash to the committed hash');
    return 1;
  }
  console.log("The battle's seeds are public (no client seed is involved):");
  console.log(`  Server Seed     ${b.server_seed}`);
  console.log(`  EOS Block Hash  ${b.block_id}`);
  const seats = await db
    .selectFrom('battle_seats as s')
    .leftJoin('users as u', 'u.id', 's.user_id')
    .select(['s.seat', 's.user_id', 'u.username'])
    .where('s.battle_id', '=', b.id)
    .orderBy('s.seat')
    .execute();
  const facts: BattleFacts = {
    id: b.id,
    serverSeed: b.server_seed,
    blockId: b.block_id,
    cases: b.cases as unknown as CaseRecord[],
    seatCount: b.seat_count,
    gameType: b.game_type,
    crazy: b.crazy,
    price: Number(b.price),
    seats: seats.map((s) => ({ seat: s.seat, userId: s.user_id === null ? null : Number(s.user_id) })),
  };
  const name = (seat: number) => {
    const s = seats.find((x) => x.seat === seat);
    return `Seat ${seat} ${s?.username ?? 'Bot'}`;
  };
  facts.cases.forEach((c, r) => {
    const drops = roundDrops(facts, r + 1).map(
      (d, i) => `${name(i + 1)}: ${d.item.name} ${d.item.price.toFixed(2)} (ticket ${d.result})`,
    );
    console.log(`  Round ${r + 1} · ${c.name}  ${drops.join(' · ')}`);
  });
  const result = battleOutcome(facts);
  console.log(
    `  Totals          ${result.totals.map((t, i) => `${name(i + 1)} ${centsToCoins(t).toFixed(2)}`).join(' · ')}`,
  );
  const rule = facts.crazy ? 'lowest total wins' : 'highest total wins';
  const winners = result.win.isEqual ? result.win.equals : [result.win.winningTeam];
  const sides = facts.gameType === 4 ? winners.map((t) => `Team ${t}`) : winners.map(name);
  console.log(
    `  Battle winner   ${result.win.isEqual ? 'Tie, pot split: ' : ''}${sides.join(' + ')} (${rule})`,
  );
  const seat = Number(outcome.seat);
  const recorded = Number(outcome.total);
  const ok = Number.isInteger(seat) && result.totals[seat - 1] === recorded;
  console.log(`recorded outcome: ${JSON.stringify(outcome)}`);
  console.log(
    ok
      ? `OK: seat ${seat}'s total re-derives from the battle's seeds`
      : 'MISMATCH: the recorded seat total differs',
  );
  return ok ? 0 : 1;
}

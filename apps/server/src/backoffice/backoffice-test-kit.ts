/** Helpers shared by the back office's integration test and its browser test. */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Ctx } from '../platform/context.ts';
import { inTransaction } from '../platform/tx.ts';

/** One wallet movement (a debit the balance cannot cover is skipped, as the wallet refuses it). */
export async function move(ctx: Ctx, userId: number, delta: number, kind: string, key: string, ref?: string) {
  await inTransaction(ctx.db, (unit) =>
    ctx.wallet.apply(unit, { userId, delta, kind: kind as never, idempotencyKey: key, ref }),
  ).catch((err: unknown) => {
    // a debit the balance cannot cover is refused by the wallet: nothing was written
    if ((err as { code?: string }).code !== 'insufficient_balance') throw err;
  });
}

/** An id from a RETURNING row (bigint columns come back as strings on PostgreSQL). */
const idOf = (r: { rows: Array<{ id: string | number }> }) => Number(r.rows[0]?.id);

/** A settled bets row of 10 coins paying `payout` cents: its id. */
async function settledBet(ctx: Ctx, userId: number, game: string, payout: number, outcome: object) {
  return idOf(
    await sql<{
      id: string;
    }>`INSERT INTO bets (user_id, game, stake, payout, multiplier, status, outcome, settled_at)
      VALUES (${userId}, ${game}, 1000, ${payout}, ${payout * 10}, 'settled', ${JSON.stringify(outcome)}::jsonb, now())
      RETURNING id`.execute(ctx.db),
  );
}

/**
 * Real bets of every kind of bet page, each with a win far above the seeded ones (so it heads its
 * game's biggest wins): a crash and a roulette round bet, a coinflip won from the opponent's seat, a
 * settled slot round (its bets row) and a battle seat (a bets row). Returns the bet page ids.
 */
export async function realWins(ctx: Ctx, winner: number, creator: number): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  await move(ctx, winner, 10000, 'deposit', `t-dep:${randomUUID()}`);
  await move(ctx, creator, 10000, 'deposit', `t-dep:${randomUUID()}`);
  for (const game of ['crash', 'roulette'] as const) {
    const chain = idOf(
      await sql<{
        id: string;
      }>`INSERT INTO round_chains (game, status, secret, length, checkpoint_every, terminal_hash, salt_block)
        VALUES (${game}, 'used', 'x', 1, 1, 'x', 1) RETURNING id`.execute(ctx.db),
    );
    const round = idOf(
      await sql<{
        id: string;
      }>`INSERT INTO rounds (game, chain_id, game_number, number, private_hash, private_seed,
          public_seed, result, status, betting_ends_at)
        VALUES (${game}, ${chain}, 1, ${9_000_000 + chain}, 'h', 's', 'p', ${game === 'crash' ? 50000 : 0}, 'over', now())
        RETURNING id`.execute(ctx.db),
    );
    const bet = idOf(
      await sql<{
        id: string;
      }>`INSERT INTO round_bets (round_id, game, user_id, amount, color, status, cashout, payout)
        VALUES (${round}, ${game}, ${winner}, 1000, ${game === 'roulette' ? 'green' : null},
          ${game === 'crash' ? 'cashed' : 'won'}, ${game === 'crash' ? 50000 : null}, 500000) RETURNING id`.execute(
        ctx.db,
      ),
    );
    await move(ctx, winner, -1000, 'bet', `${game}:bet:${bet}`, `${game}:${round}`);
    await move(ctx, winner, 500000, 'win', `${game}:win:${bet}`, `${game}:${round}`);
    ids[game] = `${game}-${bet}`;
  }
  const flip = idOf(
    await sql<{
      id: string;
    }>`INSERT INTO coinflips (creator_id, creator_side, amount, opponent_id, server_seed,
        server_seed_hash, roll, winner_side, winner_id, payout, status)
      VALUES (${creator}, 'heads', 1000, ${winner}, 's', 'h', 1, 'tails', ${winner}, 400000, 'finished') RETURNING id`.execute(
      ctx.db,
    ),
  );
  await move(ctx, creator, -1000, 'bet', `coinflip:bet:${flip}:creator`, `coinflip:${flip}`);
  await move(ctx, winner, -1000, 'bet', `coinflip:bet:${flip}:opponent`, `coinflip:${flip}`);
  await move(ctx, winner, 400000, 'win', `coinflip:win:${flip}`, `coinflip:${flip}`);
  ids.coinflip = `coinflip-${flip}-2`;
  const slotBet = await settledBet(ctx, winner, 'slots', 300000, {
    provider: 'PRAGMATIC',
    gameCode: 'vs-test',
  });
  const roundId = `r-${randomUUID()}`;
  await sql`INSERT INTO slot_rounds (user_id, round_id, game_code, stake, win, status, bet_id)
    VALUES (${winner}, ${roundId}, 'vs-test', 1000, 300000, 'settled', ${slotBet})`.execute(ctx.db);
  await move(ctx, winner, -1000, 'bet', `slots:bet:${roundId}`, `slots:${roundId}`);
  await move(ctx, winner, 300000, 'win', `slots:result:${roundId}`, `slots:${roundId}`);
  ids['slots:vs-test'] = String(slotBet);
  const seat = await settledBet(ctx, winner, 'battles', 200000, { battleId: 1, seat: 1 });
  await move(ctx, winner, -1000, 'bet', `bet:${seat}`, String(seat));
  await move(ctx, winner, 200000, 'win', `win:${seat}`, String(seat));
  ids.battles = String(seat);
  return ids;
}

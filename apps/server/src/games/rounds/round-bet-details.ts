import { centsToCoins } from '@coinsite/shared';
import { rouletteColor } from '@coinsite/shared/fairness';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { publicUser, type Viewer } from '../../platform/ghost.ts';

/** A crash or roulette bet's feed id (live-feed.ts roundBetFeedId): `crash-12`, `roulette-7`. */
export const ROUND_BET_ID = /^(crash|roulette)-([0-9]{1,18})$/;

/**
 * One crash or roulette bet as GET /api/bets/:id answers it, the shape of an instant game's bet:
 * the round's number and result, and the round's seeds (the private seed and the result only once
 * the round is over: a cashed-out crash bet of a running round shows neither).
 */
export async function roundBetDetails(ctx: Ctx, game: 'crash' | 'roulette', id: number, viewer: Viewer) {
  const row = await ctx.db
    .selectFrom('round_bets as b')
    .innerJoin('rounds as r', 'r.id', 'b.round_id')
    .innerJoin('users as u', 'u.id', 'b.user_id')
    .select([
      'b.id',
      'b.amount',
      'b.payout',
      'b.status',
      'b.color',
      'b.cashout',
      'b.created_at',
      'b.user_id',
      'u.username',
      'u.avatar',
      'u.ghost',
      'r.number',
      'r.status as round_status',
      'r.result',
      'r.private_hash',
      'r.private_seed',
      'r.public_seed',
    ])
    .where('b.id', '=', id)
    .where('b.game', '=', game)
    .executeTakeFirst();
  if (!row) throw Errors.notFound('Bet not found.');
  const over = row.round_status === 'over' || row.round_status === 'refunded';
  const settled = over && row.status !== 'active';
  const paid = row.status === 'refunded' ? row.amount : row.payout;
  const outcome = !settled
    ? null
    : game === 'crash'
      ? {
          round: row.number,
          crashPoint: row.result,
          cashout: row.status === 'cashed' ? row.cashout : null,
          status: row.status,
        }
      : { round: row.number, color: row.color, slot: row.result, winner: rouletteColor(row.result) };
  return {
    id: `${game}-${row.id}`,
    game,
    username: publicUser(
      ctx,
      { id: row.user_id, username: row.username, avatar: row.avatar, ghost: row.ghost },
      viewer,
    ).username,
    amount: centsToCoins(row.amount),
    payout: centsToCoins(settled ? paid : 0),
    multiplier: settled && row.amount > 0 ? Math.floor((paid * 10000) / row.amount) / 10000 : 0,
    created: row.created_at.toISOString(),
    outcome,
    seeds: {
      serverSeedHash: row.private_hash,
      serverSeed: over ? row.private_seed : null,
      clientSeed: null,
      nonce: null,
      publicSeed: row.public_seed,
    },
  };
}

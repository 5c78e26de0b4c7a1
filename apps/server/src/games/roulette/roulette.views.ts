import { ROULETTE_HISTORY_SIZE, type RouletteCurrent, type RouletteState } from '@coinsite/shared';
import { ROULETTE_PAYOUT_MULTIPLIER, ROULETTE_WHEEL_ORDER, rouletteColor } from '@coinsite/shared/fairness';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { revealsTo, type Viewer } from '../../platform/ghost.ts';
import { roundBets } from '../rounds/round-bets.ts';
import { msSince, sqlNow } from '../rounds/round-time.ts';
import { ROULETTE_ANIMATION_TOTAL_MS, ROULETTE_SPIN_MS } from './roulette.loop.ts';
import { roulettePlayerView, rouletteHistoryView } from './roulette.service.ts';

/** GET /api/roulette as `viewer` sees it: ghosts "Hidden" among the players (ghost.ts). */
export async function rouletteState(ctx: Ctx, viewer: Viewer = null): Promise<RouletteState> {
  const snap = await rouletteSnapshot(ctx);
  return { ...snap, current: snap.current?.(revealsTo(viewer)) ?? null };
}

/**
 * GET /api/roulette: the current round (its slot only once rolled) and the last 100 revealed
 * rounds, newest first. A roll's seed joins the history when its animation has ended. The current
 * round is shown to an audience by `current(reveals)` (whose ghosts it may see).
 */
export async function rouletteSnapshot(ctx: Ctx): Promise<
  Omit<RouletteState, 'current'> & {
    current: ((reveals: (userId: number) => boolean) => RouletteCurrent) | null;
  }
> {
  const now = sqlNow(ctx.clock);
  const [latest, history] = await Promise.all([
    ctx.db
      .selectFrom('rounds')
      .select([
        'id',
        'number',
        'status',
        'private_hash',
        'public_seed',
        'result',
        'started_at',
        msSince(now, sql.ref('betting_ends_at')).as('sinceClose'),
      ])
      .where('game', '=', 'roulette')
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    ctx.db
      .selectFrom('rounds')
      .select(['id', 'number', 'private_hash', 'private_seed', 'public_seed', 'result'])
      .where('game', '=', 'roulette')
      .where('status', '=', 'over')
      .where('ended_at', '<=', sql<Date>`${now} - ${ROULETTE_ANIMATION_TOTAL_MS} * interval '1 millisecond'`)
      .orderBy('id', 'desc')
      .limit(ROULETTE_HISTORY_SIZE)
      .execute(),
  ]);
  let current: ((reveals: (userId: number) => boolean) => RouletteCurrent) | null = null;
  if (latest) {
    const betting = latest.status === 'betting';
    const timeLeft = betting ? Math.max(0, Math.ceil(-latest.sinceClose)) : 0;
    const bets = await roundBets(ctx, latest.id);
    const round: RouletteCurrent = {
      _id: String(latest.id),
      number: Number(latest.number),
      joinable: betting && timeLeft > 0,
      timeLeft,
      players: [],
      privateHash: latest.private_hash,
      publicSeed: latest.public_seed,
      rollStatus:
        latest.status === 'over'
          ? {
              rollStart: latest.started_at?.getTime() ?? 0,
              winningIndex: ROULETTE_WHEEL_ORDER.indexOf(
                latest.result as (typeof ROULETTE_WHEEL_ORDER)[number],
              ),
              winningSlot: latest.result,
              winningMultiplier: ROULETTE_PAYOUT_MULTIPLIER[rouletteColor(latest.result)],
            }
          : null,
      AnimationDuration: ROULETTE_SPIN_MS,
      AnimationDurationTotal: ROULETTE_ANIMATION_TOTAL_MS,
    };
    current = (reveals) => ({
      ...round,
      players: bets.map((b) => roulettePlayerView(b, ctx.assets, reveals)),
    });
  }
  return { current, history: history.map(rouletteHistoryView) };
}

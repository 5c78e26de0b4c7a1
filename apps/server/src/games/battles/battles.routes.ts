import { BATTLE_STATUS, battleGameBody, centsToCoins } from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { parse, requireUser } from '../../platform/http.ts';
import { BATTLE_TEXT } from './battles.service.ts';
import { detailOf, loadBattle, loadBattles, summaryOf } from './battles.views.ts';

const LIST_SIZE = 100;

export function battlesRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** Waiting and running battles; waiting ones first, newest first within each. */
  app.get('/api/battles', async () => {
    const rows = await ctx.db
      .selectFrom('battles')
      .select('id')
      .where('status', 'in', [BATTLE_STATUS.waiting, BATTLE_STATUS.running])
      .orderBy('status', 'asc')
      .orderBy('created_ms', 'desc')
      .limit(LIST_SIZE)
      .execute();
    return (
      await loadBattles(
        ctx.db,
        rows.map((r) => r.id),
      )
    ).map((b) => summaryOf(b, ctx.assets));
  });

  /** One battle with its seeds (the server seed once it is over), block and result. */
  app.post('/api/battles/game', async (req) => {
    const { gameId } = parse(battleGameBody, req.body);
    const b = await loadBattle(ctx.db, gameId);
    if (!b) throw Errors.notFound(BATTLE_TEXT.notFound);
    return detailOf(b, ctx.assets);
  });

  /** The player's finished battles (the profile's Case Battles history, spec-2 §3). */
  app.get('/api/battles/history', async (req) => battleHistoryOf(ctx, (await requireUser(ctx, req)).id));
}

export async function battleHistoryOf(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .selectFrom('battle_seats as s')
    .innerJoin('battles as b', 'b.id', 's.battle_id')
    .select(['b.id'])
    .where('s.user_id', '=', userId)
    .where('b.status', '=', BATTLE_STATUS.finished)
    .orderBy('b.created_ms', 'desc')
    .limit(50)
    .execute();
  const battles = await loadBattles(
    ctx.db,
    rows.map((r) => r.id),
  );
  return battles.map((b) => ({
    _id: b.id,
    created: b.createdAt.toISOString(),
    betAmount: centsToCoins(b.price),
    win: b.result,
    players: b.seats.map((s) => ({ id: s.userId === null ? 'bot' : String(s.userId), team: s.seat })),
    game_type: b.gameType,
  }));
}

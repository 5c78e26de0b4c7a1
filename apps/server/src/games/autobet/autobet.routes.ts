import {
  MAX_STRATEGIES,
  type Rule,
  type StrategyView,
  strategyDeleteBody,
  strategyListQuery,
  strategySaveBody,
} from '@coinsite/shared/autobet';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { Feature } from '../../platform/feature.ts';
import { parse, requireUser } from '../../platform/http.ts';

async function listOf(ctx: Ctx, userId: number, game: string): Promise<StrategyView[]> {
  const rows = await ctx.db
    .selectFrom('autobet_strategies')
    .select(['name', 'rules', 'updated_at'])
    .where('user_id', '=', userId)
    .where('game', '=', game)
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ name: r.name, rules: r.rules as Rule[], updated: r.updated_at.toISOString() }));
}

/**
 * The advanced autobet's saved strategies (issue 33): a player's own, per game, by name. The rules
 * are validated by the shared schema the panel uses (packages/shared/src/autobet.ts).
 */
export function autobetRoutes(app: FastifyInstance, ctx: Ctx): void {
  app.get('/api/autobet/strategies', async (req) => {
    const user = await requireUser(ctx, req);
    const { game } = parse(strategyListQuery, req.query);
    return { strategies: await listOf(ctx, user.id, game) };
  });

  /** Saves a strategy under its name, replacing one of the same name. */
  app.put('/api/autobet/strategies', async (req) => {
    const user = await requireUser(ctx, req);
    const { game, name, rules } = parse(strategySaveBody, req.body);
    const existing = await listOf(ctx, user.id, game);
    if (existing.length >= MAX_STRATEGIES && !existing.some((s) => s.name === name))
      throw Errors.badRequest(`You can keep at most ${MAX_STRATEGIES} strategies per game.`);
    await ctx.db
      .insertInto('autobet_strategies')
      .values({ user_id: user.id, game, name, rules: JSON.stringify(rules) })
      .onConflict((oc) =>
        oc
          .columns(['user_id', 'game', 'name'])
          .doUpdateSet({ rules: JSON.stringify(rules), updated_at: new Date() }),
      )
      .execute();
    return { strategies: await listOf(ctx, user.id, game) };
  });

  app.delete('/api/autobet/strategies', async (req) => {
    const user = await requireUser(ctx, req);
    const { game, name } = parse(strategyDeleteBody, req.body);
    await ctx.db
      .deleteFrom('autobet_strategies')
      .where('user_id', '=', user.id)
      .where('game', '=', game)
      .where('name', '=', name)
      .execute();
    return { strategies: await listOf(ctx, user.id, game) };
  });
}

export const feature: Feature = { name: 'autobet', routes: autobetRoutes };

import { centsToCoins, type VipLevelView, type VipView } from '@coinsite/shared';
import { VIP_MAJOR_COLORS, VIP_MAJOR_NAMES, vipLevels } from '@coinsite/shared/vip';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import {
  creditCountedClaim,
  ensureRewardsRow,
  rewardSettings,
  rewardsRow,
  UNITS_PER_CENT,
  unitsToCents,
} from '../rewards/rewards-account.ts';

interface LevelRow {
  level: number;
  level_name: string;
  level_color: string;
  wager_needed: number;
  rakeback_bp: number;
}

/** Seeds the 500 levels of economy.md (packages/shared/src/vip.ts) into vip_levels when missing. */
export async function seedVipLevels(ctx: Ctx): Promise<void> {
  const have = await ctx.db
    .selectFrom('vip_levels')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(have.n) >= vipLevels().length) return;
  const rows = vipLevels().map((l) => ({
    level: l.level,
    level_name: l.levelName,
    level_color: l.levelColor,
    wager_needed: l.wagerNeededCents,
    rakeback_bp: Math.round(l.rakebackPercentage * 100),
  }));
  await ctx.db
    .insertInto('vip_levels')
    .values(rows)
    .onConflict((oc) => oc.column('level').doNothing())
    .execute();
}

const LEVELS_CACHE_MS = 60_000;

/** The level table as data: read from the database, kept a minute (it changes only by an operator). */
export class VipTable {
  private cache: { at: number; rows: LevelRow[]; views: VipLevelView[] } | null = null;

  constructor(private readonly ctx: Ctx) {}

  async load() {
    if (this.cache && Date.now() - this.cache.at < LEVELS_CACHE_MS) return this.cache;
    const rows = await this.ctx.db.selectFrom('vip_levels').selectAll().orderBy('level').execute();
    const views = rows.map(toView);
    this.cache = { at: Date.now(), rows, views };
    return this.cache;
  }

  /** Index of the highest level whose threshold the wager has reached. */
  static indexFor(rows: LevelRow[], wagerCents: number): number {
    let lo = 0;
    let hi = rows.length - 1;
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if ((rows[mid]?.wager_needed ?? Number.POSITIVE_INFINITY) <= wagerCents) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
}

function toView(r: LevelRow): VipLevelView {
  return {
    name: String(r.level),
    levelName: r.level_name,
    levelColor: r.level_color,
    wagerNeeded: centsToCoins(r.wager_needed),
    rakebackPercentage: r.rakeback_bp / 100,
  };
}

/** GET /vip: the table, the player's level and the next, the claimable rakeback. */
export async function vipView(ctx: Ctx, table: VipTable, userId: number): Promise<VipView> {
  const { rows, views } = await table.load();
  const user = await ctx.db
    .selectFrom('users')
    .select('wager')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const rewards = await rewardsRow(ctx.db, userId);
  const settings = await rewardSettings(ctx.db);
  const i = VipTable.indexFor(rows, user.wager);
  const current = views[i];
  if (!current) throw new Error('vip_levels is empty');
  // at the top level the next is the top level itself: the original client reads
  // nextLevel.wagerNeeded unguarded on every page (original-client-listeners.md), ours sees it as full
  const next = views[i + 1] ?? current;
  return {
    allLevels: views,
    majorLevelNames: [...VIP_MAJOR_NAMES],
    majorLevelColors: [...VIP_MAJOR_COLORS],
    currentLevel: current,
    nextLevel: next,
    rakebackBalance: centsToCoins(unitsToCents(rewards?.rakeback_units ?? 0)),
    minimumClaim: centsToCoins(settings.rakebackMinClaim),
    wager: centsToCoins(user.wager),
  };
}

/**
 * POST /vip/claim: moves the whole cents of the rakeback balance to the wallet. Race-safe twice
 * over: the ledger key rakeback:<user>:<n> can be written once, and the balance is only taken down
 * by a conditional UPDATE that sees the claim count unchanged.
 */
export async function claimRakeback(ctx: Ctx, userId: number): Promise<number> {
  const settings = await rewardSettings(ctx.db);
  await ensureRewardsRow(ctx.db, userId);
  const row = await rewardsRow(ctx.db, userId);
  const cents = unitsToCents(row?.rakeback_units ?? 0);
  if (cents < settings.rakebackMinClaim)
    throw Errors.badRequest(
      `You need at least ${centsToCoins(settings.rakebackMinClaim).toFixed(2)} coins of rakeback to claim.`,
    );
  const n = (row?.rakeback_claims ?? 0) + 1;
  await creditCountedClaim(ctx, {
    userId,
    cents,
    kind: 'rakeback',
    n,
    refused: new AppError('already_claimed', 'Your rakeback has already been claimed.', 409),
    take: async (tx) =>
      Boolean(
        await tx
          .updateTable('user_rewards')
          .set((eb) => ({
            rakeback_units: eb('rakeback_units', '-', cents * UNITS_PER_CENT),
            rakeback_claimed: eb('rakeback_claimed', '+', cents),
            rakeback_claims: n,
          }))
          .where('user_id', '=', userId)
          .where('rakeback_claims', '=', n - 1)
          .where('rakeback_units', '>=', cents * UNITS_PER_CENT)
          .returning('user_id')
          .executeTakeFirst(),
      ),
  });
  return cents;
}

import {
  CASE_INSTANT_ANIMATION_MS,
  CASE_OPEN_ANIMATION_MS,
  type CaseOpenedEvent,
  DAILY_CASE_ANIMATION_MS,
  DAILY_CASE_COOLDOWN_MS,
  DAILY_CASE_SLUG,
} from '@coinsite/shared';
import { openCase, sha256Hex } from '@coinsite/shared/fairness';
import { sql } from 'kysely';
import type { AssetUrls } from '../../platform/assets.ts';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { inTransaction } from '../../platform/tx.ts';
import { placeBet } from '../engine/bet-engine.ts';
import { seedCacheOf, takeNonce } from '../fairness/seeds.service.ts';
import { type CaseRecord, caseBySlug, caseView, type ItemRecord, itemView } from './cases.catalogue.ts';

export interface CaseOpening {
  event: CaseOpenedEvent;
  item: ItemRecord;
}

function openedEvent(
  assets: AssetUrls,
  c: CaseRecord,
  item: ItemRecord,
  o: { ticket: number; betId: string | null; nonce: number; serverSeed: string; clientSeed: string },
): CaseOpenedEvent {
  return {
    case: caseView(c, assets),
    caseResult: { ...itemView(item, assets), ticket: o.ticket },
    betId: o.betId,
    nonce: o.nonce,
    serverSeedHash: sha256Hex(o.serverSeed),
    clientSeed: o.clientSeed,
  };
}

/**
 * cases:open — one bet through the bet engine: the case's price is the stake and the won item's
 * price the payout, debited and credited in the same statement. The win's update-wallet waits for
 * the reel the player watches: 5.75 s, or 0.3 s in instant mode (`instant`, docs/decisions/web.md).
 */
export async function openPaidCase(
  ctx: Ctx,
  user: SocketUser,
  slug: string,
  opts: { instant?: boolean } = {},
): Promise<CaseOpening> {
  const c = await caseBySlug(ctx.db, slug);
  if (c.kind !== 'paid') throw Errors.badRequest('This case cannot be bought.');
  // the settle callback sees the seeds; the event needs their public half
  const seen: {
    value?: { ticket: number; item: ItemRecord; serverSeed: string; clientSeed: string; nonce: number };
  } = {};
  const placed = await placeBet(
    ctx,
    { user, game: 'cases', stake: c.price, winNotifyDelayMs: caseRevealMs(opts) },
    (seeds) => {
      const { ticket, item } = openCase(seeds, c.items);
      seen.value = {
        ticket,
        item,
        serverSeed: seeds.serverSeed,
        clientSeed: seeds.clientSeed,
        nonce: seeds.nonce,
      };
      return {
        payout: item.price,
        multiplier: Math.floor((item.price * 10_000) / c.price),
        outcome: {
          case: { id: c.id, slug: c.slug, name: c.name, price: c.price },
          ticket,
          item: { id: item.id, name: item.name, price: item.price, color: item.color, image: item.image },
        },
      };
    },
  );
  const s = seen.value;
  if (!s) throw new Error('case outcome missing');
  return { item: s.item, event: openedEvent(ctx.assets, c, s.item, { ...s, betId: String(placed.betId) }) };
}

/** How long the case page's reel runs: the win's update-wallet and cases:success wait for it. */
export function caseRevealMs(opts: { instant?: boolean }): number {
  return opts.instant ? CASE_INSTANT_ANIMATION_MS : CASE_OPEN_ANIMATION_MS;
}

function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? `${h}h ${m}m` : `${m}m`;
}

/**
 * cases:free 'daily' — once per 24 hours per account, free: the claim row's conditional upsert is the
 * guard (two racing opens: one moves the row, the other finds it too recent), then a nonce of the
 * player's seed pair picks the item and its price is credited, all in one transaction.
 */
export async function openDailyCase(ctx: Ctx, user: SocketUser): Promise<CaseOpening> {
  const c = await caseBySlug(ctx.db, DAILY_CASE_SLUG);
  const now = ctx.clock.now();
  return inTransaction(ctx.db, async (unit) => {
    const claimed = await sql<{ user_id: number }>`
      INSERT INTO daily_case_claims (user_id, last_open_at) VALUES (${user.id}, ${new Date(now)})
      ON CONFLICT (user_id) DO UPDATE SET last_open_at = EXCLUDED.last_open_at
      WHERE daily_case_claims.last_open_at <= ${new Date(now - DAILY_CASE_COOLDOWN_MS)}
      RETURNING user_id`.execute(unit.tx);
    if (claimed.rows.length === 0) {
      const last = await lastDailyOpen(ctx, user.id, unit.tx);
      const left = last ? last.getTime() + DAILY_CASE_COOLDOWN_MS - now : DAILY_CASE_COOLDOWN_MS;
      throw Errors.badRequest(`You can open the daily case again in ${waitText(left)}.`);
    }
    const seeds = await takeNonce(unit.tx, user.id);
    // the node's cached pair is one nonce behind now: read it afresh for the next bet
    unit.afterCommit(() => seedCacheOf(ctx).forget(user.id));
    const { ticket, item } = openCase(seeds, c.items);
    const row = await unit.tx
      .insertInto('free_case_opens')
      .values({
        user_id: user.id,
        case_id: c.id,
        seed_pair_id: seeds.pairId,
        nonce: seeds.nonce,
        ticket,
        item: JSON.stringify({ id: item.id, name: item.name, price: item.price, color: item.color }),
        payout: item.price,
        opened_at: new Date(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.wallet.apply(unit, {
      userId: user.id,
      delta: item.price,
      kind: 'daily_case',
      ref: String(row.id),
      idempotencyKey: `daily_case:${row.id}`,
      notifyDelayMs: DAILY_CASE_ANIMATION_MS,
    });
    return {
      item,
      event: openedEvent(ctx.assets, c, item, { ...seeds, ticket, betId: null }),
    };
  });
}

/** When the player last opened the daily case (null: never). */
export async function lastDailyOpen(ctx: Ctx, userId: number, tx: Ctx['db'] = ctx.db): Promise<Date | null> {
  const row = await tx
    .selectFrom('daily_case_claims')
    .select('last_open_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.last_open_at ?? null;
}

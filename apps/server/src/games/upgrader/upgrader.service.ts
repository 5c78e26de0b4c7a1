import { upgraderOutcome, upgraderTicketDisplay } from '@coinsite/shared/fairness';
import { upgraderAmountError } from '@coinsite/shared/games';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import { upgraderCatalogue } from './upgrader-items.ts';

/** The dial spins 5 s: the win's update-wallet and the live feed wait for it. */
export const UPGRADER_SPIN_MS = 5000;

export async function seedUpgraderItems(ctx: Ctx): Promise<void> {
  const any = await ctx.db.selectFrom('upgrader_items').select('id').limit(1).executeTakeFirst();
  if (any) return;
  await ctx.db.insertInto('upgrader_items').values(upgraderCatalogue()).execute();
}

export async function listItems(ctx: Ctx) {
  const rows = await ctx.db
    .selectFrom('upgrader_items')
    .select(['id', 'name', 'price', 'color', 'image'])
    .where('active', '=', true)
    .orderBy('price', 'desc')
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    name: r.name,
    price: r.price / 100,
    color: r.color,
    image: r.image,
  }));
}

export async function attemptUpgrade(
  ctx: Ctx,
  user: SocketUser,
  amountCoins: number,
  itemId: number,
  isUnder: boolean,
) {
  const item = await ctx.db
    .selectFrom('upgrader_items')
    .select(['id', 'name', 'price', 'color'])
    .where('id', '=', itemId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!item) throw Errors.badRequest('This item is not available.');
  const stake = stakeCents(amountCoins);
  const amountError = upgraderAmountError(stake, item.price);
  if (amountError) throw Errors.badRequest(amountError);
  const side = isUnder ? 'under' : 'over';
  const placed = await placeBet(
    ctx,
    { user, game: 'upgrader', stake, winNotifyDelayMs: UPGRADER_SPIN_MS },
    (seeds) => {
      const o = upgraderOutcome(seeds, stake, item.price, side);
      return {
        payout: o.payout,
        multiplier: o.win ? Math.floor((o.payout * 10_000) / stake) : 0,
        outcome: {
          ticket: o.ticket,
          winningTickets: o.winningTickets,
          win: o.win,
          side,
          item: { id: item.id, name: item.name, price: item.price },
        },
      };
    },
  );
  return { ...placed, item, display: upgraderTicketDisplay(placed.outcome.ticket) };
}

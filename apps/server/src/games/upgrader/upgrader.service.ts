import { centsToCoins, type UpgraderItemRef } from '@coinsite/shared';
import { upgraderOutcome, upgraderTicketDisplay } from '@coinsite/shared/fairness';
import { upgraderAmountError } from '@coinsite/shared/games';
import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { SocketUser } from '../../platform/realtime.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import { GLYPH_NAMES, itemImagePath, nameVariant } from '../cases/case-art.ts';
import { type Rarity, upgraderCatalogue } from './upgrader-items.ts';

/** The dial spins 5 s: the win's update-wallet and the live feed wait for it. */
export const UPGRADER_SPIN_MS = 5000;

/**
 * How long the player's dial turns: the win's update-wallet and upgrader:success wait for it. In
 * instant mode the needle lands on the next frame, so nothing waits.
 */
export function upgraderRevealMs(opts: { instant?: boolean }): number {
  return opts.instant ? 0 : UPGRADER_SPIN_MS;
}

/**
 * Seeds the site's own catalogue when the table holds none of it. The original client's list
 * (source 'original') comes from migration 0030 and never counts as ours.
 */
export async function seedUpgraderItems(ctx: Ctx): Promise<void> {
  const any = await ctx.db
    .selectFrom('upgrader_items')
    .select('id')
    .where('source', '=', 'site')
    .limit(1)
    .executeTakeFirst();
  if (any) return;
  await ctx.db.insertInto('upgrader_items').values(upgraderCatalogue()).execute();
}

const upgraderArt = (id: number, color: Rarity, name: string) =>
  itemImagePath(color, GLYPH_NAMES[id % GLYPH_NAMES.length] ?? 'gem', nameVariant(name));

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
    // our client draws the item by its colour; a cross-origin client needs a picture
    image: ctx.assets.image(r.image, upgraderArt(r.id, r.color, r.name)),
  }));
}

/**
 * The catalogue item a client chose: by our id, or (the original client) by the name and price of
 * its own list's object. The sent price only identifies the item: the stake is measured against
 * the catalogue's price, and a price that differs from it is refused rather than corrected.
 */
async function chosenItem(ctx: Ctx, ref: number | UpgraderItemRef) {
  const query = ctx.db
    .selectFrom('upgrader_items')
    .select(['id', 'name', 'price', 'color'])
    .where('active', '=', true);
  if (typeof ref === 'number') {
    const item = await query.where('id', '=', ref).executeTakeFirst();
    if (!item) throw Errors.badRequest('This item is not available.');
    return item;
  }
  const named = await query.where(sql`lower(name)`, '=', ref.name.toLowerCase()).execute();
  const sentCents = Math.round(ref.price * 100);
  const item = named.find((i) => i.price === sentCents);
  if (item) return item;
  if (named.length === 0) throw Errors.badRequest(`${ref.name} is not in the upgrader catalogue.`);
  const prices = named.map((i) => centsToCoins(i.price).toFixed(2)).join(', ');
  throw Errors.badRequest(`The price of ${ref.name} is ${prices} coins, not ${ref.price.toFixed(2)}.`);
}

export async function attemptUpgrade(
  ctx: Ctx,
  user: SocketUser,
  amountCoins: number,
  itemRef: number | UpgraderItemRef,
  isUnder: boolean,
  opts: { instant?: boolean } = {},
) {
  const item = await chosenItem(ctx, itemRef);
  const stake = stakeCents(amountCoins);
  const amountError = upgraderAmountError(stake, item.price);
  if (amountError) throw Errors.badRequest(amountError);
  const side = isUnder ? 'under' : 'over';
  const placed = await placeBet(
    ctx,
    { user, game: 'upgrader', stake, winNotifyDelayMs: upgraderRevealMs(opts) },
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

import {
  type CaseItemView,
  type CaseSaveBody,
  type CaseSummaryView,
  type CaseView,
  centsToCoins,
  coinsToCents,
  type Rarity,
  type RewardCaseView,
} from '@coinsite/shared';
import { validateTicketRanges } from '@coinsite/shared/fairness';
import type { Kysely } from 'kysely';
import type { AssetUrls } from '../../platform/assets.ts';
import type { Ctx } from '../../platform/context.ts';
import type { DB, Tx } from '../../platform/db-types.ts';
import { Errors } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/tx.ts';
import { caseImagePath, distinctVariants, GLYPH_NAMES, itemImagePath, parseItemArt } from './case-art.ts';
import { type SeedCase, seedCatalogue } from './case-catalogue.ts';

/** A case as the services use it: prices in cents, items in ticket order. */
export interface CaseRecord {
  id: number;
  slug: string;
  name: string;
  price: number;
  image: string;
  kind: 'paid' | 'daily' | 'level';
  active: boolean;
  items: ItemRecord[];
}
export interface ItemRecord {
  id: number;
  name: string;
  price: number;
  color: Rarity;
  image: string;
  ticketsStart: number;
  ticketsEnd: number;
}

/** View builders take the site's AssetUrls: images leave absolute for a CORS_ORIGIN client. */
export const itemView = (it: ItemRecord, assets: AssetUrls): CaseItemView => ({
  id: String(it.id),
  name: it.name,
  price: centsToCoins(it.price),
  color: it.color,
  image: assets.url(it.image),
  ticketsStart: it.ticketsStart,
  ticketsEnd: it.ticketsEnd,
});

export const summaryView = (c: Omit<CaseRecord, 'items'>, assets: AssetUrls): CaseSummaryView => ({
  id: String(c.id),
  slug: c.slug,
  name: c.name,
  image: assets.url(c.image),
  price: centsToCoins(c.price),
});

export const caseView = (c: CaseRecord, assets: AssetUrls): CaseView => ({
  ...summaryView(c, assets),
  items: c.items.map((it) => itemView(it, assets)),
});

/** Cases with their items (one query each), filtered by kind; active ones unless told otherwise. */
export async function loadCases(
  db: Kysely<DB>,
  opts: { kinds?: Array<CaseRecord['kind']>; slugs?: string[]; includeInactive?: boolean } = {},
): Promise<CaseRecord[]> {
  let q = db.selectFrom('cases').select(['id', 'slug', 'name', 'price', 'image', 'kind', 'active']);
  if (!opts.includeInactive) q = q.where('active', '=', true);
  if (opts.kinds) q = q.where('kind', 'in', opts.kinds);
  if (opts.slugs) {
    if (opts.slugs.length === 0) return [];
    q = q.where('slug', 'in', opts.slugs);
  }
  const rows = await q.orderBy('price', 'asc').orderBy('id', 'asc').execute();
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('case_items')
    .select(['id', 'case_id', 'name', 'price', 'color', 'image', 'tickets_start', 'tickets_end'])
    .where(
      'case_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('tickets_start')
    .execute();
  return rows.map((r) => ({
    ...r,
    items: items
      .filter((it) => it.case_id === r.id)
      .map((it) => ({
        id: it.id,
        name: it.name,
        price: it.price,
        color: it.color,
        image: it.image,
        ticketsStart: it.tickets_start,
        ticketsEnd: it.tickets_end,
      })),
  }));
}

export async function caseBySlug(db: Kysely<DB>, slug: string): Promise<CaseRecord> {
  const [found] = await loadCases(db, { slugs: [slug] });
  if (!found) throw Errors.notFound('Case not found.');
  return found;
}

/** Case opening list: active paid cases, dearest first (spec-3 §2.6). */
export async function listCases(ctx: Ctx): Promise<CaseSummaryView[]> {
  const rows = await loadCases(ctx.db, { kinds: ['paid'] });
  return rows.sort((a, b) => b.price - a.price || a.id - b.id).map((c) => summaryView(c, ctx.assets));
}

/** The rewards page's grid: the daily case, then the level cases in level order. */
export async function rewardCases(ctx: Ctx): Promise<RewardCaseView[]> {
  const rows = await loadCases(ctx.db, { kinds: ['daily', 'level'] });
  const level = (slug: string) => Number(/^level-(\d+)$/.exec(slug)?.[1] ?? 0) || null;
  return rows
    .map((c) => ({
      ...summaryView(c, ctx.assets),
      kind: c.kind === 'daily' ? ('daily' as const) : ('level' as const),
      level: level(c.slug),
    }))
    .sort((a, b) => (a.level ?? 0) - (b.level ?? 0));
}

/** An admin's case in coins → the catalogue's form in cents (images default to generated art). */
export function fromSaveBody(body: CaseSaveBody): SeedCase & { active: boolean } {
  const glyphOf = (i: number) => GLYPH_NAMES[i % GLYPH_NAMES.length] ?? 'gem';
  const variants = distinctVariants(body.items.map((it, i) => ({ name: it.name, glyph: glyphOf(i) })));
  return {
    slug: body.slug,
    name: body.name,
    price: coinsToCents(body.price),
    image: body.image || caseImagePath('#4159CF', '#1d2a6b', 'star'),
    kind: body.kind,
    active: body.active,
    items: body.items.map((it, i) => ({
      name: it.name,
      price: coinsToCents(it.price),
      color: it.color,
      image: it.image || itemImagePath(it.color, glyphOf(i), variants[i]),
      ticketsStart: it.ticketsStart,
      ticketsEnd: it.ticketsEnd,
    })),
  };
}

function checkCase(def: SeedCase): void {
  const problem = validateTicketRanges(def.items);
  if (problem) throw Errors.badRequest(problem);
  if (def.items.some((it) => !Number.isSafeInteger(it.price) || it.price < 1))
    throw Errors.badRequest('Every item must be worth at least 0.01.');
  if (def.kind === 'paid' && def.price < 1) throw Errors.badRequest('A case must cost at least 0.01.');
}

async function writeCase(tx: Tx, def: SeedCase & { active?: boolean }): Promise<void> {
  const fields = {
    name: def.name,
    price: def.price,
    image: def.image,
    kind: def.kind,
    active: def.active ?? true,
  };
  const row = await tx
    .insertInto('cases')
    .values({ slug: def.slug, ...fields })
    .onConflict((oc) => oc.column('slug').doUpdateSet({ ...fields, updated_at: new Date() }))
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx.deleteFrom('case_items').where('case_id', '=', row.id).execute();
  await tx
    .insertInto('case_items')
    .values(
      def.items.map((it) => ({
        case_id: row.id,
        name: it.name,
        price: it.price,
        color: it.color,
        image: it.image,
        tickets_start: it.ticketsStart,
        tickets_end: it.ticketsEnd,
      })),
    )
    .execute();
}

/**
 * Creates or replaces a case and its loot table in one transaction. The ranges must tile 1..100000
 * exactly; otherwise nothing changes and the first problem comes back as a sentence.
 */
export async function saveCase(ctx: Ctx, def: SeedCase & { active?: boolean }): Promise<CaseRecord> {
  checkCase(def);
  await inTransaction(ctx.db, ({ tx }) => writeCase(tx, def));
  const [saved] = await loadCases(ctx.db, { slugs: [def.slug], includeInactive: true });
  if (!saved) throw new Error('saved case vanished');
  return saved;
}

/** Seeds the starting catalogue once (an empty cases table), in one transaction. */
export async function seedCases(ctx: Ctx): Promise<void> {
  const any = await ctx.db.selectFrom('cases').select('id').limit(1).executeTakeFirst();
  if (any) return redrawPlainItemArt(ctx);
  const catalogue = seedCatalogue();
  for (const def of catalogue) checkCase(def);
  await inTransaction(ctx.db, async ({ tx }) => {
    for (const def of catalogue) await writeCase(tx, def);
  });
}

/**
 * Items saved before item art had variants (`{color}-{glyph}.svg`) get a look of their own, distinct
 * within their case (issue 14 item 8). Idempotent: a case with no plain generated art is untouched.
 */
async function redrawPlainItemArt(ctx: Ctx): Promise<void> {
  const rows = await ctx.db
    .selectFrom('case_items')
    .select(['id', 'case_id', 'name', 'image'])
    .where('image', 'like', '/api/cases/art/item/%')
    .orderBy('case_id')
    .orderBy('id')
    .execute();
  const byCase = new Map<number, typeof rows>();
  for (const r of rows) byCase.set(r.case_id, [...(byCase.get(r.case_id) ?? []), r]);
  for (const items of byCase.values()) {
    const arts = items.map((it) => parseItemArt(it.image.split('/').pop() ?? ''));
    if (arts.every((a) => a === null || a.variant)) continue;
    const variants = distinctVariants(
      items.map((it, i) => ({ name: it.name, glyph: arts[i]?.glyph ?? 'gem' })),
    );
    await inTransaction(ctx.db, async ({ tx }) => {
      for (const [i, it] of items.entries()) {
        const art = arts[i];
        if (!art || art.variant) continue;
        await tx
          .updateTable('case_items')
          .set({ image: itemImagePath(art.color, art.glyph, variants[i]) })
          .where('id', '=', it.id)
          .execute();
      }
    });
  }
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SLOT_PROVIDER, type SlotGameView } from '@coinsite/shared';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Ctx } from '../platform/context.ts';
import { publishedBanner } from './banner-host.ts';

/** The provider's catalogue as bundled (spec-3 §3: 353 entries, a few with status 0). */
const CATALOGUE_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'pragmatic-gamelist.json');

const entry = z.object({
  id: z.number().int().positive(),
  sort: z.number().int(),
  lang: z.string(),
  providerCode: z.string(),
  game_code: z.string().regex(/^[A-Za-z0-9_]{1,64}$/),
  game_name: z.string().min(1),
  banner: z.string(),
  status: z.union([z.literal(0), z.literal(1)]),
});

export function bundledCatalogue() {
  return z.array(entry).parse(JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')));
}

/**
 * Seeds the catalogue at first boot: games already stored keep what an admin made of them (status,
 * order); a game new to the bundle is added. One statement, safe on several nodes at once.
 */
export async function seedSlotCatalogue(ctx: Ctx): Promise<void> {
  const games = bundledCatalogue();
  for (let i = 0; i < games.length; i += 200) {
    const chunk = games.slice(i, i + 200);
    await ctx.db
      .insertInto('slot_games')
      .values(
        chunk.map((g) => ({
          id: g.id,
          game_code: g.game_code,
          game_name: g.game_name,
          banner: g.banner,
          provider_code: g.providerCode,
          lang: g.lang,
          sort: g.sort,
          status: g.status,
        })),
      )
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

export interface SlotGameRow {
  id: number;
  game_code: string;
  game_name: string;
  banner: string;
  provider_code: string;
  lang: string;
  sort: number;
  status: number;
}

export function gameView(row: SlotGameRow, favourite = false): SlotGameView {
  return {
    id: row.id,
    game_code: row.game_code,
    game_name: row.game_name,
    // the provider's banner only when its host answers here: else the site's generated art
    banner: publishedBanner(row.banner),
    provider: row.provider_code === 'PRAGMATIC' ? 'Pragmatic Play' : row.provider_code,
    providerCode: row.provider_code,
    lang: row.lang,
    sort: row.sort,
    status: row.status,
    favourite,
  };
}

const COLUMNS = [
  'id',
  'game_code',
  'game_name',
  'banner',
  'provider_code',
  'lang',
  'sort',
  'status',
] as const;

/** LIKE pattern for a case-insensitive substring (the user's % and _ match themselves). */
function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** One page of the enabled games (spec-3 §2.13), optionally a player's favourites or recent ones. */
export async function listGames(
  ctx: Ctx,
  opts: {
    search?: string;
    offset: number;
    limit: number;
    userId?: number;
    only?: 'favourites' | 'recent';
    includeDisabled?: boolean;
  },
): Promise<{ games: SlotGameView[]; total: number }> {
  let q = ctx.db.selectFrom('slot_games as g');
  if (opts.only === 'favourites')
    q = q.innerJoin('slot_favourites as f', (j) =>
      j.onRef('f.game_code', '=', 'g.game_code').on('f.user_id', '=', opts.userId ?? -1),
    );
  if (opts.only === 'recent')
    q = q.innerJoin('slot_recent as r', (j) =>
      j.onRef('r.game_code', '=', 'g.game_code').on('r.user_id', '=', opts.userId ?? -1),
    );
  if (!opts.includeDisabled) q = q.where('g.status', '=', 1);
  if (opts.search) q = q.where(sql<boolean>`g.game_name ILIKE ${containsPattern(opts.search)}`);
  const total = await q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let page = q.select(COLUMNS.map((c) => `g.${c}` as const));
  page =
    opts.only === 'recent'
      ? page.orderBy(sql`r.played_at`, 'desc')
      : opts.only === 'favourites'
        ? page.orderBy(sql`f.created_at`, 'desc')
        : page.orderBy('g.sort').orderBy('g.id');
  const rows = await page.offset(opts.offset).limit(opts.limit).execute();
  const favourites = await favouriteCodes(
    ctx,
    opts.userId,
    rows.map((r) => r.game_code),
  );
  return {
    games: rows.map((r) => gameView(r, favourites.has(r.game_code))),
    total: Number(total.n),
  };
}

async function favouriteCodes(ctx: Ctx, userId: number | undefined, codes: string[]): Promise<Set<string>> {
  if (userId === undefined || codes.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('slot_favourites')
    .select('game_code')
    .where('user_id', '=', userId)
    .where('game_code', 'in', codes)
    .execute();
  return new Set(rows.map((r) => r.game_code));
}

export async function findGame(ctx: Ctx, code: string): Promise<SlotGameRow | undefined> {
  return ctx.db.selectFrom('slot_games').select(COLUMNS).where('game_code', '=', code).executeTakeFirst();
}

export async function oneGame(ctx: Ctx, code: string, userId?: number): Promise<SlotGameView | null> {
  const row = await findGame(ctx, code);
  if (!row) return null;
  const fav = await favouriteCodes(ctx, userId, [code]);
  return gameView(row, fav.has(code));
}

export const PROVIDER = SLOT_PROVIDER;

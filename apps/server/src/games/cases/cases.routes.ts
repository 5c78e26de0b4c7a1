import { caseSaveBody, caseSlugBody, caseSlugParams, centsToCoins, DAILY_CASE_SLUG } from '@coinsite/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { writeAudit } from '../../platform/audit.ts';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { parse, requireAdmin, requireUser } from '../../platform/http.ts';
import { botSvg, defaultAvatarSvg, caseSvg, itemSvg, parseCaseArt, parseItemArt } from './case-art.ts';
import {
  caseBySlug,
  caseView,
  fromSaveBody,
  listCases,
  loadCases,
  rewardCases,
  saveCase,
} from './cases.catalogue.ts';
import { lastDailyOpen } from './cases.service.ts';

const artFile = z.object({ file: z.string().max(80) });

function sendSvg(reply: FastifyReply, body: string) {
  return (
    reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=86400, immutable')
      // public art: a client on another origin (CORS_ORIGIN) may show it (PROTOCOL §1)
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(body)
  );
}

export function casesRoutes(app: FastifyInstance, ctx: Ctx): void {
  /** The case opening list (spec-3 §2.6): tiles without loot tables. */
  app.get('/api/cases', async () => listCases(ctx));

  /** The rewards page's cases: the daily case and the (locked) level cases. */
  app.get('/api/cases/rewards', async () => rewardCases(ctx));

  /** When the daily case was last opened (ISO) or null. */
  app.get('/api/cases/lastopen', async (req) => {
    const user = await requireUser(ctx, req);
    const last = await lastDailyOpen(ctx, user.id);
    return last ? last.toISOString() : null;
  });

  /** The player's latest case openings (the profile's Cases history). */
  app.get('/api/cases/history', async (req) => caseHistoryOf(ctx, (await requireUser(ctx, req)).id));

  app.get('/api/cases/art/case/:file', async (req, reply) => {
    const art = parseCaseArt(parse(artFile, req.params).file);
    if (!art) throw Errors.notFound('Image not found.');
    return sendSvg(reply, caseSvg(art.a, art.b, art.glyph));
  });
  app.get('/api/cases/art/item/:file', async (req, reply) => {
    const art = parseItemArt(parse(artFile, req.params).file);
    if (!art) throw Errors.notFound('Image not found.');
    return sendSvg(reply, itemSvg(art.color, art.glyph, art.variant));
  });
  app.get('/api/cases/art/bot.svg', async (_req, reply) => sendSvg(reply, botSvg()));
  app.get('/api/cases/art/avatar.svg', async (_req, reply) => sendSvg(reply, defaultAvatarSvg()));

  /** One case with its loot table (any active case, the daily and level cases included). */
  app.get('/api/cases/:slug', async (req) => {
    const { slug } = parse(caseSlugParams, req.params);
    return caseView(await caseBySlug(ctx.db, slug), ctx.assets);
  });

  /** The battle picker's catalogue: paid cases with loot tables, cheapest first. */
  app.get('/api/battles/cases', async () =>
    (await loadCases(ctx.db, { kinds: ['paid'] })).map((c) => caseView(c, ctx.assets)),
  );

  /** One case by slug (PROTOCOL.md: `daily` included). */
  app.post('/api/battles/case', async (req) => {
    const { slug } = parse(caseSlugBody, req.body);
    return caseView(await caseBySlug(ctx.db, slug === 'daily' ? DAILY_CASE_SLUG : slug), ctx.assets);
  });

  /** Admin: create or replace a case; ranges that do not tile 1..100000 are refused with a sentence. */
  app.put('/api/external/v1/cases/save', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(caseSaveBody, req.body);
    const saved = await saveCase(ctx, fromSaveBody(body));
    await writeAudit(ctx.db, { actorId: admin.id, action: 'save-case', target: saved.slug, details: body });
    return caseView(saved, ctx.assets);
  });
}

export async function caseHistoryOf(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .selectFrom('bets')
    .select(['id', 'stake', 'payout', 'outcome', 'created_at'])
    .where('user_id', '=', userId)
    .where('game', '=', 'cases')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => {
    const o = r.outcome as {
      case?: { name?: string; slug?: string };
      item?: { name?: string; color?: string };
    };
    return {
      _id: String(r.id),
      created: r.created_at.toISOString(),
      case: { price: centsToCoins(r.stake), name: o.case?.name ?? '', slug: o.case?.slug ?? '' },
      caseResult: {
        item: { price: centsToCoins(r.payout), name: o.item?.name ?? '', color: o.item?.color ?? 'grey' },
      },
    };
  });
}

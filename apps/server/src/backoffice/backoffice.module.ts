import {
  backofficeSettingsBody,
  type StatsHealth,
  staffNoteBody,
  statsPlayerParams,
  statsPlayerSearchQuery,
  statsWindowQuery,
  type Transparency,
} from '@coinsite/shared';
import type { FastifyInstance } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import type { DB } from '../platform/db-types.ts';
import { Errors } from '../platform/errors.ts';
import { type Feature, made } from '../platform/feature.ts';
import type { LeaderTask } from '../platform/leader-tasks.ts';
import { parse, requireAdmin } from '../platform/http.ts';
import { alertsOf } from './alerts.ts';
import { addStaffNote, findPlayers, playerView } from './player.service.ts';
import { windowOf } from './stats.figures.ts';
import { StatsLoop } from './stats.loop.ts';
import { games, overview, rollupAsOf } from './stats.service.ts';
import { transparency } from './transparency.service.ts';

/** The public page is read from the rollup at most this often per node. */
const TRANSPARENCY_CACHE_MS = 30_000;

const loops = new WeakMap<Ctx, StatsLoop>();

/**
 * Where the back office reads: DATABASE_READ_URL (a replica) when set, else the primary. The rollup
 * itself always writes on the primary (the leader's loop uses ctx.db).
 */
function readDb(ctx: Ctx): Kysely<DB> {
  const url = ctx.config.DATABASE_READ_URL;
  if (!url) return ctx.db;
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', (err) => ctx.log.warn({ err: { message: err.message } }, 'read replica connection lost'));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  ctx.onClose.push(() => db.destroy());
  return db;
}

async function transparencyEnabled(db: Kysely<DB>): Promise<boolean> {
  const r = await sql<{ on: boolean }>`SELECT transparency_enabled AS on FROM backoffice_settings`.execute(
    db,
  );
  return r.rows[0]?.on ?? true;
}

/** Issue 31: the operator's figures (rank 5), the player view, the health tile and the public transparency page. */
export function backofficeRoutes(app: FastifyInstance, ctx: Ctx): void {
  const reads = readDb(ctx);
  const now = () => new Date(ctx.clock.now());

  app.get('/api/external/v1/stats/overview', async (req) => {
    await requireAdmin(ctx, req);
    return overview(reads, windowOf(parse(statsWindowQuery, req.query), now()));
  });

  app.get('/api/external/v1/stats/games', async (req) => {
    await requireAdmin(ctx, req);
    return games(reads, windowOf(parse(statsWindowQuery, req.query), now()));
  });

  app.get('/api/external/v1/stats/players', async (req) => {
    await requireAdmin(ctx, req);
    return { players: await findPlayers(reads, parse(statsPlayerSearchQuery, req.query).q) };
  });

  app.get('/api/external/v1/stats/players/:id', async (req) => {
    await requireAdmin(ctx, req);
    return playerView(reads, Number(parse(statsPlayerParams, req.params).id));
  });

  app.post('/api/external/v1/stats/players/:id/notes', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { id } = parse(statsPlayerParams, req.params);
    const { body } = parse(staffNoteBody, req.body);
    return addStaffNote(ctx.db, admin.id, Number(id), body);
  });

  app.get('/api/external/v1/stats/health', async (req): Promise<StatsHealth> => {
    await requireAdmin(ctx, req);
    const runs = await sql<{ ran_at: Date; ok: boolean; summary: string; problems: unknown }>`
      SELECT ran_at, ok, summary, problems FROM stats_health ORDER BY id DESC LIMIT 10`.execute(ctx.db);
    return {
      runs: runs.rows.map((r) => ({
        at: new Date(r.ran_at).toISOString(),
        ok: r.ok,
        summary: r.summary,
        problems: Array.isArray(r.problems) ? r.problems.map(String) : [],
      })),
      alerts: await alertsOf(ctx),
      rollupAsOf: await rollupAsOf(ctx.db),
      transparencyEnabled: await transparencyEnabled(ctx.db),
    };
  });

  app.put('/api/external/v1/stats/settings', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const body = parse(backofficeSettingsBody, req.body);
    await ctx.db.transaction().execute(async (tx) => {
      await sql`UPDATE backoffice_settings SET transparency_enabled = ${body.transparencyEnabled}`.execute(
        tx,
      );
      await writeAudit(tx, {
        actorId: admin.id,
        action: 'backoffice-settings',
        target: 'transparency',
        details: body,
      });
    });
    cache = null;
    return body;
  });

  let cache: { at: number; value: Transparency | null } | null = null;
  app.get('/api/transparency', async () => {
    const t = Date.now();
    if (!cache || t - cache.at > TRANSPARENCY_CACHE_MS) {
      const on = await transparencyEnabled(ctx.db);
      cache = { at: t, value: on ? await transparency(reads, now()) : null };
    }
    if (!cache.value) throw Errors.notFound('The transparency page is turned off.');
    return cache.value;
  });

  loops.set(ctx, new StatsLoop(ctx));
}

/** Tests: the app's back-office loop. */
export function statsLoopOf(ctx: Ctx): StatsLoop | undefined {
  return loops.get(ctx);
}

export const feature: Feature = {
  name: 'backoffice',
  routes: backofficeRoutes,
  leader: (ctx): Record<string, LeaderTask> =>
    ctx.config.BACKOFFICE_ROLLUP ? { backoffice: made(loops.get(ctx), 'backoffice') } : {},
};

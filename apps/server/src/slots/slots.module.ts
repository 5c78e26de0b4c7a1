import { randomBytes } from 'node:crypto';
import {
  adminSlotBody,
  type LaunchGameView,
  launchGameBody,
  SLOT_PAGE_SIZE,
  sandboxSpinBody,
  slotFavouriteBody,
  slotGameCode,
  slotListQuery,
} from '@coinsite/shared';
import { slotRtp } from '@coinsite/shared/fairness';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { audit } from '../admin/admin.routes.ts';
import {
  PP_ERRORS,
  PP_METHODS,
  type PpMethod,
  parseForm,
  ppLaunchUrl,
  ppVerify,
} from '../integrations/pragmatic/protocol.ts';
import {
  SandboxProviderClient,
  sandboxSlotSecret,
  type WalletTransport,
} from '../integrations/pragmatic/sandbox-provider.ts';
import type { Ctx } from '../platform/context.ts';
import { AppError, Errors } from '../platform/errors.ts';
import { requireNoBreak } from '../platform/account/rg.service.ts';
import { currentUser, limit, loadLimit, parse, requireAdmin, requireUser } from '../platform/http.ts';
import { demoLaunch, demoSlotRoutes, isBareRequest } from './demo.ts';
import { sandboxPage, sandboxScript } from './sandbox-page.ts';
import { sandboxSession, sandboxSpin } from './sandbox-game.ts';
import { SeamlessWallet } from './seamless-wallet.ts';
import { findGame, listGames, oneGame, seedSlotCatalogue } from './slots.catalogue.ts';
import { loadSlotsConfig, type SlotsConfig } from './slots.config.ts';
import { publishedBanner } from './banner-host.ts';
import type { Feature } from '../platform/feature.ts';

/** The slots of one running site (tests sign wallet calls with its secret). */
export interface SlotsRuntime {
  config: SlotsConfig;
  /** The key wallet calls are signed with: PRAGMATIC_SECRET_KEY, or the sandbox's own. */
  secret: string;
  wallet: SeamlessWallet;
}

const runtimes = new WeakMap<Ctx, SlotsRuntime>();
export function slotsOf(ctx: Ctx): SlotsRuntime {
  const r = runtimes.get(ctx);
  if (!r) throw new Error('slots are not registered');
  return r;
}

/** The exact return of the sandbox slot, as the rakeback's house edge of slot stakes (basis points). */
export const SLOT_EDGE_BP = Math.round((1 - slotRtp()) * 10000);

const codeParams = z.object({ code: slotGameCode });

/**
 * Slots (issue 12, spec-3 §2.13, §3, §7): the catalogue, favourites and recently played, the
 * launcher, the seamless wallet the provider calls, and the sandbox provider (the default).
 */
export async function slotsFeature(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const config = loadSlotsConfig();
  const secret = config.real && config.secretKey ? config.secretKey : sandboxSlotSecret(ctx.config.DATA_DIR);
  const wallet = new SeamlessWallet(ctx, config);
  runtimes.set(ctx, { config, secret, wallet });
  await seedSlotCatalogue(ctx);

  // ---- catalogue ----
  app.get('/api/slots', async (req) => {
    const q = parse(slotListQuery, req.query);
    const user = await currentUser(ctx, req);
    if (q.only && !user) throw Errors.unauthorized();
    return listGames(ctx, {
      search: q.search || undefined,
      offset: q.offset ?? 0,
      limit: q.limit ?? SLOT_PAGE_SIZE,
      userId: user?.id,
      only: q.only,
    });
  });

  app.get('/api/slots/:code', async (req) => {
    const { code } = parse(codeParams, req.params);
    const user = await currentUser(ctx, req);
    const game = await oneGame(ctx, code, user?.id);
    if (!game) throw Errors.notFound('Game not found.');
    return game;
  });

  app.post('/api/slots/:code/favourite', async (req) => {
    const user = await requireUser(ctx, req);
    const { code } = parse(codeParams, req.params);
    const { favourite } = parse(slotFavouriteBody, req.body);
    await limit(ctx, `slots-fav:${user.id}`, loadLimit(20, 10_000));
    if (!(await findGame(ctx, code))) throw Errors.notFound('Game not found.');
    if (favourite)
      await ctx.db
        .insertInto('slot_favourites')
        .values({ user_id: user.id, game_code: code })
        .onConflict((oc) => oc.doNothing())
        .execute();
    else
      await ctx.db
        .deleteFrom('slot_favourites')
        .where('user_id', '=', user.id)
        .where('game_code', '=', code)
        .execute();
    return { favourite };
  });

  // ---- launcher (spec-3 §7): the balance the client sends is ignored ----
  app.post('/api/mm2/launch-game', async (req): Promise<LaunchGameView> => {
    // no session at all (the original client's bare request): a demo, play money (issue 27)
    if (isBareRequest(req)) return demoLaunch(ctx, config, req, parse(launchGameBody, req.body).game_code);
    const user = await requireUser(ctx, req);
    const body = parse(launchGameBody, req.body);
    await limit(
      ctx,
      `slots-launch:${user.id}`,
      loadLimit(10, 10_000),
      'You are opening games too fast, slow down!',
    );
    await ctx.controls.require('slots', 'Slots');
    // every slot here plays with the real balance: a player on a break is told so instead of a game
    // whose every spin the wallet would refuse
    await requireNoBreak(ctx, user.id);
    const game = await findGame(ctx, body.game_code);
    if (!game) throw Errors.notFound('Game not found.');
    if (game.status !== 1) throw Errors.badRequest('This game is currently disabled.');
    const token = randomBytes(24).toString('hex');
    await ctx.db
      .insertInto('slot_sessions')
      .values({
        token,
        user_id: user.id,
        game_code: game.game_code,
        sandbox: !config.real,
        expires_at: new Date(ctx.clock.now() + config.sessionMs),
      })
      .execute();
    await ctx.db
      .insertInto('slot_recent')
      .values({ user_id: user.id, game_code: game.game_code, played_at: new Date() })
      .onConflict((oc) => oc.columns(['user_id', 'game_code']).doUpdateSet({ played_at: new Date() }))
      .execute();
    if (!config.real) return { launch_url: ctx.assets.url(`/sandbox/slots/play/${token}`), sandbox: true };
    try {
      const url = await ppLaunchUrl({
        apiUrl: config.apiUrl as string,
        secureLogin: config.secureLogin as string,
        secretKey: config.secretKey as string,
        symbol: game.game_code,
        token,
        playerId: String(user.id),
        currency: config.currency,
        language: game.lang,
        lobbyUrl: `${ctx.config.frontendUrl}/slots`,
      });
      return { launch_url: url, sandbox: false };
    } catch (err) {
      req.log.warn({ err }, 'slot launch failed');
      throw new AppError(
        'provider_unavailable',
        'The game provider is not answering. Please try again in a moment.',
        502,
      );
    }
  });

  // ---- the seamless wallet the provider calls (form-encoded, signed) ----
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, parseForm(String(body))),
    );
    scope.post('/api/callbacks/pragmatic/:method', async (req, reply) => {
      const name = String((req.params as { method?: unknown }).method ?? '').replace(/\.html$/, '');
      if (!(PP_METHODS as readonly string[]).includes(name)) throw Errors.notFound('Unknown wallet method.');
      reply.header('cache-control', 'no-store');
      if (!ipAllowed(req, config)) return { ...PP_ERRORS.badHash, description: 'Address not allowed' };
      const params = formParams(req.body);
      if (!params || !ppVerify(params, secret)) return { ...PP_ERRORS.badHash };
      if (params.providerId !== undefined && params.providerId !== config.providerId)
        return { ...PP_ERRORS.badParameters };
      return wallet.call(name as PpMethod, params);
    });
  });

  // ---- the sandbox provider: its game page and its game server ----
  const provider = new SandboxProviderClient(secret, config.providerId, loopbackTransport(app));
  app.get('/sandbox/slots/play/:token', async (req, reply) => {
    const { token } = parse(
      z.object({ token: z.string().regex(/^[a-f0-9]{48}$/, 'Invalid session.') }),
      req.params,
    );
    // the game is framed by our own client (and a CORS_ORIGIN client): relax the frame rules for it only
    const ancestors = ["'self'", ...ctx.config.corsOrigins].join(' ');
    reply.removeHeader('x-frame-options');
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors ${ancestors}`,
    );
    reply.type('text/html; charset=utf-8');
    return sandboxPage(token);
  });
  demoSlotRoutes(app, ctx);
  app.get('/sandbox/slots/app.js', async (_req, reply) => {
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache');
    return sandboxScript();
  });
  app.get('/api/slots/sandbox/session', async (req) => {
    const { session } = parse(sandboxSpinBody.pick({ session: true }), req.query);
    const s = await sandboxSession(ctx, session);
    // the provider's game client opens with authenticate, as a real game does
    const auth = await provider.call('authenticate', { token: s.token });
    if (auth.error !== 0) throw Errors.unauthorized();
    return {
      gameCode: s.gameCode,
      gameName: s.gameName,
      banner: publishedBanner(s.banner),
      balance: Number(auth.cash),
      currency: auth.currency,
      rtp: slotRtp(),
    };
  });
  app.post('/api/slots/sandbox/spin', async (req) => {
    const body = parse(sandboxSpinBody, req.body);
    const s = await sandboxSession(ctx, body.session);
    return sandboxSpin(ctx, provider, s, body.amount);
  });

  // ---- admin: enable/disable and reorder ----
  app.get('/api/external/v1/slots', async (req) => {
    await requireAdmin(ctx, req);
    const q = parse(slotListQuery, req.query);
    return listGames(ctx, {
      search: q.search || undefined,
      offset: q.offset ?? 0,
      limit: q.limit ?? 100,
      includeDisabled: true,
    });
  });
  app.post('/api/external/v1/slots/:code', async (req) => {
    const admin = await requireAdmin(ctx, req);
    const { code } = parse(codeParams, req.params);
    const body = parse(adminSlotBody, req.body);
    const row = await ctx.db
      .updateTable('slot_games')
      .set({
        ...(body.status !== undefined ? { status: body.status } : {}),
        ...(body.sort !== undefined ? { sort: body.sort } : {}),
      })
      .where('game_code', '=', code)
      .returning(['game_code'])
      .executeTakeFirst();
    if (!row) throw Errors.notFound('Game not found.');
    await audit(ctx, admin.id, 'slot-game', code, body);
    return oneGame(ctx, code);
  });
}

function formParams(body: unknown): Record<string, string> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v);
    else return null;
  }
  return out;
}

function ipAllowed(req: FastifyRequest, config: SlotsConfig): boolean {
  if (config.allowedIps.length === 0) return true;
  const ip = req.ip.replace(/^::ffff:/, '');
  // the sandbox provider calls from this very machine
  if (!config.real && (ip === '127.0.0.1' || ip === '::1')) return true;
  return config.allowedIps.includes(ip);
}

/**
 * How the sandbox provider reaches the wallet: a real HTTP request to this server over loopback
 * once it listens (in-process injection through the same HTTP stack before that).
 */
function loopbackTransport(app: FastifyInstance): WalletTransport {
  return async (method, form) => {
    const url = `/api/callbacks/pragmatic/${method}.html`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const addr = app.server.address();
    if (addr && typeof addr === 'object') {
      const host = addr.address === '0.0.0.0' || addr.address === '::' ? '127.0.0.1' : addr.address;
      const base =
        addr.family === 'IPv6' && host !== '127.0.0.1'
          ? `http://[${host}]:${addr.port}`
          : `http://${host}:${addr.port}`;
      const res = await fetch(base + url, {
        method: 'POST',
        headers,
        body: form,
        signal: AbortSignal.timeout(15_000),
      });
      return (await res.json()) as Record<string, unknown>;
    }
    const res = await app.inject({ method: 'POST', url, headers, payload: form });
    return res.json() as Record<string, unknown>;
  };
}

export const feature: Feature = { name: 'slots', routes: slotsFeature };

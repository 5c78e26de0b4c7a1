import { randomBytes } from 'node:crypto';
import { centsToCoins, type LaunchGameView, sandboxDemoSpinBody, slotGameCode } from '@coinsite/shared';
import { sha256Hex, slotPayout, slotRtp, slotSpin } from '@coinsite/shared/fairness';
import { betAmountError } from '@coinsite/shared/games';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../platform/context.ts';
import { Errors } from '../platform/errors.ts';
import { limit, loadLimit, parse } from '../platform/http.ts';
import { sandboxPage } from './sandbox-page.ts';
import { findGame } from './slots.catalogue.ts';
import { publishedBanner } from './banner-host.ts';
import type { SlotsConfig } from './slots.config.ts';

/**
 * Demo launches (issue 27): the original client's slot page posts POST /api/mm2/launch-game with a
 * bare request, no x-auth-token, and names the player by `user_code`, which is never trusted. Such a
 * request gets a demo: play money on the provider's own demo server (real provider) or on the
 * sandbox slot's demo page, where the balance lives in the page and nothing is written or moved on
 * any account. A request with a session launches for real money as before.
 */

/** The play money a demo starts with (coins, held by the demo page). */
export const DEMO_BALANCE = 1000;
/** Pragmatic Play's public demo launcher (no account, no wallet calls). */
export const PRAGMATIC_DEMO_URL = 'https://demogamesfree.pragmaticplay.net/gs2c/openGame.do';

const demoGameQuery = z.object({ game: slotGameCode });

/** True when the request carries no session at all (a bad token is still a 401, not a demo). */
export function isBareRequest(req: FastifyRequest): boolean {
  const token = req.headers['x-auth-token'];
  return token === undefined || token === '';
}

async function playableGame(ctx: Ctx, code: string) {
  await ctx.controls.require('slots', 'Slots');
  const game = await findGame(ctx, code);
  if (!game) throw Errors.notFound('Game not found.');
  if (game.status !== 1) throw Errors.badRequest('This game is currently disabled.');
  return game;
}

export async function demoLaunch(
  ctx: Ctx,
  config: SlotsConfig,
  req: FastifyRequest,
  code: string,
): Promise<LaunchGameView & { demo: true }> {
  await limit(
    ctx,
    `slots-demo:${req.ip}`,
    loadLimit(10, 10_000),
    'You are opening games too fast, slow down!',
  );
  const game = await playableGame(ctx, code);
  if (!config.real)
    return { launch_url: ctx.assets.url(`/sandbox/slots/demo/${game.game_code}`), sandbox: true, demo: true };
  const url = new URL(PRAGMATIC_DEMO_URL);
  url.searchParams.set('gameSymbol', game.game_code);
  url.searchParams.set('lang', game.lang);
  url.searchParams.set('cur', config.currency);
  url.searchParams.set('lobbyUrl', `${ctx.config.frontendUrl}/slots`);
  return { launch_url: url.toString(), sandbox: false, demo: true };
}

/** The sandbox slot's demo page and its play-money game server (no session, no wallet, no rows). */
export function demoSlotRoutes(app: FastifyInstance, ctx: Ctx): void {
  const framed = (reply: FastifyReply) => {
    const ancestors = ["'self'", ...ctx.config.corsOrigins].join(' ');
    reply.removeHeader('x-frame-options');
    reply.header(
      'content-security-policy',
      `default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; connect-src 'self'; frame-ancestors ${ancestors}`,
    );
    reply.type('text/html; charset=utf-8');
  };

  app.get('/sandbox/slots/demo/:code', async (req, reply) => {
    const { code } = parse(z.object({ code: slotGameCode }), req.params);
    framed(reply);
    return sandboxPage('', code);
  });

  app.get('/api/slots/sandbox/demo', async (req) => {
    const { game } = parse(demoGameQuery, req.query);
    const g = await playableGame(ctx, game);
    return {
      gameCode: g.game_code,
      gameName: g.game_name,
      banner: publishedBanner(g.banner),
      balance: DEMO_BALANCE,
      currency: 'DEMO',
      rtp: slotRtp(),
      demo: true,
    };
  });

  app.post('/api/slots/sandbox/demo-spin', async (req) => {
    const body = parse(sandboxDemoSpinBody, req.body);
    const stake = Math.round(body.amount * 100);
    const amountError = betAmountError(stake);
    if (amountError) throw Errors.badRequest(amountError);
    await limit(
      ctx,
      `slots-demo-spin:${req.ip}`,
      loadLimit(10, 1000),
      'You are spinning too fast, slow down!',
    );
    await playableGame(ctx, body.game);
    // fresh seeds per demo spin: the same draw as a real spin, with nothing to keep
    const seeds = {
      serverSeed: randomBytes(32).toString('hex'),
      clientSeed: randomBytes(8).toString('hex'),
      nonce: 0,
    };
    const spin = slotSpin(seeds);
    const payout = slotPayout(stake, spin.multiplier);
    return {
      roundId: `demo-${randomBytes(6).toString('hex')}`,
      stops: spin.stops,
      window: spin.window,
      wins: spin.wins,
      stake: centsToCoins(stake),
      payout: centsToCoins(payout),
      multiplier: spin.multiplier / 10000,
      serverSeed: seeds.serverSeed,
      serverSeedHash: sha256Hex(seeds.serverSeed),
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
      demo: true,
    };
  });
}

import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../platform/context.ts';
import { Chains } from '../chains/chain.store.ts';
import { chainsRoutes } from '../chains/chains.routes.ts';
import { CoinflipLoop } from '../coinflip/coinflip.loop.ts';
import { coinflipRoutes } from '../coinflip/coinflip.routes.ts';
import { coinflipSocket } from '../coinflip/coinflip.socket.ts';
import { CrashLoop } from '../crash/crash.loop.ts';
import { crashRoutes } from '../crash/crash.routes.ts';
import { crashSocket } from '../crash/crash.socket.ts';
import { RouletteLoop } from '../roulette/roulette.loop.ts';
import { rouletteRoutes } from '../roulette/roulette.routes.ts';
import { rouletteSocket } from '../roulette/roulette.socket.ts';
import { roundResync } from './round-resync.ts';
import type { Feature } from '../../platform/feature.ts';

export interface RoundLoops {
  chains: Chains;
  crash: CrashLoop;
  roulette: RouletteLoop;
  coinflip: CoinflipLoop;
}

const loops = new WeakMap<Ctx, RoundLoops>();

/** The loops of a running app (tests drive them with a fake clock and wait on idle()). */
export function roundLoopsOf(ctx: Ctx): RoundLoops {
  const found = loops.get(ctx);
  if (!found) throw new Error('round games are not registered on this app');
  return found;
}

/**
 * The live games: crash and roulette (hash-chain rounds) and coinflip (EOS block). HTTP routes and
 * socket handlers on every node; their loops only on the leader, stopped when leadership is lost
 * and on shutdown.
 */
export function roundGames(app: FastifyInstance, ctx: Ctx): void {
  const chains = new Chains(ctx);
  chainsRoutes(app, ctx);
  crashRoutes(app, ctx);
  crashSocket(ctx);
  rouletteRoutes(app, ctx);
  rouletteSocket(ctx);
  roundResync(ctx);
  const crash = new CrashLoop(ctx, chains);
  const roulette = new RouletteLoop(ctx, chains);
  const coinflip = new CoinflipLoop(ctx);
  coinflipRoutes(app, ctx);
  coinflipSocket(ctx, coinflip);
  loops.set(ctx, { chains, crash, roulette, coinflip });
}

export const feature: Feature = {
  name: 'rounds',
  routes: roundGames,
  leader: (ctx) => {
    const { crash, roulette, coinflip } = roundLoopsOf(ctx);
    return { crash, roulette, coinflip };
  },
};

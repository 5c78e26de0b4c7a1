import type { FastifyInstance } from 'fastify';
import { adminRoutes } from './admin/admin.routes.ts';
import { chatFeature } from './chat/chat.module.ts';
import { cashierModule } from './economy/cashier/cashier.module.ts';
import { rewardsFeature } from './economy/rewards/rewards.feature.ts';
import { battlesFeature } from './games/battles/battles.module.ts';
import { blackjackFeature } from './games/blackjack/blackjack.module.ts';
import { casesFeature } from './games/cases/cases.module.ts';
import { diceSocket } from './games/dice/dice.socket.ts';
import { betsRoutes } from './games/engine/bets.routes.ts';
import { fairnessRoutes } from './games/fairness/fairness.routes.ts';
import { limboSocket } from './games/limbo/limbo.socket.ts';
import { minesRoutes } from './games/mines/mines.routes.ts';
import { minesSocket } from './games/mines/mines.socket.ts';
import { roundGames } from './games/rounds/round-games.ts';
import { upgraderRoutes } from './games/upgrader/upgrader.routes.ts';
import { seedUpgraderItems } from './games/upgrader/upgrader.service.ts';
import { upgraderSocket } from './games/upgrader/upgrader.socket.ts';
import { giveawayFeature } from './giveaway/giveaway.module.ts';
import { accountRoutes } from './platform/account/account.routes.ts';
import { authRoutes } from './platform/auth/auth.routes.ts';
import { steamRoutes } from './platform/auth/steam.routes.ts';
import type { Ctx } from './platform/context.ts';
import { siteRoutes } from './platform/site.routes.ts';
import { raceFeature } from './race/race.module.ts';
import { slotsFeature } from './slots/slots.module.ts';
import { triviaFeature } from './trivia/trivia.module.ts';

/**
 * Every feature module, in one list: each registers its HTTP routes and socket handlers, seeds its
 * data, and may start leader-only loops (ctx.leadership.onLeader) and register stop functions.
 */
export async function registerFeatures(app: FastifyInstance, ctx: Ctx): Promise<void> {
  siteRoutes(app, ctx);
  authRoutes(app, ctx);
  accountRoutes(app, ctx);
  steamRoutes(app, ctx);
  adminRoutes(app, ctx);
  chatFeature(app, ctx);
  triviaFeature(app, ctx);
  giveawayFeature(app, ctx);
  raceFeature(app, ctx);

  fairnessRoutes(app, ctx);
  betsRoutes(app, ctx);
  diceSocket(ctx);
  limboSocket(ctx);
  minesRoutes(app, ctx);
  minesSocket(ctx);
  blackjackFeature(app, ctx);
  upgraderRoutes(app, ctx);
  upgraderSocket(ctx);
  await seedUpgraderItems(ctx);
  await casesFeature(app, ctx);
  await battlesFeature(app, ctx);
  await rewardsFeature(app, ctx);
  await cashierModule(app, ctx);
  roundGames(app, ctx);
  await slotsFeature(app, ctx);
}

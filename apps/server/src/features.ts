import type { FastifyInstance } from 'fastify';
import { feature as admin } from './admin/admin.routes.ts';
import { feature as backoffice } from './backoffice/backoffice.module.ts';
import { feature as chat } from './chat/chat.module.ts';
import { feature as autobet } from './games/autobet/autobet.routes.ts';
import { feature as cashier } from './economy/cashier/cashier.module.ts';
import { feature as rewards } from './economy/rewards/rewards.feature.ts';
import { feature as battles } from './games/battles/battles.module.ts';
import { feature as blackjack } from './games/blackjack/blackjack.module.ts';
import { feature as cases } from './games/cases/cases.module.ts';
import { feature as dice } from './games/dice/dice.socket.ts';
import { feature as bets } from './games/engine/bets.routes.ts';
import { feature as fairness } from './games/fairness/fairness.routes.ts';
import { feature as hilo } from './games/hilo/hilo.feature.ts';
import { feature as keno } from './games/keno/keno.socket.ts';
import { feature as limbo } from './games/limbo/limbo.socket.ts';
import { feature as mines } from './games/mines/mines.feature.ts';
import { feature as plinko } from './games/plinko/plinko.socket.ts';
import { feature as rounds } from './games/rounds/round-games.ts';
import { feature as upgrader } from './games/upgrader/upgrader.feature.ts';
import { feature as wheel } from './games/wheel/wheel.socket.ts';
import { feature as giveaway } from './giveaway/giveaway.module.ts';
import { feature as account } from './platform/account/account.routes.ts';
import { feature as auth } from './platform/auth/auth.routes.ts';
import { feature as steam } from './platform/auth/steam.routes.ts';
import type { Ctx } from './platform/context.ts';
import { type Feature, registerFeatureList } from './platform/feature.ts';
import { feature as site } from './platform/site.routes.ts';
import { feature as race } from './race/race.module.ts';
import { feature as slots } from './slots/slots.module.ts';
import { feature as trivia } from './trivia/trivia.module.ts';

/**
 * Every feature of the server, registered in this order (platform/feature.ts): a new game is its
 * folder, exporting a `feature`, plus one line here.
 */
export const FEATURES: readonly Feature[] = [
  site,
  auth,
  account,
  steam,
  admin,
  backoffice,
  chat,
  trivia,
  giveaway,
  race,
  fairness,
  bets,
  autobet,
  dice,
  limbo,
  mines,
  blackjack,
  keno,
  hilo,
  upgrader,
  cases,
  battles,
  rewards,
  cashier,
  rounds,
  slots,
  plinko,
  wheel,
];

export function registerFeatures(app: FastifyInstance, ctx: Ctx): Promise<void> {
  return registerFeatureList(app, ctx, FEATURES);
}

import {
  centsToCoins,
  ROULETTE_EVENTS,
  type RouletteBetColor,
  type RouletteHistoryEntry,
  type RoulettePlayer,
} from '@coinsite/shared';
import { rouletteColor } from '@coinsite/shared/fairness';
import type { AssetUrls } from '../../platform/assets.ts';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { emitToViewers, hiddenSeatId, shownUser } from '../../platform/ghost.ts';
import { limit, loadLimit } from '../../platform/http.ts';
import { type SocketUser, userRoom } from '../../platform/realtime.ts';
import { inTransaction } from '../../platform/tx.ts';
import { stakeCents } from '../engine/bet-engine.ts';
import { insertRoundBet, shownLevel } from '../rounds/round-bets.ts';
import { sqlNow } from '../rounds/round-time.ts';

export const ROULETTE_TEXT = {
  closed: 'Betting is closed, wait for the next round!',
  tooFast: 'You are betting too fast, slow down!',
} as const;

/** Per-user roulette bets: 10 a second (× RATE_LIMIT_FACTOR). */
const BETS_PER_SECOND = 10;

/**
 * A roulette bet as an audience sees it: `reveals(userId)` says whether it may see a ghost's name
 * (ghost.ts). A hidden player is "Hidden" under the bet's own id (`hidden-<bet>`): no profile link,
 * and each of a ghost's bets is a row of its own, since one id for them all would tie them together.
 */
export function roulettePlayerView(
  bet: {
    id: number;
    userId: number;
    username: string;
    avatar: string;
    ghost: boolean;
    wager: number;
    amount: number;
    color: RouletteBetColor | null;
  },
  assets: AssetUrls,
  reveals: (userId: number) => boolean,
): RoulettePlayer {
  const who = shownUser(
    { assets },
    { id: bet.userId, username: bet.username, avatar: bet.avatar, ghost: bet.ghost },
    reveals,
  );
  return {
    _id: who.hidden ? hiddenSeatId(bet.id) : who.id,
    username: who.username,
    avatar: who.avatar,
    color: bet.color ?? 'red',
    betAmount: centsToCoins(bet.amount),
    level: shownLevel(who, bet.wager),
    betId: String(bet.id),
  };
}

export function rouletteHistoryView(r: {
  id: number;
  number: number;
  private_hash: string;
  private_seed: string;
  public_seed: string;
  result: number;
}): RouletteHistoryEntry {
  return {
    _id: String(r.id),
    number: Number(r.number),
    privateHash: r.private_hash,
    privateSeed: r.private_seed,
    publicSeed: r.public_seed,
    randomModule: r.result,
    winner: rouletteColor(r.result),
  };
}

/**
 * join-game {color, betAmount}: one committed bet on the round taking bets (a player may bet
 * several times and on several colours), then every tab sees the new player.
 */
export async function joinRoulette(
  ctx: Ctx,
  user: SocketUser,
  color: RouletteBetColor,
  amountCoins: number,
): Promise<RoulettePlayer> {
  await ctx.controls.require('roulette', 'Roulette');
  const stake = stakeCents(amountCoins);
  await limit(ctx, `roulette:${user.id}`, loadLimit(BETS_PER_SECOND, 1000), ROULETTE_TEXT.tooFast);
  const placed = await inTransaction(ctx.db, (unit) =>
    insertRoundBet(ctx, unit, sqlNow(ctx.clock), { game: 'roulette', userId: user.id, amount: stake, color }),
  );
  if (!placed) throw Errors.badRequest(ROULETTE_TEXT.closed);
  const bet = { ...placed, id: placed.betId, userId: user.id, amount: stake, color };
  const ghosts = new Set(placed.ghost ? [user.id] : []);
  emitToViewers(ctx.realtime.ns('roulette'), ROULETTE_EVENTS.newPlayer, ghosts, userRoom, (reveals) =>
    roulettePlayerView(bet, ctx.assets, reveals),
  );
  // the player's own view
  return roulettePlayerView(bet, ctx.assets, () => true);
}

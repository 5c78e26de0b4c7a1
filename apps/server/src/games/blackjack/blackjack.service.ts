import { type BlackjackCardView, type BlackjackView, centsToCoins } from '@coinsite/shared';
import { blackjackCard, cardRank, cardSuit, type Seeds } from '@coinsite/shared/fairness';
import {
  type BlackjackAction,
  BlackjackRuleError,
  type BlackjackRules,
  type BlackjackSettlement,
  type BlackjackState,
  allowedActions,
  dealBlackjack,
  handTotal,
  playBlackjack,
  settleBlackjack,
  standAll,
  visibleDealer,
} from '@coinsite/shared/games';
import { sql } from 'kysely';
import { accrueSettled, stakeList } from '../../economy/wager-hooks.ts';
import type { Config } from '../../platform/config.ts';
import type { Ctx } from '../../platform/context.ts';
import { AppError, Errors } from '../../platform/errors.ts';
import { type SocketUser, userRoom } from '../../platform/realtime.ts';
import { inTransaction, pgErrorCode, type Unit } from '../../platform/tx.ts';
import { placeBet, stakeCents } from '../engine/bet-engine.ts';
import { publishBet } from '../engine/live-feed.ts';

/**
 * Blackjack hands (issue 17). A hand is one bets row: the stake of the deal is taken by the bet
 * engine (status 'open'), each double, split and insurance debits the wallet in the action's own
 * transaction (ledger keys bj:<action>:<bet id>:<step>), and the settlement credits the payout
 * (win:<bet id>) and accrues the rake of every stake, in one transaction, once (the row leaves
 * 'open' under its lock). The state lives in bets.outcome, so a hand survives a restart and a page
 * reload; the dealer's hole card is in it but never in a view before it is turned over, and no card
 * is drawn from the seeds before the table needs it.
 */
export interface BlackjackOutcome {
  state: BlackjackState;
  /** clock ms of the last action (the idle sweep plays the hand out after BLACKJACK_IDLE_SECONDS) */
  at: number;
  /** every stake after the deal's: its ledger key and cents */
  stakes: Array<{ key: string; cents: number }>;
  /** set once settled */
  settlement?: BlackjackSettlement;
  /** 'idle' when the sweep played it out */
  finishedBy?: 'player' | 'idle';
}

export const NO_HAND = 'No hand in progress.';

export function rulesOf(config: Config): BlackjackRules {
  const [num, den] = config.BLACKJACK_PAYS.split(':').map(Number) as [number, number];
  return {
    dealerHitsSoft17: config.BLACKJACK_HIT_SOFT_17,
    blackjackPays: [num, den],
    insurance: config.BLACKJACK_INSURANCE,
    doubleAfterSplit: config.BLACKJACK_DOUBLE_AFTER_SPLIT,
  };
}

interface OpenHand {
  id: number;
  stake: number;
  nonce: number;
  outcome: BlackjackOutcome;
  seeds: Seeds;
  serverSeedHash: string;
}

/** The player's open hand, locked, with the seeds its cards are drawn from. */
async function lockOpenHand(unit: Unit, userId: number): Promise<OpenHand | null> {
  const row = await unit.tx
    .selectFrom('bets')
    .select(['id', 'stake', 'outcome', 'nonce', 'seed_pair_id'])
    .where('user_id', '=', userId)
    .where('game', '=', 'blackjack')
    .where('status', '=', 'open')
    .forUpdate()
    .executeTakeFirst();
  return row ? withSeeds(unit, row) : null;
}

async function withSeeds(
  unit: Unit,
  row: { id: number; stake: number; outcome: unknown; nonce: number | null; seed_pair_id: number | null },
): Promise<OpenHand> {
  const pair = await unit.tx
    .selectFrom('seed_pairs')
    .select(['server_seed', 'client_seed', 'server_seed_hash'])
    .where('id', '=', Number(row.seed_pair_id))
    .executeTakeFirstOrThrow();
  const nonce = Number(row.nonce);
  return {
    id: row.id,
    stake: row.stake,
    nonce,
    outcome: row.outcome as BlackjackOutcome,
    seeds: { serverSeed: pair.server_seed, clientSeed: pair.client_seed, nonce },
    serverSeedHash: pair.server_seed_hash,
  };
}

const seedInfo = (hand: OpenHand) => ({
  clientSeed: hand.seeds.clientSeed,
  serverSeedHash: hand.serverSeedHash,
});

const drawFrom = (seeds: Seeds) => (k: number) => blackjackCard(seeds, k);

function cardView(card: number): BlackjackCardView {
  return { index: card, rank: cardRank(card), suit: cardSuit(card) };
}

/** What the player may see of a hand. */
export function viewOf(
  hand: { id: number; nonce: number; outcome: BlackjackOutcome },
  seeds: { clientSeed: string; serverSeedHash: string },
): BlackjackView {
  const { state, settlement } = hand.outcome;
  const dealerCards = visibleDealer(state);
  const dealerTotal = handTotal(dealerCards);
  const finished = state.phase === 'done';
  return {
    id: String(hand.id),
    status: finished ? 'finished' : 'playing',
    phase: state.phase,
    amount: centsToCoins(state.baseStake),
    hands: state.hands.map((h, i) => {
      const t = handTotal(h.cards);
      const s = settlement?.hands[i];
      return {
        cards: h.cards.map(cardView),
        total: t.total,
        soft: t.soft,
        stake: centsToCoins(h.stake),
        doubled: h.doubled,
        done: h.done,
        ...(s ? { result: s.result, payout: centsToCoins(s.payout) } : {}),
      };
    }),
    active: state.active,
    dealer: {
      cards: dealerCards.map(cardView),
      hidden: !state.holeRevealed,
      total: dealerTotal.total,
      soft: dealerTotal.soft,
    },
    actions: allowedActions(state),
    insurance: centsToCoins(state.insurance),
    history: state.actions,
    ...(settlement
      ? {
          staked: centsToCoins(settlement.staked),
          payout: centsToCoins(settlement.payout),
          multiplier: multiplierOf(settlement) / 10000,
        }
      : {}),
    nonce: hand.nonce,
    serverSeedHash: seeds.serverSeedHash,
    clientSeed: seeds.clientSeed,
  };
}

/** payout / staked in ten-thousandths, floored. */
function multiplierOf(s: BlackjackSettlement): number {
  return s.staked > 0 ? Math.floor((s.payout * 10000) / s.staked) : 0;
}

interface Settled {
  view: BlackjackView;
  feed?: { id: number; staked: number; payout: number; multiplier: number };
}

/**
 * Stores a state after an action: a hand that is over is settled in the same transaction (the
 * payout credited, the rake of every stake accrued, the row closed), otherwise the state is saved.
 */
async function store(
  ctx: Ctx,
  unit: Unit,
  userId: number,
  hand: OpenHand,
  outcome: BlackjackOutcome,
  finishedBy: 'player' | 'idle' = 'player',
): Promise<Settled> {
  if (outcome.state.phase !== 'done') {
    await unit.tx
      .updateTable('bets')
      .set({ outcome: sql`${JSON.stringify(outcome)}::jsonb` })
      .where('id', '=', hand.id)
      .execute();
    return { view: viewOf({ ...hand, outcome }, seedInfo(hand)) };
  }
  const settlement = settleBlackjack(outcome.state);
  const multiplier = multiplierOf(settlement);
  const closed = { ...outcome, settlement, finishedBy };
  const res = await unit.tx
    .updateTable('bets')
    .set({
      status: 'settled',
      stake: settlement.staked,
      payout: settlement.payout,
      multiplier,
      outcome: sql`${JSON.stringify(closed)}::jsonb`,
      settled_at: new Date(),
    })
    .where('id', '=', hand.id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) throw new AppError('no_game', NO_HAND, 404);
  if (settlement.payout > 0) {
    await ctx.wallet.apply(unit, {
      userId,
      delta: settlement.payout,
      kind: 'win',
      ref: String(hand.id),
      idempotencyKey: `win:${hand.id}`,
    });
  }
  await accrueSettled(
    unit,
    'blackjack',
    stakeList([
      { userId, stake: hand.stake, stakeKey: `bet:${hand.id}`, refundKey: `refund:${hand.id}` },
      ...outcome.stakes.map((s) => ({
        userId,
        stake: s.cents,
        stakeKey: s.key,
        refundKey: `refund:${s.key}`,
      })),
    ]),
  );
  return {
    view: viewOf({ ...hand, outcome: closed }, seedInfo(hand)),
    feed: { id: hand.id, staked: settlement.staked, payout: settlement.payout, multiplier },
  };
}

function announce(
  ctx: Ctx,
  user: { id: number; username: string; avatar: string },
  done: Settled,
): BlackjackView {
  if (done.feed) {
    publishBet(
      ctx,
      {
        userId: user.id,
        game: 'blackjack',
        stake: done.feed.staked,
        payout: done.feed.payout,
        multiplier: done.feed.multiplier,
        betId: done.feed.id,
      },
      user,
      0,
    );
  }
  return done.view;
}

/** Deals a hand: the stake through the bet engine, the four cards from the seed pair at its nonce. */
export async function startHand(ctx: Ctx, user: SocketUser, amountCoins: number): Promise<BlackjackView> {
  const stake = stakeCents(amountCoins);
  const rules = rulesOf(ctx.config);
  const at = ctx.clock.now();
  try {
    await placeBet<BlackjackOutcome>(
      ctx,
      { user, game: 'blackjack', stake, accrueAtSettle: true },
      (seeds) => ({
        payout: 0,
        multiplier: 0,
        status: 'open',
        outcome: { state: dealBlackjack(stake, drawFrom(seeds), rules), at, stakes: [] },
      }),
    );
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest('You already have a hand in progress.');
    throw err;
  }
  // a blackjack (either side) ends the hand at the deal: settle it at once
  const done = await inTransaction(ctx.db, async (unit) => {
    const hand = await lockOpenHand(unit, user.id);
    if (!hand) throw new AppError('no_game', NO_HAND, 404);
    if (hand.outcome.state.phase !== 'done') return { view: viewOf(hand, seedInfo(hand)) } as Settled;
    return store(ctx, unit, user.id, hand, hand.outcome);
  });
  return announce(ctx, user, done);
}

/** One action on the player's open hand; a double, split or insurance debits in the same transaction. */
export async function actOnHand(ctx: Ctx, user: SocketUser, action: BlackjackAction): Promise<BlackjackView> {
  const done = await inTransaction(ctx.db, async (unit) => {
    const hand = await lockOpenHand(unit, user.id);
    if (!hand) throw new AppError('no_game', NO_HAND, 404);
    let next: { state: BlackjackState; cost: number };
    try {
      next = playBlackjack(hand.outcome.state, action, drawFrom(hand.seeds));
    } catch (err) {
      if (err instanceof BlackjackRuleError) throw Errors.badRequest(err.message);
      throw err;
    }
    const stakes = [...hand.outcome.stakes];
    if (next.cost > 0) {
      const key = `bj:${action}:${hand.id}:${next.state.actions.length}`;
      // never below zero: the wallet refuses and the whole action is undone
      await ctx.wallet.apply(unit, {
        userId: user.id,
        delta: -next.cost,
        kind: 'bet',
        ref: String(hand.id),
        idempotencyKey: key,
        wager: next.cost,
      });
      stakes.push({ key, cents: next.cost });
    }
    return store(ctx, unit, user.id, hand, {
      ...hand.outcome,
      state: next.state,
      at: ctx.clock.now(),
      stakes,
    });
  });
  return announce(ctx, user, done);
}

/** The open hand as the player may see it, or null. */
export async function openHandView(ctx: Ctx, userId: number): Promise<BlackjackView | null> {
  const row = await ctx.db
    .selectFrom('bets')
    .select(['id', 'stake', 'outcome', 'nonce', 'seed_pair_id'])
    .where('user_id', '=', userId)
    .where('game', '=', 'blackjack')
    .where('status', '=', 'open')
    .executeTakeFirst();
  if (!row) return null;
  const hand = await inTransaction(ctx.db, (unit) => withSeeds(unit, row));
  return viewOf(hand, seedInfo(hand));
}

/**
 * Plays out every open hand idle for BLACKJACK_IDLE_SECONDS: insurance declined, each hand left
 * stands, the dealer plays, the hand settles. Returns how many it settled.
 */
export async function sweepIdleHands(ctx: Ctx, limit = 100): Promise<number> {
  const before = ctx.clock.now() - ctx.config.BLACKJACK_IDLE_SECONDS * 1000;
  const idle = await ctx.db
    .selectFrom('bets')
    .innerJoin('users', 'users.id', 'bets.user_id')
    .select(['bets.user_id', 'users.username', 'users.avatar'])
    .where('bets.game', '=', 'blackjack')
    .where('bets.status', '=', 'open')
    .where(sql<boolean>`(bets.outcome->>'at')::bigint < ${before}`)
    .limit(limit)
    .execute();
  let settled = 0;
  for (const row of idle) {
    const user = { id: row.user_id, username: row.username, avatar: row.avatar };
    try {
      const done = await inTransaction(ctx.db, async (unit) => {
        const hand = await lockOpenHand(unit, row.user_id);
        if (!hand || hand.outcome.at >= before) return null;
        const state = standAll(hand.outcome.state, drawFrom(hand.seeds));
        return store(ctx, unit, row.user_id, hand, { ...hand.outcome, state, at: ctx.clock.now() }, 'idle');
      });
      if (done) {
        announce(ctx, user, done);
        ctx.realtime.ns('blackjack').to(userRoom(row.user_id)).emit('blackjack:state', done.view);
        settled++;
      }
    } catch (err) {
      ctx.log.error({ err, userId: row.user_id }, 'blackjack idle sweep failed');
    }
  }
  return settled;
}

/** The leader's idle sweep, every tenth of the idle period (at most every 30 s). */
export function startIdleSweep(ctx: Ctx): () => void {
  let stopped = false;
  let cancel = () => {};
  const every = Math.min(30_000, (ctx.config.BLACKJACK_IDLE_SECONDS * 1000) / 10);
  const tick = () => {
    if (stopped) return;
    void sweepIdleHands(ctx)
      .catch((err) => ctx.log.error({ err }, 'blackjack idle sweep failed'))
      .finally(() => {
        if (!stopped) cancel = ctx.clock.setTimeout(tick, every);
      });
  };
  cancel = ctx.clock.setTimeout(tick, every);
  return () => {
    stopped = true;
    cancel();
  };
}

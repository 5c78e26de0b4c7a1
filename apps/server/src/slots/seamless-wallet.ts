import { type RawBuilder, sql } from 'kysely';
import { betHooks } from '../games/engine/bet-engine.ts';
import { publishBet } from '../games/engine/live-feed.ts';
import {
  PP_BET_REFUNDED,
  PP_ERRORS,
  type PpError,
  type PpMethod,
  type PpParams,
  ppAmount,
  ppAmountCents,
} from '../integrations/pragmatic/protocol.ts';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db-types.ts';
import { AppError } from '../platform/errors.ts';
import { inTransaction, type Unit } from '../platform/tx.ts';
import type { SlotsConfig } from './slots.config.ts';
import type { SlotTransactionsTable } from './slots.tables.ts';

/** The game name the bets table, live feed and history use for every slot round. */
export const SLOTS_GAME = 'slots';

type Answer = Record<string, unknown>;

/** Thrown inside a call: becomes the protocol's error answer (nothing of the call is kept). */
class PpFail extends Error {
  constructor(
    readonly code: PpError | { error: number; description: string },
    readonly extra: Answer = {},
  ) {
    super(code.description);
  }
}

const fail = (code: PpError, extra: Answer = {}) => new PpFail(code, extra);

const ID_RE = /^[0-9]{1,18}$/;
/** The provider's ids and references: printable, short. */
const REF_RE = /^[A-Za-z0-9_.:-]{1,100}$/;
const TOKEN_RE = /^[A-Za-z0-9]{16,64}$/;

function need(params: PpParams, key: string, re: RegExp = REF_RE): string {
  const v = params[key];
  if (v === undefined || !re.test(v)) throw fail(PP_ERRORS.badParameters);
  return v;
}

function optional(params: PpParams, key: string, re: RegExp = REF_RE): string | undefined {
  const v = params[key];
  if (v === undefined || v === '') return undefined;
  if (!re.test(v)) throw fail(PP_ERRORS.badParameters);
  return v;
}

function amountOf(params: PpParams, key = 'amount'): number {
  const cents = ppAmountCents(params[key]);
  if (cents === null) throw fail(PP_ERRORS.badParameters);
  return cents;
}

/**
 * The protocol's answer to an error the wallet (or any core module) raised inside a call, or null
 * for a fault of our own (the provider should retry: error 100). Every refusal is final: the
 * provider retries error 100 until it is answered otherwise, so a player who cannot bet (no
 * balance, a break, a ban) must never get it.
 */
export function ppRefusalOf(err: AppError): { error: number; description: string } | null {
  if (err.status >= 500) return null; // database unavailable, maintenance: nothing was kept, retry
  switch (err.code) {
    case 'insufficient_balance':
      return { ...PP_ERRORS.insufficientBalance };
    case 'responsible_gaming':
      // the player's break or limit, in the player's sentence: "bet is not allowed", final
      return { error: PP_ERRORS.betNotAllowed.error, description: err.message };
    case 'banned':
      return { ...PP_ERRORS.frozen };
    case 'disabled':
      return { error: PP_ERRORS.betNotAllowed.error, description: err.message };
    case 'bad_request':
      return { error: PP_ERRORS.badParameters.error, description: err.message };
    case 'not_found':
      return { ...PP_ERRORS.playerNotFound };
    case 'unauthorized':
    case 'session_expired':
      return { ...PP_ERRORS.badToken };
    default:
      return { error: PP_ERRORS.internalNoRetry.error, description: err.message };
  }
}

interface LockedUser {
  id: number;
  balance: number;
  banned: boolean;
  username: string;
  avatar: string;
}

/** The player's row, locked for the call (one player's wallet calls run one after another). */
async function lockUser(tx: Tx, userIdText: string): Promise<LockedUser> {
  const user = await tx
    .selectFrom('users')
    .select(['id', 'balance', 'banned', 'username', 'avatar'])
    .where('id', '=', Number(userIdText))
    .forUpdate()
    .executeTakeFirst();
  if (!user) throw fail(PP_ERRORS.playerNotFound);
  return user;
}

type MoneyKind = SlotTransactionsTable['kind'];
/** The protocol's methods that move money or settle rounds; every one goes through `once`. */
type MoneyMethod = Exclude<PpMethod, 'authenticate' | 'balance' | 'endRound'>;

/** What a money call's body gets: its transaction, the player's locked row, its claimed key. */
interface Locked {
  unit: Unit;
  user: LockedUser;
  transactionId: string;
  /** Fields of the call's own row learnt under the lock (a refund's round and stake). */
  record(fields: { roundId: string | null; amount: number }): void;
}

/** A money call once its parameters are read: the key it claims and its body. */
interface MoneyCall {
  kind: MoneyKind;
  reference: string;
  userId: string;
  roundId?: string;
  gameCode?: string;
  amount: number;
  /** Runs in the call's transaction, under the player's lock, after the key was claimed. */
  run(locked: Locked): Promise<Answer>;
}

/**
 * The seamless wallet: every call of the provider (real or sandbox) after its signature was checked.
 * Money moves only through ctx.wallet (ledger rows keyed by the provider's reference, so a call can
 * move money once), the bets table gets one row per settled round (wager hooks, live feed, history).
 *
 * The rule for every money call (issue 26): its decision and its write happen in one transaction,
 * under the player's row lock, after the call has claimed its (kind, reference) key. `call` reads a
 * money call's parameters (`moneyCall`) and hands it to `once`; nothing of a money call runs
 * before that. A bet and its refund meet on one key: a refund of a bet not seen yet writes the bet's
 * own row as a tombstone, so that bet, arriving later, finds its key taken and is answered
 * "already refunded" (PP_BET_REFUNDED) without taking anything.
 */
export class SeamlessWallet {
  constructor(
    private readonly ctx: Ctx,
    private readonly config: SlotsConfig,
  ) {}

  async call(method: PpMethod, params: PpParams): Promise<Answer> {
    try {
      switch (method) {
        case 'authenticate':
          return await this.authenticate(params);
        case 'balance':
          return await this.balance(params);
        case 'endRound':
          return await this.endRound(params);
        default:
          return await this.once(this.moneyCall(method, params));
      }
    } catch (err) {
      return this.refusal(err, method, params);
    }
  }

  /** Reads a money call's parameters; its body runs later, in `once`. */
  private moneyCall(method: MoneyMethod, params: PpParams): MoneyCall {
    switch (method) {
      case 'bet':
        return this.bet(params);
      case 'result':
        return this.win(params, 'result');
      case 'jackpotWin':
        return this.win(params, 'jackpotWin');
      case 'bonusWin':
        return this.bonusWin(params);
      case 'promoWin':
        return this.promoWin(params);
      case 'refund':
        return this.refund(params);
      default:
        throw new Error(`no money call for ${method satisfies never}`);
    }
  }

  /** A failed call → the protocol's answer (an insufficient balance also tells the balance). */
  private async refusal(err: unknown, method: PpMethod, params: PpParams): Promise<Answer> {
    let answer: Answer | null = null;
    if (err instanceof PpFail) answer = { ...err.code, ...err.extra };
    else if (err instanceof AppError) answer = ppRefusalOf(err);
    if (!answer) {
      this.ctx.log.error({ err, method }, 'slot wallet call failed');
      return { ...PP_ERRORS.internalRetry };
    }
    const userId = params.userId;
    if (answer.error === PP_ERRORS.insufficientBalance.error && userId && ID_RE.test(userId)) {
      const now = await this.ctx.db
        .selectFrom('users')
        .select('balance')
        .where('id', '=', Number(userId))
        .executeTakeFirst()
        .catch(() => undefined);
      if (now) return { ...answer, ...this.money(now.balance) };
    }
    return answer;
  }

  private money(balanceCents: number): Answer {
    return { currency: this.config.currency, cash: ppAmount(balanceCents), bonus: 0 };
  }

  private async authenticate(params: PpParams): Promise<Answer> {
    const token = need(params, 'token', TOKEN_RE);
    const session = await this.ctx.db
      .selectFrom('slot_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['u.id', 'u.balance', 'u.banned', 's.expires_at'])
      .where('s.token', '=', token)
      .executeTakeFirst();
    if (!session || session.expires_at.getTime() < this.ctx.clock.now()) throw fail(PP_ERRORS.badToken);
    if (session.banned) throw fail(PP_ERRORS.frozen);
    return {
      userId: String(session.id),
      ...this.money(session.balance),
      token,
      country: '',
      jurisdiction: '',
      ...PP_ERRORS.success,
    };
  }

  private async balance(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const user = await this.ctx.db
      .selectFrom('users')
      .select(['balance'])
      .where('id', '=', Number(userId))
      .executeTakeFirst();
    if (!user) throw fail(PP_ERRORS.playerNotFound);
    return { ...this.money(user.balance), totalBalance: ppAmount(user.balance), ...PP_ERRORS.success };
  }

  /** One transaction with the player's row locked: every call that writes runs in one. */
  private locked<T>(userId: string, fn: (unit: Unit, user: LockedUser) => Promise<T>): Promise<T> {
    return inTransaction(this.ctx.db, async (unit) => fn(unit, await lockUser(unit.tx, userId)));
  }

  /**
   * Runs a money call once per (kind, reference), all of it under the player's lock: claim the key
   * (a repeat finds it taken and answers what the first call stored; a key taken by another player
   * is refused), run the body, store its answer, in one transaction. A refused call (insufficient
   * balance, a break, a bad player) rolls back and keeps nothing.
   */
  private once(call: MoneyCall): Promise<Answer> {
    return this.locked(call.userId, async (unit, user) => {
      const row = await unit.tx
        .insertInto('slot_transactions')
        .values({
          kind: call.kind,
          reference: call.reference,
          user_id: user.id,
          round_id: call.roundId ?? null,
          game_code: call.gameCode ?? null,
          amount: call.amount,
          response: null,
        })
        .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return this.stored(unit.tx, call.kind, call.reference, user.id);
      let learnt: { roundId: string | null; amount: number } | null = null;
      const answer = await call.run({
        unit,
        user,
        transactionId: String(row.id),
        record: (fields) => {
          learnt = fields;
        },
      });
      const fields = learnt as { roundId: string | null; amount: number } | null;
      await unit.tx
        .updateTable('slot_transactions')
        .set({
          response: JSON.stringify(answer),
          ...(fields ? { round_id: fields.roundId, amount: fields.amount } : {}),
        })
        .where('id', '=', row.id)
        .execute();
      return answer;
    });
  }

  /** The answer stored under a key already taken (read under the player's lock). */
  private async stored(tx: Tx, kind: MoneyKind, reference: string, userId: number): Promise<Answer> {
    const row = await tx
      .selectFrom('slot_transactions')
      .select(['user_id', 'response'])
      .where('kind', '=', kind)
      .where('reference', '=', reference)
      .executeTakeFirst();
    // the same reference from another player is not a repeat: refuse it
    if (!row || Number(row.user_id) !== userId) throw fail(PP_ERRORS.badParameters);
    // our own player's calls run one at a time, so a taken key of theirs always has its answer
    if (row.response === null) throw fail(PP_ERRORS.internalRetry);
    return (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as Answer;
  }

  /**
   * The player's game session must be live for a stake: the token's, when the provider sends one
   * (it must be this player's, for this game), otherwise any launch of this game by this player.
   */
  private async requireSession(tx: Tx, userId: number, gameCode: string, token?: string): Promise<void> {
    const now = new Date(this.ctx.clock.now());
    let query = tx
      .selectFrom('slot_sessions')
      .select('token')
      .where('user_id', '=', userId)
      .where('game_code', '=', gameCode)
      .where('expires_at', '>=', now);
    if (token) query = query.where('token', '=', token);
    if (!(await query.executeTakeFirst())) throw fail(PP_ERRORS.badToken);
  }

  private bet(params: PpParams): MoneyCall {
    const userId = need(params, 'userId', ID_RE);
    const gameCode = need(params, 'gameId');
    const roundId = need(params, 'roundId');
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    const token = optional(params, 'token', TOKEN_RE);
    return {
      kind: 'bet',
      reference,
      userId,
      roundId,
      gameCode,
      amount,
      run: async ({ unit, user, transactionId }) => {
        if (user.banned) throw fail(PP_ERRORS.frozen);
        // the control's own row (ctx.controls reads through another connection: never inside a call)
        const control = await unit.tx
          .selectFrom('site_controls')
          .select('enabled')
          .where('name', '=', 'slots')
          .executeTakeFirst();
        if (control?.enabled === false) throw fail(PP_ERRORS.betNotAllowed);
        const game = await unit.tx
          .selectFrom('slot_games')
          .select(['status'])
          .where('game_code', '=', gameCode)
          .executeTakeFirst();
        if (game?.status !== 1) throw fail(PP_ERRORS.gameNotFound);
        await this.requireSession(unit.tx, user.id, gameCode, token);
        const round = await sql<{ status: string; bet_id: number | null }>`
          INSERT INTO slot_rounds (user_id, round_id, game_code, stake)
          VALUES (${user.id}, ${roundId}, ${gameCode}, ${amount})
          ON CONFLICT (user_id, round_id) DO UPDATE SET stake = slot_rounds.stake + EXCLUDED.stake
          RETURNING status, bet_id`.execute(unit.tx);
        let balance = user.balance;
        if (amount > 0)
          balance = await this.ctx.wallet.apply(unit, {
            userId: user.id,
            delta: -amount,
            kind: 'bet',
            ref: `slots:${roundId}`,
            idempotencyKey: `slots:bet:${reference}`,
            wager: amount,
          });
        const settledBet = round.rows[0]?.bet_id;
        if (settledBet && amount > 0) {
          // a stake after the round was settled (a feature bought mid-round): the row grows, the hooks run for it
          await sql`
            UPDATE bets SET stake = stake + ${amount},
              multiplier = payout * 10000 / (stake + ${amount})
            WHERE id = ${settledBet}`.execute(unit.tx);
          await runHooks(unit.tx, user.id, amount);
        }
        return { transactionId, ...this.money(balance), usedPromo: 0, ...PP_ERRORS.success };
      },
    };
  }

  /** result and jackpotWin: pay the win into the round; the round's first result settles it. */
  private win(params: PpParams, kind: 'result' | 'jackpotWin'): MoneyCall {
    const userId = need(params, 'userId', ID_RE);
    const gameCode = need(params, 'gameId');
    const roundId = need(params, 'roundId');
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    return {
      kind,
      reference,
      userId,
      roundId,
      gameCode,
      amount,
      run: async ({ unit, user, transactionId }) => {
        await sql`
          INSERT INTO slot_rounds (user_id, round_id, game_code, win)
          VALUES (${user.id}, ${roundId}, ${gameCode}, ${amount})
          ON CONFLICT (user_id, round_id) DO UPDATE SET win = slot_rounds.win + EXCLUDED.win`.execute(
          unit.tx,
        );
        let balance = user.balance;
        if (amount > 0)
          balance = await this.ctx.wallet.apply(unit, {
            userId: user.id,
            delta: amount,
            kind: 'win',
            ref: `slots:${roundId}`,
            idempotencyKey: `slots:${kind}:${reference}`,
          });
        await this.settle(unit, user, roundId, amount);
        return { transactionId, ...this.money(balance), ...PP_ERRORS.success };
      },
    };
  }

  /**
   * Settles an open round: one bets row (its stakes and wins so far) with the wager hooks and the
   * live feed. A round already settled only has its row's payout grown by `lateWin`.
   */
  private async settle(unit: Unit, user: LockedUser, roundId: string, lateWin: number): Promise<void> {
    const round = await unit.tx
      .selectFrom('slot_rounds')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('round_id', '=', roundId)
      .forUpdate()
      .executeTakeFirst();
    if (!round) return;
    if (round.status === 'settled') {
      if (round.bet_id && lateWin > 0)
        await sql`
          UPDATE bets SET payout = payout + ${lateWin}, multiplier = (payout + ${lateWin}) * 10000 / stake
          WHERE id = ${round.bet_id}`.execute(unit.tx);
      return;
    }
    let betId: number | null = null;
    if (round.stake > 0) {
      const multiplier = Math.floor((round.win * 10000) / round.stake);
      const game = await unit.tx
        .selectFrom('slot_games')
        .select('game_name')
        .where('game_code', '=', round.game_code)
        .executeTakeFirst();
      const bet = await unit.tx
        .insertInto('bets')
        .values({
          user_id: user.id,
          game: SLOTS_GAME,
          stake: round.stake,
          payout: round.win,
          multiplier,
          status: 'settled',
          outcome: JSON.stringify({
            provider: 'PRAGMATIC',
            gameCode: round.game_code,
            gameName: game?.game_name ?? round.game_code,
            roundId,
          }),
          settled_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      betId = bet.id;
      await runHooks(unit.tx, user.id, round.stake);
      const published = {
        userId: user.id,
        game: SLOTS_GAME,
        stake: round.stake,
        payout: round.win,
        multiplier,
        betId,
      };
      unit.afterCommit(() => publishBet(this.ctx, published, user, 0));
    }
    await unit.tx
      .updateTable('slot_rounds')
      .set({ status: 'settled', bet_id: betId })
      .where('user_id', '=', user.id)
      .where('round_id', '=', roundId)
      .execute();
  }

  /** Free-round bonus totals: the wins were paid by their result calls; this only records the total. */
  private bonusWin(params: PpParams): MoneyCall {
    const userId = need(params, 'userId', ID_RE);
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    return {
      kind: 'bonusWin',
      reference,
      userId,
      amount,
      run: async ({ user, transactionId }) => ({
        transactionId,
        ...this.money(user.balance),
        ...PP_ERRORS.success,
      }),
    };
  }

  /** Campaign prizes (tournaments, prize drops): credited, not a bet. */
  private promoWin(params: PpParams): MoneyCall {
    const userId = need(params, 'userId', ID_RE);
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    const campaignId = optional(params, 'campaignId');
    return {
      kind: 'promoWin',
      reference,
      userId,
      amount,
      run: async ({ unit, user, transactionId }) => {
        const balance =
          amount > 0
            ? await this.ctx.wallet.apply(unit, {
                userId: user.id,
                delta: amount,
                kind: 'slots-promo',
                ref: campaignId,
                idempotencyKey: `slots:promoWin:${reference}`,
              })
            : user.balance;
        return { transactionId, ...this.money(balance), ...PP_ERRORS.success };
      },
    };
  }

  /**
   * Takes a bet back (the provider could not finish its round). The bet is looked up under the
   * player's lock: a bet that took its stake gets it back once; a bet not seen yet gets a tombstone
   * in its own key (the refund is answered as a success, and the bet is refused when it arrives); a
   * bet whose round has settled is not refunded (error 120, no retry): its result already paid.
   */
  private refund(params: PpParams): MoneyCall {
    const userId = need(params, 'userId', ID_RE);
    const reference = need(params, 'reference');
    return {
      kind: 'refund',
      reference,
      userId,
      amount: 0,
      run: async ({ unit, user, transactionId, record }) => {
        const taken = await unit.tx
          .selectFrom('slot_transactions')
          .select(['id', 'user_id', 'round_id', 'amount', 'status'])
          .where('kind', '=', 'bet')
          .where('reference', '=', reference)
          .forUpdate()
          .executeTakeFirst();
        if (!taken) {
          // the bet's own key, taken for good: a bet of this reference arriving later conflicts with it
          const tombstone = await unit.tx
            .insertInto('slot_transactions')
            .values({
              kind: 'bet',
              reference,
              user_id: user.id,
              amount: 0,
              status: 'refunded',
              response: JSON.stringify(PP_BET_REFUNDED),
            })
            .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
            .returning('id')
            .executeTakeFirst();
          // taken meanwhile: by another player's bet (this player's calls wait for this lock)
          if (!tombstone) throw fail(PP_ERRORS.badParameters);
          return { transactionId, ...PP_ERRORS.success };
        }
        if (Number(taken.user_id) !== user.id) throw fail(PP_ERRORS.badParameters);
        record({ roundId: taken.round_id, amount: taken.amount });
        if (taken.status === 'refunded') return { transactionId, ...PP_ERRORS.success };
        const round = await unit.tx
          .selectFrom('slot_rounds')
          .select(['status'])
          .where('user_id', '=', user.id)
          .where('round_id', '=', taken.round_id ?? '')
          .forUpdate()
          .executeTakeFirst();
        if (round?.status === 'settled')
          throw fail(PP_ERRORS.internalNoRetry, {
            description: 'The round of this bet has already settled.',
          });
        if (taken.amount > 0)
          await this.ctx.wallet.apply(unit, {
            userId: user.id,
            delta: taken.amount,
            // every game's refunded stake is 'bet_refund': the responsible-gaming counters, the
            // profile's profit and the giveaways' wager take it back (ledger rows before issue 26: 'refund')
            kind: 'bet_refund',
            ref: `slots:${taken.round_id}`,
            idempotencyKey: `slots:refund:${reference}`,
            wager: -taken.amount,
          });
        await sql`
          UPDATE slot_rounds SET stake = stake - ${taken.amount}
          WHERE user_id = ${user.id} AND round_id = ${taken.round_id ?? ''}`.execute(unit.tx);
        await unit.tx
          .updateTable('slot_transactions')
          .set({ status: 'refunded' })
          .where('id', '=', taken.id)
          .execute();
        return { transactionId, ...PP_ERRORS.success };
      },
    };
  }

  /** Settles the round (as its first result would) under the player's lock. */
  private async endRound(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const roundId = need(params, 'roundId');
    need(params, 'gameId');
    return this.locked(userId, async (unit, user) => {
      await this.settle(unit, user, roundId, 0);
      return { cash: ppAmount(user.balance), bonus: 0, ...PP_ERRORS.success };
    });
  }
}

/** The bet engine's hooks (rakeback, affiliate cut, race…) for a settled slot stake, in one statement. */
async function runHooks(tx: Tx, userId: number, stake: number): Promise<void> {
  const hookBet = { userId, game: SLOTS_GAME, stake };
  const hooks = betHooks.flatMap((hook) => hook(hookBet, sql<number>`(SELECT wager FROM u)`) ?? []);
  if (hooks.length === 0) return;
  const ctes = hooks.map((h: RawBuilder<unknown>, i) => sql`, ${sql.raw(`h${i}`)} AS (${h})`);
  await sql`
    WITH u AS (SELECT balance, wager FROM users WHERE id = ${userId})${sql.join(ctes, sql``)}
    SELECT 1`.execute(tx);
}

import { type RawBuilder, sql } from 'kysely';
import { betHooks } from '../games/engine/bet-engine.ts';
import { publishBet } from '../games/engine/live-feed.ts';
import {
  PP_ERRORS,
  type PpError,
  type PpMethod,
  type PpParams,
  ppAmount,
  ppAmountCents,
} from '../integrations/pragmatic/protocol.ts';
import type { Ctx } from '../platform/context.ts';
import type { Tx } from '../platform/db-types.ts';
import { inTransaction, type Unit } from '../platform/tx.ts';
import { isInsufficientBalance } from '../platform/wallet.ts';
import type { SlotsConfig } from './slots.config.ts';

/** The game name the bets table, live feed and history use for every slot round. */
export const SLOTS_GAME = 'slots';

type Answer = Record<string, unknown>;

/** Thrown inside a call: becomes the protocol's error answer (nothing of the call is kept). */
class PpFail extends Error {
  constructor(
    readonly code: PpError,
    readonly extra: Answer = {},
  ) {
    super(code.description);
  }
}

const fail = (code: PpError, extra: Answer = {}) => new PpFail(code, extra);

const ID_RE = /^[0-9]{1,18}$/;
/** The provider's ids and references: printable, short. */
const REF_RE = /^[A-Za-z0-9_.:-]{1,100}$/;

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

/**
 * The seamless wallet: every call of the provider (real or sandbox) after its signature was checked.
 * Money moves only through ctx.wallet (ledger rows keyed by the provider's reference, so a call can
 * move money once), the bets table gets one row per settled round (wager hooks, live feed, history).
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
        case 'bet':
          return await this.bet(params);
        case 'result':
          return await this.win(params, 'result');
        case 'jackpotWin':
          return await this.win(params, 'jackpotWin');
        case 'bonusWin':
          return await this.bonusWin(params);
        case 'promoWin':
          return await this.promoWin(params);
        case 'refund':
          return await this.refund(params);
        case 'endRound':
          return await this.endRound(params);
      }
    } catch (err) {
      if (err instanceof PpFail) return { ...err.code, ...err.extra };
      if (isInsufficientBalance(err)) return { ...PP_ERRORS.insufficientBalance };
      this.ctx.log.error({ err, method }, 'slot wallet call failed');
      return { ...PP_ERRORS.internalRetry };
    }
  }

  private money(balanceCents: number): Answer {
    return { currency: this.config.currency, cash: ppAmount(balanceCents), bonus: 0 };
  }

  private async authenticate(params: PpParams): Promise<Answer> {
    const token = need(params, 'token', /^[A-Za-z0-9]{16,64}$/);
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

  /**
   * Runs a money call once per (kind, reference): the first caller inserts the transaction row and
   * does the work in the same transaction; a concurrent or later repeat waits for it (the unique
   * key) and answers what it stored. A refused call (insufficient balance, bad player) keeps nothing.
   */
  private async once(
    rec: {
      kind: 'bet' | 'result' | 'bonusWin' | 'jackpotWin' | 'promoWin' | 'refund';
      reference: string;
      userId: string;
      roundId?: string;
      gameCode?: string;
      amount: number;
    },
    work: (unit: Unit, user: LockedUser, transactionId: string) => Promise<Answer>,
  ): Promise<Answer> {
    const stored = await this.stored(this.ctx.db, rec.kind, rec.reference, rec.userId);
    if (stored) return stored;
    return inTransaction(this.ctx.db, async (unit) => {
      const user = await lockUser(unit.tx, rec.userId);
      const row = await unit.tx
        .insertInto('slot_transactions')
        .values({
          kind: rec.kind,
          reference: rec.reference,
          user_id: user.id,
          round_id: rec.roundId ?? null,
          game_code: rec.gameCode ?? null,
          amount: rec.amount,
          response: null,
        })
        .onConflict((oc) => oc.columns(['kind', 'reference']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) {
        const again = await this.stored(unit.tx, rec.kind, rec.reference, rec.userId);
        if (again) return again;
        throw fail(PP_ERRORS.internalRetry);
      }
      const answer = await work(unit, user, String(row.id));
      await unit.tx
        .updateTable('slot_transactions')
        .set({ response: JSON.stringify(answer) })
        .where('id', '=', row.id)
        .execute();
      return answer;
    });
  }

  private async stored(
    db: Tx | Ctx['db'],
    kind: string,
    reference: string,
    userId: string,
  ): Promise<Answer | null> {
    const row = await db
      .selectFrom('slot_transactions')
      .select(['user_id', 'response'])
      .where('kind', '=', kind as 'bet')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (!row || row.response === null) return null;
    // the same reference from another player is not a repeat: refuse it
    if (String(row.user_id) !== userId) throw fail(PP_ERRORS.badParameters);
    return (typeof row.response === 'string' ? JSON.parse(row.response) : row.response) as Answer;
  }

  private async bet(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const gameCode = need(params, 'gameId');
    const roundId = need(params, 'roundId');
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    const token = optional(params, 'token', /^[A-Za-z0-9]{16,64}$/);
    const stored = await this.stored(this.ctx.db, 'bet', reference, userId);
    if (stored) return stored;
    // a bet the provider already refunded (the refund came first) is not taken any more
    const refunded = await this.ctx.db
      .selectFrom('slot_transactions')
      .select('id')
      .where('kind', '=', 'refund')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (refunded) throw fail(PP_ERRORS.betNotAllowed);
    if (!(await this.ctx.controls.isEnabled('slots'))) throw fail(PP_ERRORS.betNotAllowed);
    const game = await this.ctx.db
      .selectFrom('slot_games')
      .select(['status'])
      .where('game_code', '=', gameCode)
      .executeTakeFirst();
    if (game?.status !== 1) throw fail(PP_ERRORS.gameNotFound);
    if (token) {
      const session = await this.ctx.db
        .selectFrom('slot_sessions')
        .select(['user_id', 'expires_at'])
        .where('token', '=', token)
        .executeTakeFirst();
      if (
        !session ||
        String(session.user_id) !== userId ||
        session.expires_at.getTime() < this.ctx.clock.now()
      )
        throw fail(PP_ERRORS.badToken);
    }
    try {
      return await this.once(
        { kind: 'bet', reference, userId, roundId, gameCode, amount },
        async (unit, user) => {
          if (user.banned) throw fail(PP_ERRORS.frozen);
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
          const transactionId = await this.transactionIdOf(unit.tx, 'bet', reference);
          return { transactionId, ...this.money(balance), usedPromo: 0, ...PP_ERRORS.success };
        },
      );
    } catch (err) {
      if (isInsufficientBalance(err)) {
        const now = await this.ctx.db
          .selectFrom('users')
          .select('balance')
          .where('id', '=', Number(userId))
          .executeTakeFirst();
        return { ...PP_ERRORS.insufficientBalance, ...(now ? this.money(now.balance) : {}) };
      }
      throw err;
    }
  }

  private async transactionIdOf(tx: Tx, kind: 'bet' | 'refund', reference: string): Promise<string> {
    const row = await tx
      .selectFrom('slot_transactions')
      .select('id')
      .where('kind', '=', kind)
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();
    return String(row.id);
  }

  /** result and jackpotWin: pay the win into the round; the round's first result settles it. */
  private async win(params: PpParams, kind: 'result' | 'jackpotWin'): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const gameCode = need(params, 'gameId');
    const roundId = need(params, 'roundId');
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    return this.once(
      { kind, reference, userId, roundId, gameCode, amount },
      async (unit, user, transactionId) => {
        await sql`
        INSERT INTO slot_rounds (user_id, round_id, game_code, win)
        VALUES (${user.id}, ${roundId}, ${gameCode}, ${amount})
        ON CONFLICT (user_id, round_id) DO UPDATE SET win = slot_rounds.win + EXCLUDED.win`.execute(unit.tx);
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
    );
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
  private async bonusWin(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    return this.once({ kind: 'bonusWin', reference, userId, amount }, async (_unit, user, transactionId) => ({
      transactionId,
      ...this.money(user.balance),
      ...PP_ERRORS.success,
    }));
  }

  /** Campaign prizes (tournaments, prize drops): credited, not a bet. */
  private async promoWin(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const reference = need(params, 'reference');
    const amount = amountOf(params);
    return this.once({ kind: 'promoWin', reference, userId, amount }, async (unit, user, transactionId) => {
      const balance =
        amount > 0
          ? await this.ctx.wallet.apply(unit, {
              userId: user.id,
              delta: amount,
              kind: 'slots-promo',
              ref: optional(params, 'campaignId'),
              idempotencyKey: `slots:promoWin:${reference}`,
            })
          : user.balance;
      return { transactionId, ...this.money(balance), ...PP_ERRORS.success };
    });
  }

  /**
   * Takes a bet back (the provider could not finish its round). An unknown bet is answered as a
   * success and remembered, so that bet is refused if it arrives later; a bet whose round has
   * settled is not refunded (error 120, no retry): its result already paid.
   */
  private async refund(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const reference = need(params, 'reference');
    const bet = await this.ctx.db
      .selectFrom('slot_transactions')
      .select(['user_id', 'round_id', 'amount'])
      .where('kind', '=', 'bet')
      .where('reference', '=', reference)
      .executeTakeFirst();
    if (bet && String(bet.user_id) !== userId) throw fail(PP_ERRORS.badParameters);
    return this.once(
      { kind: 'refund', reference, userId, roundId: bet?.round_id ?? undefined, amount: bet?.amount ?? 0 },
      async (unit, user, transactionId) => {
        const taken = await unit.tx
          .selectFrom('slot_transactions')
          .select(['id', 'round_id', 'amount', 'status'])
          .where('kind', '=', 'bet')
          .where('reference', '=', reference)
          .forUpdate()
          .executeTakeFirst();
        if (!taken) return { transactionId, ...PP_ERRORS.success };
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
            kind: 'refund',
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
    );
  }

  private async endRound(params: PpParams): Promise<Answer> {
    const userId = need(params, 'userId', ID_RE);
    const roundId = need(params, 'roundId');
    need(params, 'gameId');
    return inTransaction(this.ctx.db, async (unit) => {
      const user = await lockUser(unit.tx, userId);
      await this.settle(unit, user, roundId, 0);
      return { cash: ppAmount(user.balance), bonus: 0, ...PP_ERRORS.success };
    }).catch((err) => {
      if (err instanceof PpFail) return { ...err.code, ...err.extra };
      throw err;
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

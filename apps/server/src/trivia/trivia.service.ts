import { CHAT_EVENTS, coinsToCents, centsToCoins, type TriviaState } from '@coinsite/shared';
import {
  normalizeTriviaAnswer,
  TRIVIA_ANSWER_WINDOW_MS,
  TRIVIA_TEXT,
  type TriviaCreateBody,
  triviaText,
} from '@coinsite/shared/schemas/trivia';
import { TRIVIA_DEFAULT_MS } from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import type { ChatSender } from '../chat/chat.service.ts';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import type { DB } from '../platform/db-types.ts';
import { Errors } from '../platform/errors.ts';
import { userRoom } from '../platform/realtime.ts';
import { inTransaction, pgErrorCode } from '../platform/tx.ts';

/** A trivia row as the service reads it (times are Clock epoch ms). */
export interface TriviaRow {
  id: number;
  question: string;
  answer: string;
  prize: number;
  winner_amount: number;
  winners_count: number;
  status: 'countdown' | 'active' | 'ended';
  starts_at: number;
  expires_at: number;
}

const chatNs = (ctx: Ctx) => ctx.realtime.ns('chat');

/** The trivia that is counting down or taking answers, if any (at most one: a unique index). */
export async function openTrivia(db: Kysely<DB>): Promise<TriviaRow | undefined> {
  const { rows } = await sql<TriviaRow>`
    SELECT id, question, answer, prize, winner_amount, winners_count, status, starts_at, expires_at
    FROM trivias WHERE status <> 'ended'`.execute(db);
  const r = rows[0];
  return r && normalizeRow(r);
}

/** pg returns BIGINT columns as strings unless parsed; keep every number a number. */
function normalizeRow(r: TriviaRow): TriviaRow {
  return {
    ...r,
    id: Number(r.id),
    prize: Number(r.prize),
    winner_amount: Number(r.winner_amount),
    winners_count: Number(r.winners_count),
    starts_at: Number(r.starts_at),
    expires_at: Number(r.expires_at),
  };
}

async function winnerIds(db: Kysely<DB>, triviaId: number): Promise<string[]> {
  const { rows } = await sql<{ user_id: number }>`
    SELECT user_id FROM trivia_winners WHERE trivia_id = ${triviaId} ORDER BY position`.execute(db);
  return rows.map((r) => String(r.user_id));
}

/** What clients see: the question only once the countdown is over; never the answer. */
export function triviaView(t: TriviaRow, winners: string[]): TriviaState {
  return {
    _id: String(t.id),
    active: true,
    question: t.status === 'active' ? t.question : '',
    prize: centsToCoins(t.prize),
    winnerAmount: t.winner_amount,
    winners,
  };
}

/** The history's trivia part (GET /chat/history). */
export async function triviaHistory(ctx: Ctx): Promise<{
  trivia: TriviaState | null;
  triviaTime: number;
  triviaCountdownStarted: boolean;
}> {
  const t = await openTrivia(ctx.db);
  if (!t) return { trivia: null, triviaTime: 0, triviaCountdownStarted: false };
  const countdown = t.status === 'countdown';
  return {
    trivia: triviaView(t, await winnerIds(ctx.db, t.id)),
    triviaTime: countdown ? Math.max(0, t.starts_at - ctx.clock.now()) : 0,
    triviaCountdownStarted: countdown,
  };
}

/**
 * Admin: creates a trivia that counts down TRIVIA_DEFAULT_MS, then takes answers for
 * TRIVIA_ANSWER_WINDOW_MS (the leader's TriviaLoop moves it on). One at a time.
 */
export async function createTrivia(ctx: Ctx, adminId: number, body: TriviaCreateBody): Promise<TriviaState> {
  const now = ctx.clock.now();
  const startsAt = now + TRIVIA_DEFAULT_MS;
  let row: TriviaRow;
  try {
    row = await inTransaction(ctx.db, async (unit) => {
      const { rows } = await sql<TriviaRow>`
        INSERT INTO trivias (question, answer, prize, winner_amount, status, created_by, created_at, starts_at, expires_at)
        VALUES (${body.question}, ${normalizeTriviaAnswer(body.answer)}, ${coinsToCents(body.prize)},
                ${body.winnerAmount}, 'countdown', ${adminId}, ${now}, ${startsAt}, ${startsAt + TRIVIA_ANSWER_WINDOW_MS})
        RETURNING id, question, answer, prize, winner_amount, winners_count, status, starts_at, expires_at`.execute(
        unit.tx,
      );
      await writeAudit(unit.tx, {
        actorId: adminId,
        action: 'trivia-create',
        target: String(rows[0]?.id),
        details: { question: body.question, winnerAmount: body.winnerAmount, prize: body.prize },
      });
      return normalizeRow(rows[0] as TriviaRow);
    });
  } catch (err) {
    if (pgErrorCode(err) === '23505') throw Errors.badRequest(TRIVIA_TEXT.alreadyRunning);
    throw err;
  }
  const view = triviaView(row, []);
  chatNs(ctx).emit(CHAT_EVENTS.triviaStateChanged, view);
  chatNs(ctx).emit(CHAT_EVENTS.countdownStartedTrivia, TRIVIA_DEFAULT_MS, true);
  forgetCache(ctx);
  return view;
}

/** Leader: the countdown is over, the question goes out (guarded: once). */
export async function activateTrivia(ctx: Ctx, id: number): Promise<void> {
  const { rows } = await sql<TriviaRow>`
    UPDATE trivias SET status = 'active' WHERE id = ${id} AND status = 'countdown'
    RETURNING id, question, answer, prize, winner_amount, winners_count, status, starts_at, expires_at`.execute(
    ctx.db,
  );
  const row = rows[0];
  if (!row) return;
  forgetCache(ctx);
  chatNs(ctx).emit(CHAT_EVENTS.countdownStartedTrivia, 0, false);
  chatNs(ctx).emit(CHAT_EVENTS.triviaStateChanged, triviaView(normalizeRow(row), []));
}

/** Ends a trivia (all winners found, or its answer window lapsed); the answer is told only now. */
export async function endTrivia(ctx: Ctx, id: number, db: Kysely<DB> = ctx.db): Promise<boolean> {
  const { rows } = await sql<{ answer: string }>`
    UPDATE trivias SET status = 'ended', ended_at = ${ctx.clock.now()}
    WHERE id = ${id} AND status <> 'ended' RETURNING answer`.execute(db);
  return rows.length > 0;
}

function announceEnd(ctx: Ctx, answer: string): void {
  forgetCache(ctx);
  chatNs(ctx).emit(CHAT_EVENTS.triviaStateChanged, null);
  chatNs(ctx).emit(CHAT_EVENTS.notification, triviaText.over(answer));
}

/** Leader: the answer window lapsed with places left. */
export async function expireTrivia(ctx: Ctx, t: TriviaRow): Promise<void> {
  if (await endTrivia(ctx, t.id)) announceEnd(ctx, t.answer);
}

// ---- answers (every node, on every posted chat message) ----------------------------------------

/**
 * Per node, the open trivia's answer is looked up at most every second (no query per message). A
 * row still counting down is kept no later than its start: from then on every line reads the row
 * again until this node sees the question out, so no node posts a right answer to everyone for a
 * second after the leader has sent the question (nor takes a line before it is out).
 */
const CACHE_TTL_MS = 1000;
const cache = new WeakMap<Ctx, { at: number; until: number; open: TriviaRow | null }>();

function forgetCache(ctx: Ctx): void {
  cache.delete(ctx);
}

async function cachedOpen(ctx: Ctx): Promise<TriviaRow | null> {
  const now = ctx.clock.now();
  const hit = cache.get(ctx);
  if (hit && now >= hit.at && now < hit.until) return hit.open;
  const open = (await openTrivia(ctx.db)) ?? null;
  const until =
    open?.status === 'countdown' ? Math.min(now + CACHE_TTL_MS, open.starts_at) : now + CACHE_TTL_MS;
  cache.set(ctx, { at: now, until, open });
  return open;
}

/**
 * The trivia whose question is out, if any. Only then is its answer anything but an ordinary line:
 * during the countdown a line equal to the answer takes exactly the path of every other line (stored
 * and sent to everyone, the same gates, the same replies and the same work), so nothing tells a
 * player that a guess is right before anyone has seen the question (issue 26 item 3).
 */
async function answerable(ctx: Ctx): Promise<TriviaRow | null> {
  const open = await cachedOpen(ctx);
  return open?.status === 'active' ? open : null;
}

/**
 * A chat message: when it is the open trivia's answer, the sender wins if a place is left and they
 * have not won it yet. Both are decided in SQL in one transaction, so parallel answers on any node
 * pay exactly winner_amount players once each: the conditional count update locks the trivia row
 * (answers queue behind it and re-check the count), and the (trivia, user) key refuses a second win.
 */
export async function answerTrivia(ctx: Ctx, sender: ChatSender, content: string): Promise<AnswerOutcome> {
  const open = await answerable(ctx);
  const now = ctx.clock.now();
  const guess = normalizeTriviaAnswer(content);
  if (!open || guess !== open.answer) return 'wrong';
  let won: { id: number; position: number; prize: number; winner_amount: number; answer: string } | null;
  try {
    won = await inTransaction(ctx.db, async (unit) => {
      const { rows } = await sql<{
        id: number;
        position: number;
        prize: number;
        winner_amount: number;
        answer: string;
      }>`
        WITH t AS (
          UPDATE trivias SET winners_count = winners_count + 1
          WHERE status = 'active' AND answer = ${guess} AND winners_count < winner_amount
            AND expires_at > ${now}
            AND NOT EXISTS (
              SELECT 1 FROM trivia_winners w WHERE w.trivia_id = trivias.id AND w.user_id = ${sender.id})
          RETURNING id, winners_count, prize, winner_amount, answer
        ), w AS (
          INSERT INTO trivia_winners (trivia_id, user_id, position, created_at)
          SELECT id, ${sender.id}, winners_count, ${now} FROM t
          RETURNING position
        )
        SELECT t.id, w.position, t.prize, t.winner_amount, t.answer FROM t, w`.execute(unit.tx);
      const row = rows[0];
      if (!row) return null;
      const r = {
        id: Number(row.id),
        position: Number(row.position),
        prize: Number(row.prize),
        winner_amount: Number(row.winner_amount),
        answer: row.answer,
      };
      await ctx.wallet.apply(unit, {
        userId: sender.id,
        delta: r.prize,
        kind: 'trivia',
        ref: String(r.id),
        idempotencyKey: `trivia:${r.id}:${sender.id}`,
      });
      if (r.position >= r.winner_amount) await endTrivia(ctx, r.id, unit.tx);
      return r;
    });
  } catch (err) {
    // the same user's second correct answer racing the first: the winners key refuses it
    if (pgErrorCode(err) === '23505') return 'already';
    throw err;
  }
  if (!won) {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM trivia_winners WHERE trivia_id = ${open.id} AND user_id = ${sender.id}`.execute(
      ctx.db,
    );
    return (rows[0]?.n ?? 0) > 0 ? 'already' : 'late';
  }
  const ns = chatNs(ctx);
  ns.emit(CHAT_EVENTS.triviaJoinWinner, won.position);
  ns.to(userRoom(sender.id)).emit(CHAT_EVENTS.notification, triviaText.won(won.prize));
  if (won.position >= won.winner_amount) announceEnd(ctx, won.answer);
  return 'won';
}

/** What a chat line did to the open trivia. */
export type AnswerOutcome = 'wrong' | 'won' | 'already' | 'late';

/**
 * Whether a chat line is the answer of the trivia whose question is out: such a line is consumed
 * (never stored nor broadcast) so nobody can copy it; it is told to everyone only when the trivia
 * ends. Before the question is out the answer is an ordinary line.
 */
export async function isTriviaAnswer(ctx: Ctx, content: string): Promise<boolean> {
  const open = await answerable(ctx);
  return !!open && normalizeTriviaAnswer(content) === open.answer;
}

/** The sender's private reply to a consumed answer (a win already has its notification). */
export async function takeTriviaAnswer(
  ctx: Ctx,
  sender: ChatSender,
  content: string,
): Promise<string | null> {
  const outcome = await answerTrivia(ctx, sender, content);
  switch (outcome) {
    case 'won':
      return null;
    case 'already':
      return TRIVIA_TEXT.alreadyWon;
    default:
      return TRIVIA_TEXT.placesTaken;
  }
}

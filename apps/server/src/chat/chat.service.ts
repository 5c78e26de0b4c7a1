import { requireNoBreak } from '../platform/account/rg.service.ts';
import { randomUUID } from 'node:crypto';
import {
  CHAT_EVENTS,
  CHAT_HISTORY_SIZE,
  CHAT_TEXT,
  type ChatHistory,
  type ChatMessage,
  canModerate,
  chatText,
  EMPTY_RAIN,
  type GiveawayState,
  isModeratorCommand,
  MODERATOR_RANK,
  parseChatCommand,
  type RainState,
  type TriviaState,
} from '@coinsite/shared';
import { levelForWagerCents, wagerNeededCents } from '@coinsite/shared/vip';
import { type Kysely, sql } from 'kysely';
import { setBanned } from '../admin/moderation.routes.ts';
import { playerLevel } from '../games/rounds/round-bets.ts';
import { writeAudit } from '../platform/audit.ts';
import type { Ctx } from '../platform/context.ts';
import type { DB, Tx } from '../platform/db-types.ts';
import { AppError, Errors } from '../platform/errors.ts';
import { userRoom } from '../platform/realtime.ts';
import { inTransaction } from '../platform/tx.ts';
import { preparedStatements, type RunPrepared } from '../platform/wallet.ts';

/** A chat user as the rules need them, read fresh from the database for every line. */
export interface ChatSender {
  id: number;
  username: string;
  avatar: string;
  rank: number;
  wager: number;
  banned: boolean;
}

export interface ChatSettings {
  slowModeMs: number;
  duplicateWindowMs: number;
  minLevel: number;
  tipMinLevel: number;
  tipMin: number;
  tipMax: number;
}

/**
 * What rain, trivia and giveaways plug into the chat (they run on the leader's round lifecycle and
 * register here): their part of GET /chat/history, `/tip-rain`, and a look at every posted message
 * (trivia answers). Until a provider is set, history answers "nothing runs".
 */
export interface ChatHooks {
  rain?: () => RainState | Promise<RainState>;
  trivia?: () =>
    | { trivia: TriviaState | null; triviaTime: number; triviaCountdownStarted: boolean }
    | Promise<{ trivia: TriviaState | null; triviaTime: number; triviaCountdownStarted: boolean }>;
  giveaway?: () => GiveawayState | null | Promise<GiveawayState | null>;
  /** `/tip-rain {amount}` (cents); throws an AppError to refuse, returns the success text. */
  tipRain?: (sender: ChatSender, cents: number) => Promise<string>;
  /**
   * A line that must not reach the room (a trivia's answer while the trivia is open): `claims` says
   * so cheaply (no query per message), `take` acts on it for a sender who passed the chat's gates
   * and returns the sender's private reply (null: nothing to say). The line is neither stored nor
   * broadcast, so nobody can copy it.
   */
  consume?: {
    claims: (content: string) => Promise<boolean>;
    take: (sender: ChatSender, content: string) => Promise<string | null>;
  };
  /** Called after a message is stored and sent to everyone. */
  onMessage: Array<(sender: ChatSender, message: ChatMessage) => void | Promise<void>>;
}

const hooks = new WeakMap<Ctx, ChatHooks>();

export function chatHooksOf(ctx: Ctx): ChatHooks {
  let h = hooks.get(ctx);
  if (!h) {
    h = { onMessage: [] };
    hooks.set(ctx, h);
  }
  return h;
}

const refuse = (message: string) => Errors.badRequest(message);

/** Settings are read at most every 5 s per node on the message path (an operator change applies within 5 s). */
const SETTINGS_TTL_MS = 5000;
const settingsCache = new WeakMap<Ctx, { at: number; value: ChatSettings }>();
const prepared = new WeakMap<Ctx, RunPrepared>();

async function cachedSettings(ctx: Ctx): Promise<ChatSettings> {
  const hit = settingsCache.get(ctx);
  const now = ctx.clock.now();
  if (hit && now - hit.at >= 0 && now - hit.at < SETTINGS_TTL_MS) return hit.value;
  const value = await chatSettings(ctx.db);
  settingsCache.set(ctx, { at: now, value });
  return value;
}

/** After an operator's change: this node reads the settings again on the next message. */
export function forgetChatSettings(ctx: Ctx): void {
  settingsCache.delete(ctx);
}

export async function chatSettings(db: Kysely<DB>): Promise<ChatSettings> {
  const s = await db.selectFrom('chat_settings').selectAll().executeTakeFirstOrThrow();
  return {
    slowModeMs: s.slow_mode_ms,
    duplicateWindowMs: s.duplicate_window_ms,
    minLevel: s.min_level,
    tipMinLevel: s.tip_min_level,
    tipMin: s.tip_min,
    tipMax: s.tip_max,
  };
}

async function senderOf(tx: Kysely<DB>, userId: number, lock = false): Promise<ChatSender | undefined> {
  let q = tx
    .selectFrom('users')
    .select(['id', 'username', 'avatar', 'rank', 'wager', 'banned'])
    .where('id', '=', userId);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A chat line as it leaves the server; the avatar as every other view builds it (assets.avatar). */
function toMessage(
  ctx: Ctx,
  row: { id: number; content: string; created_at: Date },
  user: Pick<ChatSender, 'id' | 'username' | 'avatar' | 'rank' | 'wager'>,
): ChatMessage {
  return {
    msgId: String(row.id),
    content: row.content,
    created: row.created_at.toISOString(),
    user: {
      id: String(user.id),
      username: user.username,
      avatar: ctx.assets.avatar(user.avatar),
      rank: user.rank,
      level: playerLevel(user.wager),
    },
  };
}

const chatNs = (ctx: Ctx) => ctx.realtime.ns('chat');

/**
 * One line typed in chat by a signed-in user: a command (spec-2 §7) or a message. Refusals throw an
 * AppError (sent back as notify-error); a command's success text is returned for notify-success.
 */
export async function handleChatLine(ctx: Ctx, userId: number, content: string): Promise<string | null> {
  // issue 16: a cool-off or self-exclusion blocks chat (messages, tips, commands)
  await requireNoBreak(ctx, userId);
  const cmd = parseChatCommand(content);
  if (cmd.kind === 'message') {
    const posted = await postMessage(ctx, userId, content);
    return 'reply' in posted ? posted.reply : null;
  }
  if (isModeratorCommand(cmd)) {
    const actor = await senderOf(ctx.db, userId);
    if (!actor || actor.banned || !canModerate(actor.rank)) throw refuse(CHAT_TEXT.notModerator);
  }
  switch (cmd.kind) {
    case 'invalid':
      throw refuse(cmd.error);
    case 'tip':
      return tipUser(ctx, userId, Number(cmd.userId), cmd.cents);
    case 'tip-rain': {
      const tipRain = chatHooksOf(ctx).tipRain;
      if (!tipRain) throw refuse(CHAT_TEXT.rainUnavailable);
      const sender = await senderOf(ctx.db, userId);
      if (!sender || sender.banned) throw Errors.banned();
      await requireNotMuted(ctx, ctx.db, userId);
      return tipRain(sender, cmd.cents);
    }
    case 'remove-message':
      await removeMessage(ctx, userId, Number(cmd.msgId));
      return CHAT_TEXT.messageRemoved;
    case 'mute-user':
      return muteUser(ctx, userId, Number(cmd.userId), cmd.minutes);
    case 'ban-user':
      return banFromChat(ctx, userId, Number(cmd.userId));
  }
}

/**
 * Stores a message and sends it to everyone on /chat (every node, through the Redis adapter).
 * The usual case is one statement: the level gate, mute, duplicate check and slow mode (a
 * conditional upsert of the sender's chat_senders row, which also serialises a user's parallel
 * sends across nodes) and the insert. When it stores nothing, the transactional path below runs
 * the same rules step by step to say which one refused.
 */
export async function postMessage(ctx: Ctx, userId: number, content: string): Promise<PostResult> {
  const settings = await cachedSettings(ctx);
  const consume = chatHooksOf(ctx).consume;
  if (consume && (await consume.claims(content))) {
    const sender = await gatedSender(ctx, userId, settings);
    return { reply: await consume.take(sender, content) };
  }
  const now = ctx.clock.now();
  let run = prepared.get(ctx);
  if (!run) {
    run = preparedStatements(ctx.database);
    prepared.set(ctx, run);
  }
  const at = new Date(now);
  const { rows } = await run<{
    id: number;
    created_at: Date;
    uid: number;
    username: string;
    avatar: string;
    rank: number;
    wager: number;
  }>(sql`
    WITH u AS (
      SELECT id, username, avatar, rank, wager FROM users
      WHERE id = ${userId} AND NOT banned AND (rank >= ${MODERATOR_RANK} OR wager >= ${wagerNeededCents(settings.minLevel)})
    ), g AS (
      INSERT INTO chat_senders AS cs (user_id, last_at)
      SELECT id, ${now}::bigint FROM u
      WHERE NOT EXISTS (SELECT 1 FROM chat_mutes WHERE user_id = ${userId} AND until > ${at})
        AND NOT EXISTS (
          SELECT 1 FROM chat_messages
          WHERE user_id = ${userId} AND created_at > ${new Date(now - settings.duplicateWindowMs)}
            AND lower(content) = lower(${content}))
      ON CONFLICT (user_id) DO UPDATE SET last_at = EXCLUDED.last_at
        WHERE cs.last_at <= EXCLUDED.last_at - ${settings.slowModeMs}::bigint
      RETURNING user_id
    ), m AS (
      INSERT INTO chat_messages (user_id, content, created_at)
      SELECT user_id, ${content}, ${at} FROM g
      RETURNING id, created_at
    )
    SELECT m.id, m.created_at, u.id AS uid, u.username, u.avatar, u.rank, u.wager FROM m, u`);
  const row = rows[0];
  if (!row) return { message: await postMessageChecked(ctx, userId, content, settings) };
  const sender = {
    id: row.uid,
    username: row.username,
    avatar: row.avatar,
    rank: row.rank,
    wager: row.wager,
  };
  const message = toMessage(ctx, { id: row.id, content, created_at: new Date(row.created_at) }, sender);
  chatNs(ctx).emit(CHAT_EVENTS.newMessage, message);
  await afterPost(ctx, { ...sender, banned: false }, message);
  return { message };
}

/** What a posted line became: a message everyone got, or (a consumed line) the sender's own reply. */
export type PostResult = { message: ChatMessage } | { reply: string | null };

/** The gates a consumed line still passes: signed in, not banned, the level gate, not muted. */
async function gatedSender(ctx: Ctx, userId: number, settings: ChatSettings): Promise<ChatSender> {
  const sender = await senderOf(ctx.db, userId);
  if (!sender || sender.banned) throw Errors.banned();
  if (!canModerate(sender.rank) && levelForWagerCents(sender.wager).level < settings.minLevel)
    throw refuse(chatText.levelRequired(settings.minLevel));
  await refuseMuted(ctx, ctx.db, userId);
  return sender;
}

/**
 * Issue 26 item 10: a mute silences the player's chat and also stops what chat moves money with:
 * tips (to a player or the rain) and joining rain. Receiving a tip is not stopped.
 */
export async function requireNotMuted(ctx: Ctx, db: Kysely<DB>, userId: number): Promise<void> {
  await refuseMuted(ctx, db, userId);
}

async function refuseMuted(ctx: Ctx, db: Kysely<DB>, userId: number): Promise<void> {
  const now = ctx.clock.now();
  const mute = await db
    .selectFrom('chat_mutes')
    .select('until')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (mute && mute.until.getTime() > now)
    throw refuse(chatText.muted(Math.ceil((mute.until.getTime() - now) / 60_000)));
}

async function afterPost(ctx: Ctx, sender: ChatSender, message: ChatMessage): Promise<void> {
  for (const listener of chatHooksOf(ctx).onMessage) {
    try {
      await listener(sender, message);
    } catch (err) {
      ctx.log.error({ err }, 'chat message listener failed');
    }
  }
}

/**
 * The rules one by one under the sender's chat_senders row lock: the refusal's reason, or (when
 * the state changed since the fast path) the message stored after all.
 */
async function postMessageChecked(
  ctx: Ctx,
  userId: number,
  content: string,
  settings: ChatSettings,
): Promise<ChatMessage> {
  const now = ctx.clock.now();
  const { message, sender } = await inTransaction(ctx.db, async (unit) => {
    const sender = await senderOf(unit.tx, userId);
    if (!sender || sender.banned) throw Errors.banned();
    if (!canModerate(sender.rank) && levelForWagerCents(sender.wager).level < settings.minLevel)
      throw refuse(chatText.levelRequired(settings.minLevel));
    await refuseMuted(ctx, unit.tx, userId);
    await unit.tx
      .insertInto('chat_senders')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const state = await unit.tx
      .selectFrom('chat_senders')
      .select('last_at')
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const wait = state.last_at + settings.slowModeMs - now;
    if (wait > 0) throw refuse(chatText.slowMode(wait));
    if (settings.duplicateWindowMs > 0) {
      const dup = await unit.tx
        .selectFrom('chat_messages')
        .select('id')
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(now - settings.duplicateWindowMs))
        .where(sql<boolean>`lower(content) = lower(${content})`)
        .limit(1)
        .executeTakeFirst();
      if (dup) throw refuse(CHAT_TEXT.duplicate);
    }
    await unit.tx.updateTable('chat_senders').set({ last_at: now }).where('user_id', '=', userId).execute();
    const row = await unit.tx
      .insertInto('chat_messages')
      .values({ user_id: userId, content, created_at: new Date(now) })
      .returning(['id', 'content', 'created_at'])
      .executeTakeFirstOrThrow();
    const message = toMessage(ctx, row, sender);
    unit.afterCommit(() => chatNs(ctx).emit(CHAT_EVENTS.newMessage, message));
    return { message, sender };
  });
  await afterPost(ctx, sender, message);
  return message;
}

/**
 * Live chat lines, oldest first: the last 30, or the last 30 of those `pick` names (posted at or
 * after `since`, or with one of the `ids`; a resync's missed lines).
 */
export async function chatLines(
  ctx: Ctx,
  pick: { since?: Date; ids?: number[] } = {},
): Promise<ChatMessage[]> {
  if (pick.ids && pick.ids.length === 0) return [];
  let q = ctx.db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select([
      'm.id',
      'm.content',
      'm.created_at',
      'u.id as uid',
      'u.username',
      'u.avatar',
      'u.rank',
      'u.wager',
    ])
    .where('m.deleted_at', 'is', null);
  if (pick.since) q = q.where('m.created_at', '>=', pick.since);
  if (pick.ids) q = q.where('m.id', 'in', pick.ids);
  const rows = await q.orderBy('m.id', 'desc').limit(CHAT_HISTORY_SIZE).execute();
  return rows
    .reverse()
    .map((r) =>
      toMessage(ctx, r, { id: r.uid, username: r.username, avatar: r.avatar, rank: r.rank, wager: r.wager }),
    );
}

/** What rain, trivia and giveaway show now (the history's part besides the messages). */
export async function chatStates(ctx: Ctx): Promise<Omit<ChatHistory, 'messages'>> {
  const h = chatHooksOf(ctx);
  const [rain, trivia, giveaway] = await Promise.all([
    h.rain ? h.rain() : EMPTY_RAIN,
    h.trivia ? h.trivia() : { trivia: null, triviaTime: 0, triviaCountdownStarted: false },
    h.giveaway ? h.giveaway() : null,
  ]);
  return {
    rain,
    trivia: trivia.trivia,
    giveaway,
    triviaTime: trivia.triviaTime,
    triviaCountdownStarted: trivia.triviaCountdownStarted,
  };
}

/** GET /chat/history: the last 30 live messages (oldest first) and what rain, trivia and giveaway show. */
export async function chatHistory(ctx: Ctx): Promise<ChatHistory> {
  const [messages, states] = await Promise.all([chatLines(ctx), chatStates(ctx)]);
  return { messages, ...states };
}

/**
 * `/tip {userId} {amount}`: both ledger rows in one transaction (the debit refuses to go below
 * zero), free-history kinds sent_tip / received_tip, a `notification` to the receiver.
 */
export async function tipUser(
  ctx: Ctx,
  senderId: number,
  receiverId: number,
  cents: number,
): Promise<string> {
  const settings = await chatSettings(ctx.db);
  if (cents < settings.tipMin || cents > settings.tipMax)
    throw refuse(chatText.tipRange(settings.tipMin, settings.tipMax));
  if (senderId === receiverId) throw refuse(CHAT_TEXT.tipSelf);
  return inTransaction(ctx.db, async (unit) => {
    const sender = await senderOf(unit.tx, senderId);
    if (!sender || sender.banned) throw Errors.banned();
    await requireNotMuted(ctx, unit.tx, senderId);
    if (levelForWagerCents(sender.wager).level < settings.tipMinLevel)
      throw refuse(chatText.tipLevelRequired(settings.tipMinLevel));
    const receiver = await senderOf(unit.tx, receiverId);
    if (!receiver || receiver.banned) throw refuse(CHAT_TEXT.userNotFound);
    const key = randomUUID();
    const debit = () =>
      ctx.wallet.apply(unit, {
        userId: senderId,
        delta: -cents,
        kind: 'sent_tip',
        ref: String(receiverId),
        idempotencyKey: `tip:${key}:out`,
      });
    // issue 26: a tip is a transfer, refused by the wallet while either side is on a break; the
    // sender is told the receiver cannot take tips now, not why (a break is the receiver's own business)
    const credit = () =>
      ctx.wallet
        .apply(unit, {
          userId: receiverId,
          delta: cents,
          kind: 'received_tip',
          ref: String(senderId),
          idempotencyKey: `tip:${key}:in`,
        })
        .catch((err: unknown) => {
          if (err instanceof AppError && err.code === 'responsible_gaming')
            throw refuse(CHAT_TEXT.tipUnavailable);
          throw err;
        });
    // rows locked in id order: A tipping B while B tips A cannot deadlock
    if (senderId < receiverId) {
      await debit();
      await credit();
    } else {
      await credit();
      await debit();
    }
    unit.afterCommit(() =>
      chatNs(ctx)
        .to(userRoom(receiverId))
        .emit(CHAT_EVENTS.notification, chatText.tipReceived(sender.username, cents)),
    );
    return chatText.tipSent(receiver.username, cents);
  });
}

async function audit(
  tx: Tx,
  actorId: number,
  action: string,
  target: string,
  details: unknown,
): Promise<void> {
  await writeAudit(tx, { actorId, action, target, details });
}

/** `.remove-message {msgId}` (rank ≥ 5, checked by the caller): hidden from history, `remove-message` to all. */
export async function removeMessage(ctx: Ctx, actorId: number, msgId: number): Promise<void> {
  await inTransaction(ctx.db, async (unit) => {
    const row = await unit.tx
      .updateTable('chat_messages')
      .set({ deleted_at: new Date(ctx.clock.now()), deleted_by: actorId })
      .where('id', '=', msgId)
      .where('deleted_at', 'is', null)
      .returning(['user_id', 'content'])
      .executeTakeFirst();
    if (!row) throw refuse(CHAT_TEXT.messageNotFound);
    await audit(unit.tx, actorId, 'chat-remove-message', String(msgId), {
      userId: row.user_id,
      content: row.content,
    });
    unit.afterCommit(() => chatNs(ctx).emit(CHAT_EVENTS.removeMessage, String(msgId)));
  });
}

async function moderatedTarget(tx: Tx, actorId: number, userId: number): Promise<ChatSender> {
  const target = await senderOf(tx, userId, true);
  if (!target) throw refuse(CHAT_TEXT.userNotFound);
  if (userId === actorId || canModerate(target.rank)) throw refuse(CHAT_TEXT.cannotModerate);
  return target;
}

/** `.mute-user {userId} [minutes]` (rank ≥ 5): a newer mute replaces the old one; it expires by itself. */
export async function muteUser(ctx: Ctx, actorId: number, userId: number, minutes: number): Promise<string> {
  const now = ctx.clock.now();
  const until = new Date(now + minutes * 60_000);
  return inTransaction(ctx.db, async (unit) => {
    const target = await moderatedTarget(unit.tx, actorId, userId);
    await unit.tx
      .insertInto('chat_mutes')
      .values({ user_id: userId, until, muted_by: actorId })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ until, muted_by: actorId }))
      .execute();
    await audit(unit.tx, actorId, 'chat-mute-user', String(userId), { minutes, until: until.toISOString() });
    unit.afterCommit(() => ctx.realtime.notifyUser(userId, 'error', chatText.muted(minutes)));
    return chatText.muteDone(target.username, minutes);
  });
}

/** `.ban-user {userId}` (rank ≥ 5): the admin ban (sessions revoked, `user banned`), audited as from chat. */
export async function banFromChat(ctx: Ctx, actorId: number, userId: number): Promise<string> {
  const target = await inTransaction(ctx.db, (unit) => moderatedTarget(unit.tx, actorId, userId));
  await setBanned(ctx, actorId, userId, true, 'chat');
  return chatText.banDone(target.username);
}

/** An announcement: `notification` to everyone on /chat, on every node. */
export function announce(ctx: Ctx, text: string): void {
  chatNs(ctx).emit(CHAT_EVENTS.notification, text);
}

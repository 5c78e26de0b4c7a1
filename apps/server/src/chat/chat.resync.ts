import { CHAT_EVENTS } from '@coinsite/shared';
import type { Ctx } from '../platform/context.ts';
import { type ResyncScope, resyncOf } from '../platform/resync.ts';
import type { GameSocket } from '../platform/realtime.ts';
import { chatHooksOf, chatLines, chatStates } from './chat.service.ts';

/** Chat lines a node has resent lately: two notes covering one line (both nodes were away) send it once. */
const RESENT_KEPT = 1000;

/**
 * The chat's part of a resync for the original client (issue 26 item 10): the lines it missed, as
 * `new-chat-message` in order (it appends each and keeps the last 30), `remove-message` for lines
 * removed while this node was away, and the current rain, trivia and giveaway under their
 * `*-state-changed` names and `rain-update-amount` (each carries the whole state, so sending it again
 * is harmless). Missed lines: after this node's own outage, those posted since it began by the other
 * nodes (this node's own reached its clients); after another node's, the lines that node posted.
 */
export function chatResync(ctx: Ctx): void {
  const resync = resyncOf(ctx);
  const resent = new Set<number>();
  chatHooksOf(ctx).onMessage.push((_sender, message) => resync.notePosted(Number(message.msgId)));

  resync.provide('chat', async (sockets: GameSocket[], scope: ResyncScope) => {
    const [missedHere, missedThere, states, removed] = await Promise.all([
      scope.since === null ? [] : chatLines(ctx, { since: new Date(scope.since) }),
      chatLines(ctx, { ids: scope.lines }),
      chatStates(ctx),
      scope.since === null ? [] : removedSince(ctx, scope.since),
    ]);
    const own = new Set(scope.posted.map(String));
    const byId = new Map(
      [...missedHere.filter((m) => !own.has(m.msgId)), ...missedThere].map((m) => [m.msgId, m]),
    );
    const lines = [...byId.values()]
      .sort((x, y) => Number(x.msgId) - Number(y.msgId))
      .filter((m) => !resent.has(Number(m.msgId)));
    for (const m of lines) {
      resent.add(Number(m.msgId));
      if (resent.size > RESENT_KEPT) resent.delete(resent.values().next().value as number);
    }
    for (const s of sockets) {
      if (!s.connected) continue;
      for (const m of lines) s.emit(CHAT_EVENTS.newMessage, m);
      for (const id of removed) s.emit(CHAT_EVENTS.removeMessage, id);
      s.emit(CHAT_EVENTS.rainStateChanged, states.rain);
      s.emit(CHAT_EVENTS.rainUpdateAmount, states.rain.prize);
      s.emit(CHAT_EVENTS.triviaStateChanged, states.trivia);
      if (states.triviaCountdownStarted) s.emit(CHAT_EVENTS.countdownStartedTrivia, states.triviaTime, true);
      s.emit(CHAT_EVENTS.giveawayStateChanged, states.giveaway);
    }
  });
}

async function removedSince(ctx: Ctx, since: number): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('chat_messages')
    .select('id')
    .where('deleted_at', '>=', new Date(since))
    .orderBy('id')
    .limit(100)
    .execute();
  return rows.map((r) => String(r.id));
}

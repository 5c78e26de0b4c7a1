import { BATTLE_LINK_RE, CHAT_HISTORY_SIZE, type ChatMessage } from '@coinsite/shared/schemas/chat';

/** A piece of a chat message: plain text, or a `/battles/{hex id}` link shown as 'Case Battle'. */
export type MessagePart = { kind: 'text'; text: string } | { kind: 'battle'; battleId: string };

/** Splits a message into text and battle-link parts, in order; never interprets HTML. */
export function splitBattleLinks(content: string): MessagePart[] {
  const parts: MessagePart[] = [];
  let at = 0;
  // matchAll works on a copy of the regex: the shared /g regex's lastIndex is never touched
  for (const match of content.matchAll(BATTLE_LINK_RE)) {
    const start = match.index;
    const battleId = match[1];
    if (battleId === undefined) continue;
    if (start > at) parts.push({ kind: 'text', text: content.slice(at, start) });
    parts.push({ kind: 'battle', battleId });
    at = start + match[0].length;
  }
  if (at < content.length) parts.push({ kind: 'text', text: content.slice(at) });
  return parts;
}

/** Appends a message (once) and keeps only the newest CHAT_HISTORY_SIZE. */
export function appendMessage(list: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (list.some((m) => m.msgId === message.msgId)) return list;
  return [...list, message].slice(-CHAT_HISTORY_SIZE);
}

/** Whether message id `a` is newer than `b` (ids are increasing integers; longer is newer). */
function newerId(a: string, b: string): boolean {
  return a.length !== b.length ? a.length > b.length : a > b;
}

/**
 * A history snapshot replaces the list, but messages that arrived live while it was on its way
 * (newer than its newest) are kept after it, so a reload never loses a message.
 */
export function mergeSnapshot(snapshot: ChatMessage[], live: ChatMessage[]): ChatMessage[] {
  const newest = snapshot.at(-1)?.msgId;
  let list = snapshot.slice(-CHAT_HISTORY_SIZE);
  for (const m of live) if (newest === undefined || newerId(m.msgId, newest)) list = appendMessage(list, m);
  return list;
}

/** Drops the message with `msgId` (a `remove-message` event). */
export function removeMessage(list: ChatMessage[], msgId: string): ChatMessage[] {
  return list.some((m) => m.msgId === msgId) ? list.filter((m) => m.msgId !== msgId) : list;
}

/** "14:05" in the viewer's time zone, or '' for a bad date. */
export function messageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString('en-US', { hour: '2-digit', minute: '2-digit', hour12: false });
}

/** How close to the bottom (px) still counts as "at the bottom" for auto-scrolling. */
export const STICK_TO_BOTTOM_PX = 48;

/** Whether a scrolled list is (nearly) at its bottom. */
export function isNearBottom(el: { scrollTop: number; scrollHeight: number; clientHeight: number }): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_TO_BOTTOM_PX;
}

/** `/tip {userId} {amount}` as the chat command travels (spec-2 §7). */
export function tipCommand(userId: string, amount: string): string {
  return `/tip ${userId} ${amount.trim()}`;
}

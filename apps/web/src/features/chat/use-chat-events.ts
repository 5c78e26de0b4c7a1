import {
  CHAT_EVENTS,
  chatHistorySchema,
  chatMessageSchema,
  giveawayStateSchema,
  rainStateSchema,
  triviaStateSchema,
} from '@coinsite/shared/schemas/chat';
import { useEffect } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';
import { getSocket, onSocket, onSynced } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';
import { useChatStore } from './chat-store.ts';

/** A payload that fails its schema never reaches the store (it is logged, not shown). */
function parsed<T>(schema: z.ZodType<T>, raw: unknown, event: string): T | null {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  console.error(`chat: ignored a malformed ${event}`, result.error.issues);
  return null;
}

/** null, or `{active: false, …}`, means "none runs": the panel hides. */
const isInactive = (raw: unknown): boolean =>
  raw === null ||
  raw === undefined ||
  (typeof raw === 'object' && (raw as { active?: unknown }).active === false);

/** GET /api/chat/history into the store (a malformed answer counts as a failed load). */
function loadHistory(): void {
  void useChatStore
    .getState()
    .loadHistory(async () => parsed(chatHistorySchema, await http.get<unknown>('/chat/history'), 'history'));
}

/** Sends a chat line (messages and commands alike travel as text, spec-2 §7). */
export function sendChat(content: string): void {
  getSocket('chat').emit(CHAT_EVENTS.send, content);
}

/**
 * The /chat channel for the whole session: the history snapshot (again after each reconnect, so
 * nothing missed offline is lost) and every server event applied to the chat store.
 */
export function useChatEvents(): void {
  useEffect(() => {
    const chat = useChatStore.getState;
    loadHistory();
    const offs = [
      onSynced('chat', loadHistory),
      onSocket('chat', CHAT_EVENTS.newMessage, (raw) => {
        const message = parsed(chatMessageSchema, raw, CHAT_EVENTS.newMessage);
        if (message) chat().addMessage(message);
      }),
      onSocket('chat', CHAT_EVENTS.removeMessage, (msgId) => {
        if (typeof msgId === 'string' || typeof msgId === 'number') chat().dropMessage(String(msgId));
      }),
      onSocket('chat', CHAT_EVENTS.notification, (text) => {
        toast.info(typeof text === 'string' ? text : String(text ?? ''));
        playSound('notify');
      }),
      onSocket('chat', CHAT_EVENTS.rainStateChanged, (raw) => {
        const rain = parsed(rainStateSchema, raw, CHAT_EVENTS.rainStateChanged);
        if (rain) chat().setRain(rain);
      }),
      onSocket('chat', CHAT_EVENTS.rainUpdateAmount, (prize) => {
        if (typeof prize === 'number' && Number.isFinite(prize)) chat().setRainPrize(prize);
      }),
      onSocket('chat', CHAT_EVENTS.triviaStateChanged, (raw) => {
        if (isInactive(raw)) return chat().setTrivia(null);
        const trivia = parsed(triviaStateSchema, raw, CHAT_EVENTS.triviaStateChanged);
        if (trivia) chat().setTrivia(trivia);
      }),
      onSocket('chat', CHAT_EVENTS.countdownStartedTrivia, (ms, started) => {
        if (typeof ms === 'number') chat().setTriviaCountdown(ms, started !== false);
      }),
      onSocket('chat', CHAT_EVENTS.giveawayStateChanged, (raw) => {
        // a drawn giveaway (active: false) still carries its result: the panel shows it
        if (raw === null || raw === undefined) return chat().setGiveaway(null);
        const giveaway = parsed(giveawayStateSchema, raw, CHAT_EVENTS.giveawayStateChanged);
        if (giveaway) chat().setGiveaway(giveaway);
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);
}

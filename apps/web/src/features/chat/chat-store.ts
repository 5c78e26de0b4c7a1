import {
  type ChatHistory,
  type ChatMessage,
  EMPTY_RAIN,
  type GiveawayState,
  type RainState,
  type TriviaState,
} from '@coinsite/shared/schemas/chat';
import { create } from 'zustand';
import { liveChanges } from '../../lib/fresh-snapshot.ts';
import { appendMessage, mergeSnapshot, removeMessage } from './chat-format.ts';

/** What the history snapshot and the /chat events set. */
interface ChatData {
  /** oldest first, at most CHAT_HISTORY_SIZE */
  messages: ChatMessage[];
  rain: RainState;
  trivia: TriviaState | null;
  giveaway: GiveawayState | null;
  /** local epoch ms when the trivia countdown ends, or null when none runs */
  triviaEndsAt: number | null;
}

/** The live chat's data: a GET /api/chat/history snapshot, then the /chat events applied on top. */
interface ChatState extends ChatData {
  /** true until the first snapshot (or its failure) */
  loading: boolean;
  /** the last snapshot failed to load (the list says so rather than "No messages yet") */
  failed: boolean;
  /**
   * Asks for the history with `get` (null: it could not be read) and applies it, with the changes
   * the events made while it was on its way applied on top.
   */
  loadHistory: (get: () => Promise<ChatHistory | null>) => Promise<void>;
  addMessage: (message: ChatMessage) => void;
  dropMessage: (msgId: string) => void;
  setRain: (rain: RainState) => void;
  setRainPrize: (prize: number) => void;
  setTrivia: (trivia: TriviaState | null) => void;
  setTriviaCountdown: (ms: number, started: boolean) => void;
  setGiveaway: (giveaway: GiveawayState | null) => void;
}

/**
 * The events' changes made while the history is on its way (lib/fresh-snapshot.ts): applied to the
 * old state, the snapshot's answer undid them (a deleted message came back, a paid-out rain or a
 * drawn giveaway showed as running, the player's own rain entry went).
 */
const live = liveChanges<ChatData>();

export const useChatStore = create<ChatState>()((set) => {
  const change = (fn: (d: ChatData) => ChatData) => set((s) => live.change(fn)(s));
  return {
    loading: true,
    failed: false,
    messages: [],
    rain: EMPTY_RAIN,
    trivia: null,
    giveaway: null,
    triviaEndsAt: null,
    loadHistory: (get) =>
      live
        .fetch(async () => {
          const h = await get();
          if (!h) throw new Error('the chat history could not be read');
          return {
            messages: h.messages,
            rain: h.rain,
            trivia: h.trivia,
            giveaway: h.giveaway,
            triviaEndsAt: h.triviaCountdownStarted && h.triviaTime > 0 ? Date.now() + h.triviaTime : null,
          };
        })
        .then(
          (d) =>
            set((s) => ({
              ...d,
              loading: false,
              failed: false,
              messages: mergeSnapshot(d.messages, s.messages),
            })),
          (err: unknown) => {
            // spec-2 §8: a chat load failure is only logged
            console.error('chat: could not load the history', err);
            set({ loading: false, failed: true });
          },
        ),
    addMessage: (m) => change((d) => ({ ...d, messages: appendMessage(d.messages, m) })),
    dropMessage: (id) => change((d) => ({ ...d, messages: removeMessage(d.messages, id) })),
    setRain: (rain) => change((d) => ({ ...d, rain })),
    setRainPrize: (prize) => change((d) => ({ ...d, rain: { ...d.rain, prize } })),
    setTrivia: (trivia) => change((d) => ({ ...d, trivia })),
    setTriviaCountdown: (ms, started) => {
      const triviaEndsAt = started && ms > 0 ? Date.now() + ms : null;
      change((d) => ({ ...d, triviaEndsAt }));
    },
    setGiveaway: (giveaway) => change((d) => ({ ...d, giveaway })),
  };
});

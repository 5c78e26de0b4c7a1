import {
  type ChatHistory,
  type ChatMessage,
  EMPTY_RAIN,
  type GiveawayState,
  type RainState,
  type TriviaState,
} from '@coinsite/shared/schemas/chat';
import { create } from 'zustand';
import { appendMessage, mergeSnapshot, removeMessage } from './chat-format.ts';

/** The live chat's data: a GET /api/chat/history snapshot, then the /chat events applied on top. */
interface ChatState {
  /** true until the first snapshot (or its failure) */
  loading: boolean;
  /** the last snapshot failed to load (the list says so rather than "No messages yet") */
  failed: boolean;
  /** oldest first, at most CHAT_HISTORY_SIZE */
  messages: ChatMessage[];
  rain: RainState;
  trivia: TriviaState | null;
  giveaway: GiveawayState | null;
  /** local epoch ms when the trivia countdown ends, or null when none runs */
  triviaEndsAt: number | null;
  applySnapshot: (history: ChatHistory) => void;
  snapshotFailed: () => void;
  addMessage: (message: ChatMessage) => void;
  dropMessage: (msgId: string) => void;
  setRain: (rain: RainState) => void;
  setRainPrize: (prize: number) => void;
  setTrivia: (trivia: TriviaState | null) => void;
  setTriviaCountdown: (ms: number, started: boolean) => void;
  setGiveaway: (giveaway: GiveawayState | null) => void;
}

export const useChatStore = create<ChatState>()((set) => ({
  loading: true,
  failed: false,
  messages: [],
  rain: EMPTY_RAIN,
  trivia: null,
  giveaway: null,
  triviaEndsAt: null,
  applySnapshot: (h) =>
    set((s) => ({
      loading: false,
      failed: false,
      messages: mergeSnapshot(h.messages, s.messages),
      rain: h.rain,
      trivia: h.trivia,
      giveaway: h.giveaway,
      triviaEndsAt: h.triviaCountdownStarted && h.triviaTime > 0 ? Date.now() + h.triviaTime : null,
    })),
  snapshotFailed: () => set({ loading: false, failed: true }),
  addMessage: (m) => set((s) => ({ messages: appendMessage(s.messages, m) })),
  dropMessage: (id) => set((s) => ({ messages: removeMessage(s.messages, id) })),
  setRain: (rain) => set({ rain }),
  setRainPrize: (prize) => set((s) => ({ rain: { ...s.rain, prize } })),
  setTrivia: (trivia) => set({ trivia }),
  setTriviaCountdown: (ms, started) => set({ triviaEndsAt: started && ms > 0 ? Date.now() + ms : null }),
  setGiveaway: (giveaway) => set({ giveaway }),
}));

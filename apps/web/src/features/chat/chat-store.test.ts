import { type ChatHistory, type ChatMessage, EMPTY_RAIN } from '@coinsite/shared/schemas/chat';
import { beforeEach, describe, expect, it } from 'vitest';
import { useChatStore } from './chat-store.ts';

const message = (msgId: string): ChatMessage => ({
  msgId,
  content: `line ${msgId}`,
  created: '2026-11-27T12:00:00.000Z',
  user: {
    id: 'u1',
    username: 'ann',
    avatar: '',
    rank: 0,
    level: { name: '1', levelName: 'Bronze', levelColor: '#cd7f32' },
  },
});
const history = (ids: string[], rain = EMPTY_RAIN): ChatHistory => ({
  messages: ids.map(message),
  rain,
  trivia: null,
  giveaway: null,
  triviaTime: 0,
  triviaCountdownStarted: false,
});
/** A history answer the test releases after the events it wants to come first. */
function answerLater() {
  let answer: (h: ChatHistory | null) => void = () => {};
  const got = new Promise<ChatHistory | null>((resolve) => {
    answer = resolve;
  });
  return { get: () => got, answer };
}
const ids = () => useChatStore.getState().messages.map((m) => m.msgId);

describe('the chat store under a history load', () => {
  beforeEach(() => {
    useChatStore.setState({ loading: true, failed: false, messages: [], rain: EMPTY_RAIN, trivia: null });
  });

  it('a message deleted while the history was on its way stays deleted', async () => {
    const { get, answer } = answerLater();
    const loading = useChatStore.getState().loadHistory(get);
    useChatStore.getState().dropMessage('2'); // asked before the delete, answered after it
    answer(history(['1', '2']));
    await loading;
    expect(ids()).toEqual(['1']);
  });

  it('messages that came while it was on its way stay once, after it', async () => {
    const { get, answer } = answerLater();
    const loading = useChatStore.getState().loadHistory(get);
    useChatStore.getState().addMessage(message('3'));
    useChatStore.getState().addMessage(message('2')); // already in the snapshot
    answer(history(['1', '2']));
    await loading;
    expect(ids()).toEqual(['1', '2', '3']);
  });

  it('a rain that ended while it was on its way does not come back', async () => {
    const { get, answer } = answerLater();
    const loading = useChatStore.getState().loadHistory(get);
    useChatStore.getState().setRain(EMPTY_RAIN);
    answer(history([], { ...EMPTY_RAIN, active: true, joinable: true, prize: 500 }));
    await loading;
    expect(useChatStore.getState().rain.active).toBe(false);
  });

  it('an unreadable history is a failed load that keeps the list', async () => {
    useChatStore.getState().addMessage(message('7'));
    await useChatStore.getState().loadHistory(async () => null);
    expect(useChatStore.getState().failed).toBe(true);
    expect(ids()).toEqual(['7']);
  });
});

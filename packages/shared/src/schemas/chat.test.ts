import { describe, expect, it } from 'vitest';
import { CHAT_TEXT, parseChatCommand, sendChatMessagePayload } from './chat.ts';

describe('parseChatCommand', () => {
  it('reads the commands of spec-2 §7', () => {
    expect(parseChatCommand('/tip 12 5.50')).toEqual({ kind: 'tip', userId: '12', cents: 550 });
    expect(parseChatCommand('/tip-rain 3')).toEqual({ kind: 'tip-rain', cents: 300 });
    expect(parseChatCommand('.remove-message 7')).toEqual({ kind: 'remove-message', msgId: '7' });
    expect(parseChatCommand('.mute-user 9')).toEqual({ kind: 'mute-user', userId: '9', minutes: 10 });
    expect(parseChatCommand('.mute-user 9 60')).toEqual({ kind: 'mute-user', userId: '9', minutes: 60 });
    expect(parseChatCommand('.ban-user 9')).toEqual({ kind: 'ban-user', userId: '9' });
  });
  it('leaves links, dots and unknown words as messages', () => {
    for (const s of ['/battles/ab12', '...', 'hello', '/tipme', '.hello there', '/ tip 1 2'])
      expect(parseChatCommand(s)).toEqual({ kind: 'message' });
  });
  it('answers a usage text for a malformed command', () => {
    expect(parseChatCommand('/tip abc 1')).toMatchObject({ kind: 'invalid', error: CHAT_TEXT.tipUsage });
    expect(parseChatCommand('/tip 1 1.234')).toMatchObject({ kind: 'invalid', error: CHAT_TEXT.tipUsage });
    expect(parseChatCommand('/tip 1 -5')).toMatchObject({ kind: 'invalid' });
    expect(parseChatCommand('.mute-user 1 0')).toMatchObject({ kind: 'invalid', moderator: true });
    expect(parseChatCommand('.ban-user')).toMatchObject({ kind: 'invalid', error: CHAT_TEXT.banUsage });
  });
});

describe('sendChatMessagePayload', () => {
  it('trims and bounds the content', () => {
    expect(sendChatMessagePayload.parse(['  hi  '])).toEqual(['hi']);
    expect(sendChatMessagePayload.safeParse(['x'.repeat(201)]).success).toBe(false);
    expect(sendChatMessagePayload.safeParse(['   ']).success).toBe(false);
    expect(sendChatMessagePayload.safeParse(['a\u0000b']).success).toBe(false);
    expect(sendChatMessagePayload.safeParse([{ toString: 'x' }]).success).toBe(false);
  });
});

describe('well-formed text', () => {
  it('refuses a lone surrogate and keeps emoji', () => {
    expect(sendChatMessagePayload.safeParse(['a\ud800b']).success).toBe(false);
    expect(sendChatMessagePayload.safeParse(['\udc00']).success).toBe(false);
    expect(sendChatMessagePayload.parse(['gg 😀'])).toEqual(['gg 😀']);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CHAT_TEXT,
  canModerate,
  chatText,
  isModeratorCommand,
  MUTE_MAX_MINUTES,
  parseChatCommand,
  tipAmountLabel,
  rankColor,
  sendChatMessagePayload,
} from './chat.ts';

describe('parseChatCommand', () => {
  it('reads the commands of spec-2 §7', () => {
    expect(parseChatCommand('/tip 12 5.50')).toEqual({ kind: 'tip', userId: '12', cents: 550 });
    expect(parseChatCommand('/tip-rain 3')).toEqual({ kind: 'tip-rain', cents: 300 });
    expect(parseChatCommand('.remove-message 7')).toEqual({ kind: 'remove-message', msgId: '7' });
    expect(parseChatCommand('.mute-user 9')).toEqual({ kind: 'mute-user', userId: '9', minutes: 10 });
    expect(parseChatCommand('.mute-user 9 60')).toEqual({ kind: 'mute-user', userId: '9', minutes: 60 });
    expect(parseChatCommand('.ban-user 9')).toEqual({ kind: 'ban-user', userId: '9' });
  });
  it('leaves links, dots and words as messages', () => {
    for (const s of ['/battles/ab12', '...', 'hello', '.hello there', '/ tip 1 2', '/', '/3 ok', '.lol'])
      expect(parseChatCommand(s)).toEqual({ kind: 'message' });
  });
  it('answers an unknown /command with the server text, never posting it (issue 28 item 3)', () => {
    for (const s of ['/foo', '/tipme', '/Tip 1 2', '/shrug hello there', '/rain_now'])
      expect(parseChatCommand(s), s).toEqual({
        kind: 'invalid',
        error: CHAT_TEXT.unknownCommand,
        moderator: false,
      });
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

describe('chat command rules (spec-2 §7)', () => {
  const invalid = (error: string, moderator: boolean) => ({ kind: 'invalid', error, moderator });

  it('a command is only a command at the start of the line, with its whole name', () => {
    for (const s of ['hello /tip 12 5', 'gg .ban-user 9', '.ban-user9'])
      expect(parseChatCommand(s), s).toEqual({ kind: 'message' });
    for (const s of ['/tip5 1', '/tip-rain5'])
      expect(parseChatCommand(s), s).toEqual(invalid(CHAT_TEXT.unknownCommand, false));
  });

  it('arguments may be separated by any run of spaces', () => {
    expect(parseChatCommand('/tip 12   5.50')).toEqual({ kind: 'tip', userId: '12', cents: 550 });
    expect(parseChatCommand('.mute-user\t9 \t 60')).toEqual({ kind: 'mute-user', userId: '9', minutes: 60 });
  });

  it('/tip takes exactly a user id and an amount; a wrong one is a player usage error', () => {
    for (const s of ['/tip', '/tip 12', '/tip 12 5 5', '/tip x1 5', '/tip 12 five'])
      expect(parseChatCommand(s), s).toEqual(invalid(CHAT_TEXT.tipUsage, false));
  });

  it('/tip-rain takes exactly one amount', () => {
    for (const s of ['/tip-rain', '/tip-rain 5 5', '/tip-rain abc', '/tip-rain 1.001'])
      expect(parseChatCommand(s), s).toEqual(invalid(CHAT_TEXT.tipRainUsage, false));
  });

  it('.remove-message and .ban-user take exactly one id; a wrong one is a moderator usage error', () => {
    for (const s of ['.remove-message', '.remove-message 7 8', '.remove-message abc'])
      expect(parseChatCommand(s), s).toEqual(invalid(CHAT_TEXT.removeUsage, true));
    for (const s of ['.ban-user', '.ban-user 9 10', '.ban-user x'])
      expect(parseChatCommand(s), s).toEqual(invalid(CHAT_TEXT.banUsage, true));
  });

  it('.mute-user takes an id and 1 minute to 30 days (10 by default)', () => {
    expect(parseChatCommand('.mute-user 9 1')).toEqual({ kind: 'mute-user', userId: '9', minutes: 1 });
    expect(parseChatCommand(`.mute-user 9 ${MUTE_MAX_MINUTES}`)).toEqual({
      kind: 'mute-user',
      userId: '9',
      minutes: 30 * 24 * 60,
    });
    for (const s of [
      '.mute-user',
      '.mute-user 9 60 x',
      '.mute-user abc',
      '.mute-user abc 5',
      '.mute-user 9 0',
      `.mute-user 9 ${MUTE_MAX_MINUTES + 1}`,
      '.mute-user 9 ten',
    ])
      expect(parseChatCommand(s), s).toEqual(invalid(CHAT_TEXT.muteUsage, true));
  });

  it('moderator commands are remove, mute, ban and their malformed forms; tips are not', () => {
    const mod = (s: string) => isModeratorCommand(parseChatCommand(s));
    expect(
      ['.remove-message 7', '.mute-user 9', '.ban-user 9', '.ban-user', '.mute-user 9 0'].map(mod),
    ).toEqual([true, true, true, true, true]);
    expect(['hello', '/tip 12 5', '/tip-rain 5', '/tip', '/tip-rain'].map(mod)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('moderators are rank 5 and above', () => {
    expect([0, 3, 4, 5, 6].map(canModerate)).toEqual([false, false, false, true, true]);
  });

  it('names are coloured by rank: 5+ red, 4 blue, 3 amber, others white', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(rankColor)).toEqual([
      '#FFFFFF',
      '#FFFFFF',
      '#FFFFFF',
      '#F59E0B',
      '#3B82F6',
      '#EF4444',
      '#EF4444',
    ]);
  });
});

describe('chat texts', () => {
  it('slow mode rounds the wait up to a tenth of a second; a mute counts its minutes', () => {
    expect(chatText.slowMode(1500)).toBe('Slow mode is on: please wait 1.5 seconds.');
    expect(chatText.slowMode(1201)).toBe('Slow mode is on: please wait 1.3 seconds.');
    expect(chatText.muted(1)).toBe('You are muted for 1 more minute.');
    expect(chatText.muted(2)).toBe('You are muted for 2 more minutes.');
  });

  it('amounts are shown in coins', () => {
    expect(chatText.tipRange(100, 10_000)).toBe('Tips must be between 1.00 and 100.00.');
    expect(chatText.tipSent('ann', 550)).toBe('You tipped ann 5.50 coins!');
    expect(chatText.tipReceived('bob', 550)).toBe('bob tipped you 5.50 coins!');
    expect(chatText.levelRequired(2)).toBe('You need to reach level 2 to chat.');
    expect(chatText.tipLevelRequired(15)).toBe('You need to reach level 15 to tip.');
    expect(chatText.tipRainLevelRequired(10)).toBe('You need to reach level 10 to tip the rain.');
    expect(chatText.muteDone('bob', 10)).toBe('bob is muted for 10 minutes.');
    expect(chatText.muteDone('bob', 1)).toBe('bob is muted for 1 minute.');
  });

  it('the tip dialogs label the amount in coins with its dollar value beside (issue 28 item 4)', () => {
    expect(tipAmountLabel({ min: 1, max: 100 })).toBe('Amount: 1.00 – 100.00 coins ($0.50 – $50.00)');
    expect(tipAmountLabel({ min: 0.05, max: 2500 })).toBe(
      'Amount: 0.05 – 2,500.00 coins ($0.02 – $1,250.00)',
    );
    expect(tipAmountLabel(null)).toBe('Amount (coins)');
    expect(chatText.banDone('bob')).toBe('bob has been banned.');
  });
});

import { CHAT_HISTORY_SIZE, type ChatMessage, rankColor } from '@coinsite/shared/schemas/chat';
import { describe, expect, it } from 'vitest';
import {
  appendMessage,
  isNearBottom,
  mergeSnapshot,
  removeMessage,
  splitBattleLinks,
  tipCommand,
} from './chat-format.ts';

const msg = (id: number): ChatMessage => ({
  msgId: String(id),
  content: `message ${id}`,
  created: new Date(2026, 0, 1, 12, id % 60).toISOString(),
  user: {
    id: '7',
    username: 'alice',
    avatar: '',
    rank: 0,
    level: { name: '2', levelName: 'Bronze', levelColor: '#CD7F32' },
  },
});

describe('splitBattleLinks', () => {
  it.each([
    ['hello', [{ kind: 'text', text: 'hello' }]],
    ['', []],
    ['/battles/ab12', [{ kind: 'battle', battleId: 'ab12' }]],
    [
      'join /battles/00ff please',
      [
        { kind: 'text', text: 'join ' },
        { kind: 'battle', battleId: '00ff' },
        { kind: 'text', text: ' please' },
      ],
    ],
    [
      '/battles/1 and /battles/2',
      [
        { kind: 'battle', battleId: '1' },
        { kind: 'text', text: ' and ' },
        { kind: 'battle', battleId: '2' },
      ],
    ],
    // not hexadecimal: stays text
    ['/battles/xyz', [{ kind: 'text', text: '/battles/xyz' }]],
    // HTML is only text
    ['<img src=x onerror=alert(1)>', [{ kind: 'text', text: '<img src=x onerror=alert(1)>' }]],
  ])('%j', (content, parts) => {
    expect(splitBattleLinks(content)).toEqual(parts);
  });

  it('gives the same answer twice (the shared /g regex keeps no state)', () => {
    expect(splitBattleLinks('a /battles/ff')).toEqual(splitBattleLinks('a /battles/ff'));
  });
});

describe('chat list', () => {
  it('keeps the newest 30, oldest first, each message once', () => {
    let list: ChatMessage[] = [];
    for (let i = 1; i <= 40; i++) list = appendMessage(list, msg(i));
    list = appendMessage(list, msg(40));
    expect(list).toHaveLength(CHAT_HISTORY_SIZE);
    expect(list[0]?.msgId).toBe('11');
    expect(list.at(-1)?.msgId).toBe('40');
  });

  it('keeps live messages newer than a snapshot, drops older ones the snapshot left out', () => {
    const ids = (l: ChatMessage[]) => l.map((m) => m.msgId);
    expect(ids(mergeSnapshot([msg(8), msg(9)], [msg(7), msg(9), msg(10)]))).toEqual(['8', '9', '10']);
    expect(ids(mergeSnapshot([], [msg(1)]))).toEqual(['1']);
    expect(ids(mergeSnapshot([msg(99)], [msg(100)]))).toEqual(['99', '100']);
  });

  it('removes one message by id and leaves the list alone for an unknown id', () => {
    const list = [msg(1), msg(2), msg(3)];
    expect(removeMessage(list, '2').map((m) => m.msgId)).toEqual(['1', '3']);
    expect(removeMessage(list, '9')).toBe(list);
  });

  it('counts a list within 48 px of its end as at the bottom', () => {
    expect(isNearBottom({ scrollTop: 452, scrollHeight: 1000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 300, scrollHeight: 1000, clientHeight: 500 })).toBe(false);
  });
});

describe('rank colours and the tip command', () => {
  it.each([
    [0, '#FFFFFF'],
    [3, '#F59E0B'],
    [4, '#3B82F6'],
    [5, '#EF4444'],
    [6, '#EF4444'],
  ])('rank %i is %s', (rank, colour) => {
    expect(rankColor(rank)).toBe(colour);
  });

  it('sends the amount as typed', () => {
    expect(tipCommand('42', ' 12.5 ')).toBe('/tip 42 12.5');
  });
});

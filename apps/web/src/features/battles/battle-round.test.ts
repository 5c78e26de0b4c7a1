import { describe, expect, it } from 'vitest';
import { battleListRound, battleRound } from './battle-round.ts';

describe('battleRound (issue 14 item 6: one count everywhere)', () => {
  it('labels the highlighted case with its own 1-based number', () => {
    expect(battleRound(0, 5)).toEqual({ index: 0, label: 'Round 1 of 5' });
    // two rounds revealed: the strip highlights case 3 and the label says round 3
    expect(battleRound(2, 5)).toEqual({ index: 2, label: 'Round 3 of 5' });
    expect(battleRound(5, 5)).toEqual({ index: 4, label: 'Round 5 of 5' });
    expect(battleRound(-1, 1)).toEqual({ index: 0, label: 'Round 1 of 1' });
  });
});

describe('battleListRound (issue 28 item 9: the list keeps pace with the open battle page)', () => {
  it('reads the round being spun, as the battle page does', () => {
    // waiting for players: round 1
    expect(battleListRound(0, 3, false).label).toBe('Round 1 of 3');
    // running, no result yet (countdown): round 1
    expect(battleListRound(0, 3, true).label).toBe('Round 1 of 3');
    // the first result arrived: the page spins round 1, the row says round 1 (it said 2)
    expect(battleListRound(1, 3, true)).toEqual({ index: 0, label: 'Round 1 of 3' });
    expect(battleListRound(3, 3, true)).toEqual({ index: 2, label: 'Round 3 of 3' });
  });
});

import { describe, expect, it } from 'vitest';
import { battleRound } from './battle-round.ts';

describe('battleRound (issue 14 item 6: one count everywhere)', () => {
  it('labels the highlighted case with its own 1-based number', () => {
    expect(battleRound(0, 5)).toEqual({ index: 0, label: 'Round 1 of 5' });
    // two rounds revealed: the strip highlights case 3 and the label says round 3
    expect(battleRound(2, 5)).toEqual({ index: 2, label: 'Round 3 of 5' });
    expect(battleRound(5, 5)).toEqual({ index: 4, label: 'Round 5 of 5' });
    expect(battleRound(-1, 1)).toEqual({ index: 0, label: 'Round 1 of 1' });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterReveal, holdReveal, isRevealHeld, MAX_HOLD_MS } from './reveal-hold.ts';

describe('reveal hold', () => {
  afterEach(() => vi.useRealTimers());

  it('runs at once without a hold, and after the last release of its game with one', () => {
    const ran: string[] = [];
    afterReveal('roulette', () => ran.push('free'));
    expect(ran).toEqual(['free']);
    const a = holdReveal('roulette');
    const b = holdReveal('roulette');
    afterReveal('roulette', () => ran.push('feed'));
    afterReveal(null, () => ran.push('wallet'));
    afterReveal('cases', () => ran.push('other game'));
    expect(ran).toEqual(['free', 'other game']);
    a();
    expect(ran).toEqual(['free', 'other game']);
    b();
    b(); // a second release does nothing
    expect(ran).toEqual(['free', 'other game', 'feed', 'wallet']);
    expect(isRevealHeld()).toBe(false);
  });

  it('a hold whose animation never reports its end lets go after MAX_HOLD_MS', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    holdReveal('coinflip');
    afterReveal(null, () => ran.push('wallet'));
    vi.advanceTimersByTime(MAX_HOLD_MS - 1);
    expect(ran).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ran).toEqual(['wallet']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Action,
  afterRules,
  fibonacci,
  PRESETS,
  type Rule,
  type RuleState,
  rulesSchema,
  startRules,
  strategySaveBody,
  type Trigger,
} from './autobet.ts';

const WIN = { stake: 100, payout: 200 };
const LOSS = { stake: 100, payout: 0 };
const bet = (won: boolean, stake = 100) => ({ stake, payout: won ? stake * 2 : 0 });

/** Plays `results` (true = win, at the session's current stake) and returns the states after each. */
function play(rules: Rule[], results: boolean[], base = 100, fixedStake = false) {
  let s = startRules(base);
  const states: RuleState[] = [];
  const stops: boolean[] = [];
  for (const won of results) {
    const r = afterRules(rules, s, bet(won, fixedStake ? base : s.amount));
    s = r.state;
    states.push(s);
    stops.push(r.stop);
    if (r.stop) break;
  }
  return { s, states, stops };
}

/** Which bets (1-based) a trigger fires on, with an action that leaves a mark (set the stake to 1). */
function firesOn(when: Trigger, results: boolean[]): number[] {
  const rules: Rule[] = [
    { when, act: { do: 'set', amount: 1 } },
    { when: { on: 'every', event: 'bet' }, act: { do: 'reset' } },
  ];
  // reset first, then mark: the mark shows on the bet the trigger fired on
  const ordered: Rule[] = [rules[1] as Rule, rules[0] as Rule];
  return play(ordered, results, 100, true)
    .states.map((st, i) => (st.amount === 1 ? i + 1 : 0))
    .filter((n) => n > 0);
}

const W = true;
const L = false;

describe('triggers', () => {
  const seq = [W, L, L, W, W, W, L, W, W, W, W, L];
  it('every win / loss / bet', () => {
    expect(firesOn({ on: 'every', event: 'win' }, seq)).toEqual([1, 4, 5, 6, 8, 9, 10, 11]);
    expect(firesOn({ on: 'every', event: 'loss' }, seq)).toEqual([2, 3, 7, 12]);
    expect(firesOn({ on: 'every', event: 'bet' }, seq)).toEqual(seq.map((_, i) => i + 1));
  });
  it('every Nth win / loss / bet of the session', () => {
    expect(firesOn({ on: 'everyNth', n: 3, event: 'win' }, seq)).toEqual([5, 9]);
    expect(firesOn({ on: 'everyNth', n: 2, event: 'loss' }, seq)).toEqual([3, 12]);
    expect(firesOn({ on: 'everyNth', n: 5, event: 'bet' }, seq)).toEqual([5, 10]);
  });
  it('first: once, when the first run of N is reached', () => {
    expect(firesOn({ on: 'first', n: 1, event: 'loss' }, seq)).toEqual([2]);
    expect(firesOn({ on: 'first', n: 3, event: 'win' }, seq)).toEqual([6]);
    expect(firesOn({ on: 'first', n: 2, event: 'loss' }, seq)).toEqual([3]);
    expect(firesOn({ on: 'first', n: 5, event: 'win' }, seq)).toEqual([]);
    expect(firesOn({ on: 'first', n: 4, event: 'bet' }, seq)).toEqual([4]);
  });
  it('streak of N: at N, 2N … in a row, counting again after the other result', () => {
    expect(firesOn({ on: 'streak', n: 2, event: 'win' }, seq)).toEqual([5, 9, 11]);
    expect(firesOn({ on: 'streak', n: 3, event: 'win' }, seq)).toEqual([6, 10]);
    expect(firesOn({ on: 'streak', n: 2, event: 'loss' }, seq)).toEqual([3]);
  });
  it('profit / loss above / below X (the session after the bet)', () => {
    // profits at the base stake of 100 (the mark resets to 100 each bet): +100, 0, -100, 0, +100 …
    const s2 = [W, L, L, W, W];
    expect(firesOn({ on: 'profit', cmp: 'above', amount: 50 }, s2)).toEqual([1, 5]);
    expect(firesOn({ on: 'profit', cmp: 'below', amount: 0 }, s2)).toEqual([3]);
    expect(firesOn({ on: 'loss', cmp: 'above', amount: 99 }, s2)).toEqual([3]);
    expect(firesOn({ on: 'loss', cmp: 'below', amount: 0 }, s2)).toEqual([1, 5]);
  });
});

describe('actions', () => {
  const after = (act: Action, start: Partial<RuleState> = {}) =>
    afterRules([{ when: { on: 'every', event: 'bet' }, act }], { ...startRules(100), ...start }, LOSS);
  it('increase / decrease by %, add, set, reset: integer cents, never below 1', () => {
    expect(after({ do: 'increase', percent: 50 }).state.amount).toBe(150);
    expect(after({ do: 'increase', percent: 0.5 }, { amount: 1000 }).state.amount).toBe(1005);
    expect(after({ do: 'decrease', percent: 25 }).state.amount).toBe(75);
    expect(after({ do: 'decrease', percent: 100 }).state.amount).toBe(1);
    expect(after({ do: 'add', amount: 30 }).state.amount).toBe(130);
    expect(after({ do: 'add', amount: -500 }).state.amount).toBe(1);
    expect(after({ do: 'set', amount: 777 }).state.amount).toBe(777);
    expect(after({ do: 'reset' }, { amount: 900, fib: 4 }).state).toMatchObject({ amount: 100, fib: 0 });
  });
  it('fibonacci steps along 1, 1, 2, 3, 5, 8 × base and back two on a win', () => {
    expect([0, 1, 2, 3, 4, 5].map(fibonacci)).toEqual([1, 1, 2, 3, 5, 8]);
    const { states } = play(PRESETS.fibonacci(), [L, L, L, L, W, W, W]);
    expect(states.map((s) => s.amount)).toEqual([100, 200, 300, 500, 200, 100, 100]);
  });
  it('switch over/under, win chance, multiplier (the latest of chance and multiplier counts)', () => {
    expect(after({ do: 'switch' }).state.params.over).toBe(true);
    expect(
      afterRules(
        [{ when: { on: 'every', event: 'bet' }, act: { do: 'switch' } }],
        startRules(100, { over: true }),
        LOSS,
      ).state.params.over,
    ).toBe(false);
    const chance = after({ do: 'chance', value: 25 }).state;
    expect(chance.params).toMatchObject({ chance: 25, multiplier: null });
    const mult = afterRules(
      [{ when: { on: 'every', event: 'bet' }, act: { do: 'multiplier', value: 3 } }],
      chance,
      WIN,
    ).state;
    expect(mult.params).toMatchObject({ chance: null, multiplier: 3 });
  });
  it('stop: ends the session and the rules after it do not run', () => {
    const rules: Rule[] = [
      { when: { on: 'every', event: 'loss' }, act: { do: 'increase', percent: 100 } },
      { when: { on: 'streak', n: 2, event: 'loss' }, act: { do: 'stop' } },
      { when: { on: 'every', event: 'loss' }, act: { do: 'set', amount: 5 } },
    ];
    const { states, stops } = play(rules, [L, L, L]);
    expect(stops).toEqual([false, true]);
    // bet 1: ×2 then set 5; bet 2: ×2 (10) then stop before the set
    expect(states.map((s) => s.amount)).toEqual([5, 10]);
  });
});

describe('ordering', () => {
  it('rules run in order, each on what the previous left', () => {
    const incThenReset: Rule[] = [
      { when: { on: 'every', event: 'win' }, act: { do: 'increase', percent: 100 } },
      { when: { on: 'streak', n: 3, event: 'win' }, act: { do: 'reset' } },
    ];
    expect(play(incThenReset, [W, W, W]).states.map((s) => s.amount)).toEqual([200, 400, 100]);
    const resetThenInc = [incThenReset[1] as Rule, incThenReset[0] as Rule];
    expect(play(resetThenInc, [W, W, W]).states.map((s) => s.amount)).toEqual([200, 400, 200]);
  });
});

describe('presets', () => {
  it('martingale doubles on a loss and resets on a win', () => {
    expect(play(PRESETS.martingale(), [L, L, L, W, L]).states.map((s) => s.amount)).toEqual([
      200, 400, 800, 100, 200,
    ]);
  });
  it('paroli doubles on a win, resets after three wins or a loss', () => {
    expect(play(PRESETS.paroli(), [W, W, W, W, L]).states.map((s) => s.amount)).toEqual([
      200, 400, 100, 200, 100,
    ]);
  });
  it("d'Alembert adds a unit on a loss and takes one off on a win (never below a cent)", () => {
    expect(play(PRESETS.dalembert(100), [L, L, W, W, W]).states.map((s) => s.amount)).toEqual([
      200, 300, 200, 100, 1,
    ]);
  });
  it('every preset passes the saved-strategy schema', () => {
    for (const rules of [PRESETS.martingale(), PRESETS.paroli(), PRESETS.dalembert(100), PRESETS.fibonacci()])
      expect(rulesSchema.safeParse(rules).success).toBe(true);
  });
});

describe('properties', () => {
  const trigger = fc.oneof(
    fc.record({ on: fc.constant('every' as const), event: fc.constantFrom('win', 'loss', 'bet' as const) }),
    fc.record({
      on: fc.constantFrom('everyNth', 'first', 'streak' as const),
      n: fc.integer({ min: 1, max: 5 }),
      event: fc.constantFrom('win', 'loss', 'bet' as const),
    }),
    fc.record({
      on: fc.constantFrom('profit', 'loss' as const),
      cmp: fc.constantFrom('above', 'below' as const),
      amount: fc.integer({ min: 0, max: 2000 }),
    }),
  ) as fc.Arbitrary<Trigger>;
  const action = fc.oneof(
    fc.record({ do: fc.constantFrom('increase' as const), percent: fc.integer({ min: 0, max: 300 }) }),
    fc.record({ do: fc.constantFrom('decrease' as const), percent: fc.integer({ min: 0, max: 100 }) }),
    fc.record({ do: fc.constant('add' as const), amount: fc.integer({ min: -500, max: 500 }) }),
    fc.record({ do: fc.constantFrom('reset', 'switch', 'stop' as const) }),
    fc.record({ do: fc.constant('fibonacci' as const), steps: fc.integer({ min: -2, max: 2 }) }),
  ) as fc.Arbitrary<Action>;
  const rules = fc.array(fc.record({ when: trigger, act: action }), { minLength: 1, maxLength: 6 });

  it('the stake stays a whole number of cents ≥ 1; counters add up; a stop is a stop rule that fired', () => {
    fc.assert(
      fc.property(rules, fc.array(fc.boolean(), { maxLength: 40 }), (rs, results) => {
        const { s, stops } = play(rs, results);
        expect(Number.isSafeInteger(s.amount) && s.amount >= 1).toBe(true);
        expect(s.wins + s.losses).toBe(s.bets);
        if (stops.at(-1)) expect(rs.some((r) => r.act.do === 'stop')).toBe(true);
        // the session stopped at its first stop: no bet was counted after it
        expect(s.bets).toBe(stops.length);
        expect(rulesSchema.safeParse(rs).success).toBe(true);
      }),
    );
  });
  it('"first" rules fire at most once per session', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.array(fc.boolean(), { maxLength: 40 }), (n, results) => {
        const fired = firesOn({ on: 'first', n, event: 'win' }, results);
        expect(fired.length).toBeLessThanOrEqual(1);
      }),
    );
  });
});

describe('the saved-strategy body', () => {
  it('refuses unknown rules, out-of-range values, too many rules, an empty name', () => {
    const ok = { game: 'dice', name: 'Mine', rules: PRESETS.martingale() };
    expect(strategySaveBody.safeParse(ok).success).toBe(true);
    for (const bad of [
      { ...ok, name: ' ' },
      { ...ok, game: 'poker' },
      { ...ok, rules: [] },
      { ...ok, rules: Array(21).fill(PRESETS.martingale()[0]) },
      { ...ok, rules: [{ when: { on: 'every', event: 'draw' }, act: { do: 'reset' } }] },
      { ...ok, rules: [{ when: { on: 'every', event: 'win' }, act: { do: 'decrease', percent: 101 } }] },
      { ...ok, rules: [{ when: { on: 'streak', n: 0, event: 'win' }, act: { do: 'reset' } }] },
      { ...ok, rules: [{ when: { on: 'every', event: 'win' }, act: { do: 'chance', value: 99.5 } }] },
      { ...ok, rules: [{ when: { on: 'every', event: 'win' }, act: { do: 'explode' } }] },
    ])
      expect(strategySaveBody.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});

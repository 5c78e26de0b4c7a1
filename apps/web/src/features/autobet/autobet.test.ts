import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AutobetConfig,
  afterBet,
  autobetConfigError,
  DEFAULT_AUTOBET,
  startAutobet,
} from './autobet.ts';

const cfg = (patch: Partial<AutobetConfig>): AutobetConfig => ({ ...DEFAULT_AUTOBET, ...patch });
const win = (stake: number, mult = 2) => ({ stake, payout: stake * mult });
const loss = (stake: number) => ({ stake, payout: 0 });

/** Runs bets until the controller stops (or `max`), returning the stakes placed and the reason. */
function run(config: AutobetConfig, base: number, outcomes: Array<'w' | 'l'>) {
  let state = startAutobet(base);
  const stakes: number[] = [];
  for (const o of outcomes) {
    stakes.push(state.amount);
    const r = afterBet(config, state, o === 'w' ? win(state.amount) : loss(state.amount));
    state = r.state;
    if (r.stop) return { stakes, state, stop: r.stop };
  }
  return { stakes, state, stop: null };
}

describe('autobet controller', () => {
  it('stops after the number of bets; 0 runs until another rule stops it', () => {
    expect(run(cfg({ bets: 3 }), 100, ['w', 'l', 'w', 'w', 'w'])).toMatchObject({
      stakes: [100, 100, 100],
      stop: 'count',
    });
    expect(run(cfg({ bets: 0 }), 100, Array(500).fill('l')).stop).toBeNull();
  });

  it('on loss increase by 100% doubles (martingale) and a win resets to the base', () => {
    const c = cfg({ onLoss: { reset: false, percent: 100 } });
    expect(run(c, 100, ['l', 'l', 'l', 'w', 'l']).stakes).toEqual([100, 200, 400, 800, 100]);
  });

  it('on win increase by 50% compounds, a loss resets', () => {
    const c = cfg({ onWin: { reset: false, percent: 50 } });
    expect(run(c, 100, ['w', 'w', 'w', 'l', 'w']).stakes).toEqual([100, 150, 225, 338, 100]);
  });

  it('stops on profit as soon as the session profit reaches the target', () => {
    const r = run(cfg({ stopOnProfit: 250 }), 100, ['w', 'l', 'w', 'w', 'w', 'w']);
    expect(r.stop).toBe('profit');
    // +100 −100 +100 +100 = 200, then +100 = 300 ≥ 250
    expect(r.state.played).toBe(5);
    expect(r.state.profit).toBe(300);
  });

  it('stops on loss when the session loss reaches the limit', () => {
    const r = run(cfg({ stopOnLoss: 300 }), 100, ['l', 'w', 'l', 'l', 'l', 'l']);
    expect(r).toMatchObject({ stop: 'loss' });
    expect(r.state.profit).toBe(-300);
    expect(r.state.played).toBe(5);
  });

  it('stops on a single win above the amount, not on one equal to it', () => {
    const c = cfg({ stopOnWinAbove: 100 });
    let state = startAutobet(100);
    let r = afterBet(c, state, win(100)); // net 100: not above
    expect(r.stop).toBeNull();
    state = r.state;
    r = afterBet(c, state, { stake: 100, payout: 201 });
    expect(r.stop).toBe('bigWin');
  });

  it('a bet paying back less than its stake (a cheap case item) is a loss', () => {
    const r = afterBet(cfg({}), startAutobet(100), { stake: 100, payout: 40 });
    expect(r.state).toMatchObject({ wins: 0, losses: 1, profit: -60 });
  });

  it('refuses configs it cannot run', () => {
    expect(autobetConfigError(cfg({}), 0)).toMatch(/above zero/);
    expect(autobetConfigError(cfg({ bets: -1 }), 10)).toMatch(/number of bets/);
    expect(autobetConfigError(cfg({ onLoss: { reset: false, percent: -5 } }), 10)).toMatch(/increase/);
    expect(autobetConfigError(cfg({ stopOnLoss: 1.5 }), 10)).toMatch(/Stop amounts/);
    expect(autobetConfigError(cfg({ bets: 20, stopOnProfit: 100 }), 10)).toBeNull();
  });

  it('profit is always the sum of nets, stakes stay whole positive cents, and it never runs past the count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 30 }),
        fc.record({ reset: fc.boolean(), percent: fc.integer({ min: 0, max: 300 }) }),
        fc.record({ reset: fc.boolean(), percent: fc.integer({ min: 0, max: 300 }) }),
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 101, max: 500 })), { minLength: 1, maxLength: 40 }),
        (base, bets, onWin, onLoss, outcomes) => {
          const c = cfg({ bets, onWin, onLoss });
          let state = startAutobet(base);
          let sum = 0;
          for (const [won, mult] of outcomes) {
            expect(Number.isSafeInteger(state.amount) && state.amount >= 1).toBe(true);
            const payout = won ? Math.floor((state.amount * mult) / 100) : 0;
            sum += payout - state.amount;
            const r = afterBet(c, state, { stake: state.amount, payout });
            state = r.state;
            expect(state.profit).toBe(sum);
            if (bets > 0) expect(state.played).toBeLessThanOrEqual(bets);
            if (r.stop) break;
          }
        },
      ),
    );
  });

  it('a bet that pays back exactly its stake is not a win', () => {
    const c = cfg({ onWin: { reset: false, percent: 100 } });
    const r = afterBet(c, startAutobet(100), { stake: 100, payout: 100 });
    expect(r.state).toMatchObject({ wins: 0, losses: 1, profit: 0, amount: 100 });
  });

  it('counts wins and losses', () => {
    const r = run(cfg({}), 100, ['w', 'w', 'l', 'w', 'l']);
    expect(r.state).toMatchObject({ played: 5, wins: 3, losses: 2 });
  });

  it('stops on profit when the target is reached exactly', () => {
    const r = run(cfg({ stopOnProfit: 200 }), 100, ['w', 'w', 'w']);
    expect(r).toMatchObject({ stop: 'profit', state: { played: 2, profit: 200 } });
  });

  it('an increase may be 0 to 10,000 %; a reset rule ignores its percentage', () => {
    const lossRule = (reset: boolean, percent: number) => cfg({ onLoss: { reset, percent } });
    expect(autobetConfigError(lossRule(false, 0), 10)).toBeNull();
    expect(autobetConfigError(lossRule(false, 10_000), 10)).toBeNull();
    expect(autobetConfigError(lossRule(false, 10_001), 10)).toMatch(/increase/);
    expect(autobetConfigError(lossRule(false, Number.NaN), 10)).toMatch(/increase/);
    expect(autobetConfigError(lossRule(true, -5), 10)).toBeNull();
    expect(autobetConfigError(cfg({ onWin: { reset: false, percent: 10_001 } }), 10)).toMatch(/increase/);
  });

  it('stop amounts must be whole cents, 0 or more', () => {
    for (const k of ['stopOnProfit', 'stopOnLoss', 'stopOnWinAbove'] as const) {
      expect(autobetConfigError(cfg({ [k]: -100 }), 10), k).toMatch(/Stop amounts/);
      expect(autobetConfigError(cfg({ [k]: 2.5 }), 10), k).toMatch(/Stop amounts/);
      expect(autobetConfigError(cfg({ [k]: 0 }), 10), k).toBeNull();
    }
  });
});

describe('advanced rules in the session (issue 33)', () => {
  it('the rules replace On Win / On Loss; a stop rule ends the session as "rule"; the base stops still apply', async () => {
    const { PRESETS } = await import('@coinsite/shared/autobet');
    const config: AutobetConfig = { ...DEFAULT_AUTOBET, rules: PRESETS.martingale(), stopOnLoss: 700 };
    let s = startAutobet(100);
    const stakes: number[] = [];
    let stop: string | null = null;
    for (let i = 0; i < 5 && !stop; i++) {
      stakes.push(s.amount);
      const r = afterBet(config, s, { stake: s.amount, payout: 0 });
      s = r.state;
      stop = r.stop;
    }
    expect(stakes).toEqual([100, 200, 400]);
    expect(stop).toBe('loss');
    const stopRule: AutobetConfig = {
      ...DEFAULT_AUTOBET,
      rules: [{ when: { on: 'streak', n: 2, event: 'win' }, act: { do: 'stop' } }],
    };
    let t = startAutobet(100);
    const first = afterBet(stopRule, t, { stake: 100, payout: 200 });
    t = first.state;
    expect(first.stop).toBeNull();
    expect(afterBet(stopRule, t, { stake: 100, payout: 200 }).stop).toBe('rule');
  });
});

describe('turbo pacing', () => {
  it('normal: 350 ms from the send; turbo: 40 ms after the send; both: 12 ms after the reply', async () => {
    const { nextBetDelay, TURBO_REPLY_GAP_MS, TURBO_SEND_GAP_MS } = await import('./use-autobet.ts');
    expect(nextBetDelay(false, 0, 30, 30)).toBe(320);
    // normal pace, a reply later than the lock (a mines game's last move): the spacing after it still
    expect(nextBetDelay(false, 0, 400, 400)).toBe(TURBO_REPLY_GAP_MS);
    expect(nextBetDelay(false, 0, 400, 420)).toBeLessThanOrEqual(0);
    // a quick reply: the send gap rules
    expect(nextBetDelay(true, 0, 5, 5)).toBe(TURBO_SEND_GAP_MS - 5);
    // a slow reply: only the socket spacing after it
    expect(nextBetDelay(true, 0, 100, 100)).toBe(TURBO_REPLY_GAP_MS);
    expect(nextBetDelay(true, 0, 100, 120)).toBeLessThanOrEqual(0);
  });
});

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { blackjackCard, blackjackCards, cardLabel } from '../fairness/blackjack.ts';
import { SS1, seeds } from '../fairness/vectors.fixture.ts';
import {
  type BlackjackAction,
  type BlackjackState,
  allowedActions,
  basicStrategy,
  cardPoints,
  BlackjackRuleError,
  DEFAULT_BLACKJACK_RULES,
  dealBlackjack,
  type Draw,
  handTotal,
  mulberry32,
  playBlackjack,
  replayBlackjack,
  settleBlackjack,
  simulateBlackjack,
  standAll,
  visibleDealer,
} from './blackjack.ts';

const RANKS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
/** A card by rank ('A', '10', 'K', …) in the suit given (0 ♦ … 3 ♣). */
const c = (rank: string, suit = 0) => RANKS.indexOf(rank) * 4 + suit;
/** A stacked deck: the k-th card dealt is ranks[k]; running out is a test bug. */
function deck(...ranks: string[]): Draw {
  return (k) => {
    const r = ranks[k];
    if (r === undefined) throw new Error(`deck ran out at card ${k}`);
    return c(r, k % 4);
  };
}
/** Deal order: player, dealer up, player, dealer hole, then draws. */
const deal = (p1: string, up: string, p2: string, hole: string, ...rest: string[]) =>
  deck(p1, up, p2, hole, ...rest);

function play(state: BlackjackState, draw: Draw, ...actions: BlackjackAction[]) {
  let s = state;
  let cost = 0;
  for (const a of actions) {
    const r = playBlackjack(s, a, draw);
    s = r.state;
    cost += r.cost;
  }
  return { s, cost };
}

describe('cards (fairness)', () => {
  test("Stake's cross-check seeds deal 9♠ first (bytes 151,136,121,135 → pick 30 of 52)", () => {
    const s = { serverSeed: 'some server seed', clientSeed: 'some client seed', nonce: 1 };
    expect(blackjackCards(s, 4).map(cardLabel)).toEqual(['9♠', 'Q♠', '4♦', '5♠']);
  });
  test('SS1 nonce 0 deals 4♦ 7♥ 4♣ 8♥ …, card by card as in bulk', () => {
    const s = seeds(SS1, 0);
    expect(blackjackCards(s, 10).map(cardLabel)).toEqual([
      '4♦',
      '7♥',
      '4♣',
      '8♥',
      '7♥',
      'K♥',
      'K♥',
      'A♣',
      '5♣',
      '7♣',
    ]);
    for (let k = 0; k < 20; k++) expect(blackjackCard(s, k)).toBe(blackjackCards(s, 20)[k]);
  });
});

describe('totals', () => {
  test.each([
    [['A', '6'], 17, true],
    [['A', '6', '10'], 17, false],
    [['A', 'A'], 12, true],
    [['A', 'A', 'K', '9'], 21, false],
    [['K', 'Q'], 20, false],
    [['10', '6', '9'], 25, false],
    [['A', 'K'], 21, true],
  ])('%j → %i soft=%s', (ranks, total, soft) => {
    expect(handTotal(ranks.map((r) => c(r)))).toEqual({ total, soft });
  });
});

describe('the deal', () => {
  test('an ordinary deal goes to the player with the hole card hidden', () => {
    const d = deal('10', '9', '7', '5');
    const s = dealBlackjack(100, d);
    expect(s.phase).toBe('player');
    expect(s.hands[0]?.cards).toEqual([c('10', 0), c('7', 2)]);
    expect(visibleDealer(s)).toEqual([c('9', 1)]);
    expect(s.drawn).toBe(4);
    expect(allowedActions(s)).toEqual(['hit', 'stand', 'double']);
  });
  test('a player blackjack pays 3:2 at once (floored to the cent)', () => {
    const s = dealBlackjack(101, deal('A', '9', 'K', '7'));
    expect(s.phase).toBe('done');
    expect(s.holeRevealed).toBe(true);
    expect(s.dealer).toHaveLength(2); // the dealer does not draw against a blackjack
    expect(settleBlackjack(s)).toMatchObject({
      payout: 101 + 151,
      staked: 101,
      hands: [{ result: 'blackjack' }],
    });
  });
  test('the dealer peeks under a ten: a dealer blackjack ends the hand, the player loses', () => {
    const s = dealBlackjack(100, deal('10', 'K', '9', 'A'));
    expect(s.phase).toBe('done');
    expect(settleBlackjack(s)).toMatchObject({ payout: 0, hands: [{ result: 'lose' }] });
  });
  test('blackjack against blackjack pushes', () => {
    const s = dealBlackjack(100, deal('A', 'K', 'Q', 'A'));
    expect(settleBlackjack(s)).toMatchObject({ payout: 100, hands: [{ result: 'push' }] });
  });
  test('6:5 when the operator sets it', () => {
    const s = dealBlackjack(100, deal('A', '9', 'K', '7'), {
      ...DEFAULT_BLACKJACK_RULES,
      blackjackPays: [6, 5],
    });
    expect(settleBlackjack(s).payout).toBe(220);
  });
});

describe('insurance', () => {
  test('offered when the dealer shows an ace; nothing else is allowed first', () => {
    const d = deal('10', 'A', '7', '5');
    const s = dealBlackjack(100, d);
    expect(s.phase).toBe('insurance');
    expect(allowedActions(s)).toEqual(['insurance', 'noInsurance']);
    for (const a of ['hit', 'stand', 'double', 'split'] as const)
      expect(() => playBlackjack(s, a, d)).toThrow('Take or decline insurance first.');
  });
  test('taken, dealer blackjack: insurance pays 2:1 (3× back), the hand loses', () => {
    const d = deal('10', 'A', '7', 'K');
    const { s, cost } = play(dealBlackjack(100, d), d, 'insurance');
    expect(cost).toBe(50);
    expect(s.phase).toBe('done');
    expect(settleBlackjack(s)).toMatchObject({ staked: 150, insurancePayout: 150, payout: 150 });
  });
  test('taken, no dealer blackjack: insurance is lost and the hand goes on', () => {
    const d = deal('10', 'A', '7', '5', '2');
    const { s } = play(dealBlackjack(100, d), d, 'insurance');
    expect(s.phase).toBe('player');
    expect(s.insurance).toBe(50);
    const done = play(s, d, 'stand').s;
    expect(settleBlackjack(done)).toMatchObject({ insurancePayout: 0, staked: 150 });
  });
  test('declined, dealer blackjack: the hand loses', () => {
    const d = deal('10', 'A', '7', 'Q');
    const { s, cost } = play(dealBlackjack(100, d), d, 'noInsurance');
    expect(cost).toBe(0);
    expect(settleBlackjack(s)).toMatchObject({ staked: 100, payout: 0 });
  });
  test('a player blackjack is offered insurance too; declined with no dealer blackjack it pays 3:2', () => {
    const d = deal('A', 'A', 'K', '9');
    const { s } = play(dealBlackjack(100, d), d, 'noInsurance');
    expect(settleBlackjack(s)).toMatchObject({ payout: 250, hands: [{ result: 'blackjack' }] });
  });
  test('refused without an ace up, after the decision, and on a 1-cent stake', () => {
    const d = deal('10', '9', '7', '5');
    const s = dealBlackjack(100, d);
    expect(() => playBlackjack(s, 'insurance', d)).toThrow(BlackjackRuleError);
    expect(() => playBlackjack(s, 'noInsurance', d)).toThrow('Insurance is only offered');
    const d2 = deal('10', 'A', '7', '5');
    expect(() => playBlackjack(dealBlackjack(1, d2), 'insurance', d2)).toThrow('too small');
    // 2 cents is the smallest stake insurance (half the stake) can be taken on
    expect(play(dealBlackjack(2, d2), d2, 'insurance').s.insurance).toBe(1);
    const after = play(dealBlackjack(100, d2), d2, 'noInsurance').s;
    expect(() => playBlackjack(after, 'insurance', d2)).toThrow('Insurance is only offered');
  });
  test('with insurance off, an ace up goes straight to the peek', () => {
    const d = deal('10', 'A', '7', '5');
    const s = dealBlackjack(100, d, { ...DEFAULT_BLACKJACK_RULES, insurance: false });
    expect(s.phase).toBe('player');
  });
});

describe('hit and stand', () => {
  test('hit draws the next card; a bust ends the hand and the dealer does not draw', () => {
    const d = deal('10', '9', '6', '7', '8');
    const { s } = play(dealBlackjack(100, d), d, 'hit');
    expect(s.phase).toBe('done');
    expect(s.dealer).toHaveLength(2);
    expect(settleBlackjack(s)).toMatchObject({ payout: 0, hands: [{ result: 'bust' }] });
  });
  test('hit to 21 stands by itself and the dealer plays', () => {
    const d = deal('5', '9', '6', '7', 'K', '5');
    const { s } = play(dealBlackjack(100, d), d, 'hit');
    expect(s.phase).toBe('done');
    expect(s.dealer.map((x) => Math.floor(x / 4))).toEqual([7, 5, 3]); // 9 7 5 → 21
    expect(settleBlackjack(s)).toMatchObject({ payout: 100, hands: [{ result: 'push' }] });
  });
  test('hit below 21 keeps playing; double is no longer allowed', () => {
    const d = deal('2', '9', '3', '7', '4');
    const { s } = play(dealBlackjack(100, d), d, 'hit');
    expect(s.phase).toBe('player');
    expect(allowedActions(s)).toEqual(['hit', 'stand']);
    expect(() => playBlackjack(s, 'double', d)).toThrow('first two cards');
  });
  test('stand: the dealer draws to 17 and stands on soft 17; a higher total wins 1:1', () => {
    const d = deal('10', '6', '8', 'A'); // dealer soft 17 stands
    const { s } = play(dealBlackjack(100, d), d, 'stand');
    expect(s.dealer).toHaveLength(2);
    expect(settleBlackjack(s)).toMatchObject({ payout: 200, hands: [{ result: 'win' }] });
  });
  test('H17 when the operator sets it: the dealer hits soft 17', () => {
    const d = deal('10', '6', '8', 'A', '4');
    const rules = { ...DEFAULT_BLACKJACK_RULES, dealerHitsSoft17: true };
    const { s } = play(dealBlackjack(100, d, rules), d, 'stand');
    expect(s.dealer).toHaveLength(3); // 6 A 4 = soft 21
    expect(settleBlackjack(s).payout).toBe(0);
  });
  test('dealer bust pays every standing hand', () => {
    const d = deal('10', '6', '2', '10', 'K');
    const { s } = play(dealBlackjack(100, d), d, 'stand');
    expect(handTotal(s.dealer).total).toBe(26);
    expect(settleBlackjack(s).payout).toBe(200);
  });
  test('a lower total loses', () => {
    const d = deal('10', '10', '6', '8');
    const { s } = play(dealBlackjack(100, d), d, 'stand');
    expect(settleBlackjack(s)).toMatchObject({ payout: 0, hands: [{ result: 'lose' }] });
  });
  test('nothing is allowed once the hand is over', () => {
    const d = deal('10', '10', '6', '8');
    const { s } = play(dealBlackjack(100, d), d, 'stand');
    expect(allowedActions(s)).toEqual([]);
    for (const a of ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const)
      expect(() => playBlackjack(s, a, d)).toThrow('This hand is over.');
  });
});

describe('double', () => {
  test('costs the stake, takes one card and ends the hand: a win pays 4× the base stake', () => {
    const d = deal('6', '6', '5', '10', '10', 'K');
    const { s, cost } = play(dealBlackjack(100, d), d, 'double');
    expect(cost).toBe(100);
    expect(s.hands[0]).toMatchObject({ stake: 200, doubled: true });
    expect(s.hands[0]?.cards).toHaveLength(3);
    expect(settleBlackjack(s)).toMatchObject({ staked: 200, payout: 400 });
  });
  test('allowed on any first two cards (soft 19 here)', () => {
    const d = deal('A', '6', '8', '10', '2', '9');
    expect(allowedActions(dealBlackjack(100, d))).toContain('double');
  });
});

describe('split', () => {
  test('a pair splits into two hands at the same stake; the first gets its card at once, the second when it is played', () => {
    const d = deal('8', '7', '8', '10', '3', '10');
    const { s, cost } = play(dealBlackjack(100, d), d, 'split');
    expect(cost).toBe(100);
    expect(s.hands.map((h) => h.cards.length)).toEqual([2, 1]);
    expect(s.active).toBe(0);
    expect(allowedActions(s)).toEqual(['hit', 'stand', 'double']); // double after split, no resplit
    expect(() => playBlackjack(s, 'split', d)).toThrow('once');
    const after = play(s, d, 'stand').s;
    expect(after.active).toBe(1);
    expect(after.hands[1]?.cards).toHaveLength(2);
  });
  test('ten-value cards split (K and Q are a pair)', () => {
    const d = deal('K', '7', 'Q', '10');
    expect(allowedActions(dealBlackjack(100, d))).toContain('split');
  });
  test('no split on different values', () => {
    const d = deal('8', '7', '9', '10');
    const s = dealBlackjack(100, d);
    expect(() => playBlackjack(s, 'split', d)).toThrow('You can only split a pair, once.');
  });
  test('split aces get one card each and end; A+K after a split is 21 paying 1:1, not blackjack', () => {
    const d = deal('A', '9', 'A', '8', 'K', '5');
    const { s } = play(dealBlackjack(100, d), d, 'split');
    expect(s.phase).toBe('done');
    expect(s.hands.map((h) => h.cards.length)).toEqual([2, 2]);
    expect(settleBlackjack(s)).toMatchObject({
      staked: 200,
      payout: 200, // A K wins 200, A 5 (16) loses to 17
      hands: [{ result: 'win' }, { result: 'lose' }],
    });
  });
  test('split then double on the first hand, stand on the second', () => {
    const d = deal('8', '6', '8', '10', '3', '10', '2', 'J');
    const { s, cost } = play(dealBlackjack(100, d), d, 'split', 'double', 'stand');
    expect(cost).toBe(200);
    expect(s.phase).toBe('done');
    expect(s.hands.map((h) => h.stake)).toEqual([200, 100]);
    // 8 3 10 = 21 doubled, 8 2 = 10 stands; dealer 6 10 J = 26 busts
    expect(settleBlackjack(s)).toMatchObject({ staked: 300, payout: 600 });
  });
  test('a split hand that reaches 21 with its second card moves on by itself', () => {
    const d = deal('10', '6', '10', '10', 'A', '9');
    const { s } = play(dealBlackjack(100, d), d, 'split');
    expect(s.hands[0]?.done).toBe(true);
    expect(s.active).toBe(1);
    expect(s.phase).toBe('player');
  });
  test('both split hands bust: the dealer does not draw', () => {
    const d = deal('8', '6', '8', '10', '6', 'K', '9', 'Q');
    const { s } = play(dealBlackjack(100, d), d, 'split', 'hit', 'hit');
    expect(s.phase).toBe('done');
    expect(s.dealer).toHaveLength(2);
    expect(settleBlackjack(s).payout).toBe(0);
  });
  test('no double after a split when the operator turns it off', () => {
    const d = deal('8', '6', '8', '10', '3');
    const rules = { ...DEFAULT_BLACKJACK_RULES, doubleAfterSplit: false };
    const { s } = play(dealBlackjack(100, d, rules), d, 'split');
    expect(allowedActions(s)).toEqual(['hit', 'stand']);
  });
});

describe('idle timeout and replay', () => {
  test('standAll declines insurance and stands every hand', () => {
    const d = deal('8', 'A', '8', '5', '3', '10', '10', '5');
    let s = dealBlackjack(100, d);
    s = play(s, d, 'noInsurance', 'split').s;
    const done = standAll(s, d);
    expect(done.phase).toBe('done');
    expect(done.actions).toEqual(['noInsurance', 'split', 'stand', 'stand']);
  });
  test('replaying the recorded actions from the seeds reproduces every card', () => {
    const s = seeds(SS1, 3);
    const draw: Draw = (k) => blackjackCard(s, k);
    let st = dealBlackjack(100, draw);
    while (st.phase !== 'done') st = playBlackjack(st, basicStrategy(st), draw).state;
    expect(replayBlackjack(100, st.actions, draw)).toEqual(st);
  });
});

describe('properties', () => {
  test('any legal play: cards dealt = cards drawn, money stays within the rules', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 51 }), { minLength: 60, maxLength: 60 }),
        fc.array(fc.nat(), { maxLength: 30 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (cards, choices, stake) => {
          const draw: Draw = (k) => cards[k % 60] as number;
          let s = dealBlackjack(stake, draw);
          let paidIn = stake;
          for (const ch of choices) {
            const allowed = allowedActions(s).filter((a) => !(a === 'insurance' && stake < 2));
            if (allowed.length === 0) break;
            const r = playBlackjack(s, allowed[ch % allowed.length] as BlackjackAction, draw);
            s = r.state;
            paidIn += r.cost;
          }
          s = standAll(s, draw);
          const cardsOut = s.hands.reduce((n, h) => n + h.cards.length, 0) + s.dealer.length;
          expect(cardsOut).toBe(s.drawn);
          const out = settleBlackjack(s);
          expect(out.staked).toBe(paidIn);
          expect(out.payout).toBeLessThanOrEqual(2 * out.staked + Math.floor(stake / 2));
          expect(Number.isSafeInteger(out.payout) && out.payout >= 0).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('simulation (small; npm run sim:blackjack plays a million)', () => {
  test('20,000 hands of basic strategy return about 99.5 %', () => {
    const r = simulateBlackjack(20_000, mulberry32(7));
    // ± 2.5 % is about 3 standard errors at this size
    expect(r.rtp).toBeGreaterThan(0.97);
    expect(r.rtp).toBeLessThan(1.02);
  });
});

describe('basic strategy is the S17, double-after-split chart (issue 19)', () => {
  const UPS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'A'];
  /** The chart's move for a first two-card hand against each up card, 2 … A (H, S, D, P). */
  const CHART: Array<[string, string, string]> = [
    // hard totals
    ['2', '3', 'HHHHHHHHHH'],
    ['2', '6', 'HHHHHHHHHH'],
    ['4', '5', 'HDDDDHHHHH'],
    ['4', '6', 'DDDDDDDDHH'],
    ['5', '6', 'DDDDDDDDDH'],
    ['10', '2', 'HHSSSHHHHH'],
    ['10', '3', 'SSSSSHHHHH'],
    ['10', '6', 'SSSSSHHHHH'],
    ['10', '7', 'SSSSSSSSSS'],
    // soft totals
    ['A', '2', 'HHHDDHHHHH'],
    ['A', '3', 'HHHDDHHHHH'],
    ['A', '4', 'HHDDDHHHHH'],
    ['A', '5', 'HHDDDHHHHH'],
    ['A', '6', 'HDDDDHHHHH'],
    ['A', '7', 'SDDDDSSHHH'],
    ['A', '8', 'SSSSSSSSSS'],
    ['A', '9', 'SSSSSSSSSS'],
    // pairs
    ['2', '2', 'PPPPPPHHHH'],
    ['3', '3', 'PPPPPPHHHH'],
    ['4', '4', 'HHHPPHHHHH'],
    ['5', '5', 'DDDDDDDDHH'],
    ['6', '6', 'PPPPPHHHHH'],
    ['7', '7', 'PPPPPPHHHH'],
    ['8', '8', 'PPPPPPPPPP'],
    ['9', '9', 'PPPPPSPPSS'],
    ['K', 'Q', 'SSSSSSSSSS'],
    ['A', 'A', 'PPPPPPPPPP'],
  ];
  const MOVE: Record<string, BlackjackAction> = { H: 'hit', S: 'stand', D: 'double', P: 'split' };

  /** The first decision of a deal: the hole card 5 never makes a dealer blackjack; insurance declined. */
  function firstDecision(p1: string, p2: string, up: string): BlackjackState {
    let s = dealBlackjack(100, deal(p1, up, p2, '5'));
    if (s.phase === 'insurance') s = play(s, deal(p1, up, p2, '5'), 'noInsurance').s;
    return s;
  }

  test.each(CHART)('%s,%s against 2 … A', (p1, p2, row) => {
    const got = UPS.map((up) => basicStrategy(firstDecision(p1, p2, up)));
    expect(got).toEqual([...row].map((m) => MOVE[m]));
  });

  test('without the double on offer (three cards) a double becomes a hit, soft 18 a stand', () => {
    // 11 from three cards against a 6: hit; soft 18 from three cards against a 4: stand
    const eleven = play(firstDecision('2', '3', '6'), deal('2', '6', '3', '5', '6'), 'hit').s;
    expect(eleven.hands[0]?.cards).toHaveLength(3);
    expect(basicStrategy(eleven)).toBe('hit');
    const soft18 = play(firstDecision('A', '2', '4'), deal('A', '4', '2', '5', '5'), 'hit').s;
    expect(basicStrategy(soft18)).toBe('stand');
  });

  test('insurance is always declined', () => {
    const s = dealBlackjack(100, deal('10', 'A', '9', '5'));
    expect(s.phase).toBe('insurance');
    expect(basicStrategy(s)).toBe('noInsurance');
  });
});

describe('blackjack: what the rules refuse outright', () => {
  test('cards are 0..51: 2..10 count their number, faces 10, an ace 11', () => {
    expect([0, 3, 28, 31, 32, 35, 36, 47, 48, 51].map(cardPoints)).toEqual([
      2, 2, 9, 9, 10, 10, 10, 10, 11, 11,
    ]);
    for (const bad of [-1, 52, 1.5, Number.NaN])
      expect(() => cardPoints(bad), String(bad)).toThrow(RangeError);
  });
  test('a deal needs a stake of a whole positive number of cents', () => {
    const d: Draw = (k) => k;
    for (const bad of [0, -100, 1.5, Number.NaN])
      expect(() => dealBlackjack(bad, d), String(bad)).toThrow(RangeError);
    expect(dealBlackjack(1, d).baseStake).toBe(1);
  });
  test('a hand is settled only once it is over', () => {
    const d: Draw = (k) => [32, 24, 36, 20][k] ?? 0; // player 10 + Q = 20, dealer 8 up, 7 hole: no peek
    const s = dealBlackjack(100, d);
    expect(s.phase).toBe('player');
    expect(() => settleBlackjack(s)).toThrow('the hand is not over');
  });
});

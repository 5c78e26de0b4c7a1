/**
 * Blackjack rules (issue 17), pure: the server plays hands with them, the client shows totals with
 * them, the verifier replays a hand with them. Cards come from `draw(k)` (the k-th card of the hand,
 * fairness/blackjack.ts); money is integer cents.
 *
 * Defaults (operator settings, BLACKJACK_* in the server config): infinite shoe, dealer stands on
 * all 17s, blackjack pays 3:2, insurance 2:1 when the dealer shows an ace, the dealer peeks for
 * blackjack under an ace or a ten, double on any first two cards (also after a split), split once
 * (pairs of equal value; split aces get one card each), no surrender. A split hand's 21 is not a
 * blackjack. Any hand reaching 21 stands by itself.
 */

export interface BlackjackRules {
  /** false: the dealer stands on all 17s (soft 17 too). */
  dealerHitsSoft17: boolean;
  /** A blackjack pays stake × num / den on top of the stake (3:2). */
  blackjackPays: readonly [number, number];
  /** Insurance (half the stake, pays 2:1) is offered when the dealer shows an ace. */
  insurance: boolean;
  /** Double down on the first two cards of a split hand too. */
  doubleAfterSplit: boolean;
}

export const DEFAULT_BLACKJACK_RULES: BlackjackRules = {
  dealerHitsSoft17: false,
  blackjackPays: [3, 2],
  insurance: true,
  doubleAfterSplit: true,
};

export type BlackjackAction = 'hit' | 'stand' | 'double' | 'split' | 'insurance' | 'noInsurance';
export const BLACKJACK_ACTIONS: readonly BlackjackAction[] = [
  'hit',
  'stand',
  'double',
  'split',
  'insurance',
  'noInsurance',
];

export interface BlackjackHand {
  cards: number[];
  /** cents, doubled included */
  stake: number;
  doubled: boolean;
  /** one of two hands from a pair of aces (one card each, then done) */
  splitAces: boolean;
  done: boolean;
}

export type BlackjackPhase = 'insurance' | 'player' | 'done';

export interface BlackjackState {
  rules: BlackjackRules;
  /** the stake of the deal, cents */
  baseStake: number;
  hands: BlackjackHand[];
  /** the hand being played (player phase) */
  active: number;
  /** dealer[0] is the up card, dealer[1] the hole card (secret until holeRevealed) */
  dealer: number[];
  holeRevealed: boolean;
  /** cards taken from the stream so far: the next card is draw(drawn) */
  drawn: number;
  phase: BlackjackPhase;
  /** insurance stake taken, cents (0: none) */
  insurance: number;
  /** the player's actions in order (the verifier replays them) */
  actions: BlackjackAction[];
}

export type Draw = (k: number) => number;

/** A move the rules refuse; the message is shown to the player. */
export class BlackjackRuleError extends Error {}

/** Points of a card (0..51, rank = floor(card / 4), 2..10, J Q K, A): ace 11 here, 10 for faces. */
export function cardPoints(card: number): number {
  const r = Math.floor(card / 4);
  if (!Number.isInteger(card) || card < 0 || card > 51) throw new RangeError(`not a card: ${card}`);
  if (r <= 8) return r + 2;
  return r === 12 ? 11 : 10;
}

export function isAce(card: number): boolean {
  return Math.floor(card / 4) === 12;
}

/** Best total and whether an ace still counts 11 (soft). */
export function handTotal(cards: readonly number[]): { total: number; soft: boolean } {
  let total = 0;
  let aces = 0;
  for (const c of cards) {
    total += cardPoints(c);
    if (isAce(c)) aces++;
  }
  while (total > 21 && aces > 0) {
    total -= 10;
    aces--;
  }
  return { total, soft: aces > 0 };
}

export function isBlackjack(cards: readonly number[]): boolean {
  return cards.length === 2 && handTotal(cards).total === 21;
}

/** A natural: the two first cards of an unsplit hand making 21. */
function isNatural(state: BlackjackState, hand: BlackjackHand): boolean {
  return state.hands.length === 1 && isBlackjack(hand.cards);
}

function take(state: BlackjackState, draw: Draw): number {
  const card = draw(state.drawn);
  state.drawn++;
  return card;
}

/** Deals a hand: player, dealer up, player, dealer hole (cards 0..3). */
export function dealBlackjack(stake: number, draw: Draw, rules: BlackjackRules = DEFAULT_BLACKJACK_RULES) {
  if (!Number.isSafeInteger(stake) || stake <= 0) throw new RangeError(`invalid stake ${stake}`);
  const state: BlackjackState = {
    rules,
    baseStake: stake,
    hands: [{ cards: [], stake, doubled: false, splitAces: false, done: false }],
    active: 0,
    dealer: [],
    holeRevealed: false,
    drawn: 0,
    phase: 'player',
    insurance: 0,
    actions: [],
  };
  const hand = state.hands[0] as BlackjackHand;
  hand.cards.push(take(state, draw));
  state.dealer.push(take(state, draw));
  hand.cards.push(take(state, draw));
  state.dealer.push(take(state, draw));
  if (rules.insurance && isAce(state.dealer[0] as number)) state.phase = 'insurance';
  else peek(state, draw);
  return state;
}

/**
 * After the deal (and the insurance decision): the dealer checks under an ace or a ten. A dealer
 * blackjack or a player blackjack ends the hand at once; otherwise the player plays.
 */
function peek(state: BlackjackState, draw: Draw): void {
  const hand = state.hands[0] as BlackjackHand;
  if (isBlackjack(state.dealer) || isBlackjack(hand.cards)) {
    hand.done = true;
    finish(state, draw);
    return;
  }
  state.phase = 'player';
}

/** The actions the rules allow now. */
export function allowedActions(state: BlackjackState): BlackjackAction[] {
  if (state.phase === 'insurance') return ['insurance', 'noInsurance'];
  if (state.phase !== 'player') return [];
  const hand = state.hands[state.active];
  if (!hand || hand.done) return [];
  const out: BlackjackAction[] = ['hit', 'stand'];
  if (canDouble(state, hand)) out.push('double');
  if (canSplit(state, hand)) out.push('split');
  return out;
}

function canDouble(state: BlackjackState, hand: BlackjackHand): boolean {
  return (
    hand.cards.length === 2 && !hand.splitAces && (state.hands.length === 1 || state.rules.doubleAfterSplit)
  );
}

function canSplit(state: BlackjackState, hand: BlackjackHand): boolean {
  const [a, b] = hand.cards;
  return (
    state.hands.length === 1 &&
    hand.cards.length === 2 &&
    a !== undefined &&
    b !== undefined &&
    cardPoints(a) === cardPoints(b)
  );
}

/** Cents an action takes from the balance before it is played (double, split, insurance). */
export function actionCost(state: BlackjackState, action: BlackjackAction): number {
  if (action === 'double' || action === 'split') return state.hands[state.active]?.stake ?? 0;
  if (action === 'insurance') return Math.floor(state.baseStake / 2);
  return 0;
}

const REFUSED: Record<BlackjackAction, string> = {
  hit: 'You cannot hit now.',
  stand: 'You cannot stand now.',
  double: 'You can only double on your first two cards.',
  split: 'You can only split a pair, once.',
  insurance: 'Insurance is only offered when the dealer shows an ace.',
  noInsurance: 'Insurance is only offered when the dealer shows an ace.',
};

/**
 * Plays one action on a copy of the state and returns it with the cents the action costs (taken
 * by the caller from the wallet in the same transaction). Throws BlackjackRuleError when refused.
 */
export function playBlackjack(
  prev: BlackjackState,
  action: BlackjackAction,
  draw: Draw,
): { state: BlackjackState; cost: number } {
  if (prev.phase === 'done') throw new BlackjackRuleError('This hand is over.');
  if (!allowedActions(prev).includes(action)) {
    if (prev.phase === 'insurance') throw new BlackjackRuleError('Take or decline insurance first.');
    throw new BlackjackRuleError(REFUSED[action]);
  }
  const state = structuredClone(prev);
  const cost = actionCost(state, action);
  if (action === 'insurance' && cost < 1)
    throw new BlackjackRuleError('This stake is too small for insurance.');
  state.actions.push(action);
  if (action === 'insurance' || action === 'noInsurance') {
    state.insurance = cost;
    peek(state, draw);
    return { state, cost };
  }
  const hand = state.hands[state.active] as BlackjackHand;
  switch (action) {
    case 'hit':
      hand.cards.push(take(state, draw));
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      break;
    case 'stand':
      hand.done = true;
      break;
    case 'double':
      hand.stake *= 2;
      hand.doubled = true;
      hand.cards.push(take(state, draw));
      hand.done = true;
      break;
    case 'split': {
      const [a, b] = hand.cards as [number, number];
      const aces = isAce(a);
      state.hands = [
        { cards: [a], stake: hand.stake, doubled: false, splitAces: aces, done: false },
        { cards: [b], stake: hand.stake, doubled: false, splitAces: aces, done: false },
      ];
      const first = state.hands[0] as BlackjackHand;
      first.cards.push(take(state, draw));
      if (aces || handTotal(first.cards).total === 21) first.done = true;
      break;
    }
  }
  advance(state, draw);
  return { state, cost };
}

/** Moves to the next hand still to play (dealing a split hand its second card), or to the dealer. */
function advance(state: BlackjackState, draw: Draw): void {
  for (;;) {
    const hand = state.hands[state.active] as BlackjackHand;
    if (!hand.done) return;
    const next = state.active + 1;
    const nextHand = state.hands[next];
    if (!nextHand) break;
    state.active = next;
    if (nextHand.cards.length === 1) {
      nextHand.cards.push(take(state, draw));
      if (nextHand.splitAces || handTotal(nextHand.cards).total === 21) nextHand.done = true;
    }
  }
  finish(state, draw);
}

/** The dealer reveals the hole card and draws (unless every hand is bust), then the hand is over. */
function finish(state: BlackjackState, draw: Draw): void {
  state.holeRevealed = true;
  state.phase = 'done';
  for (const h of state.hands) h.done = true;
  const hand0 = state.hands[0] as BlackjackHand;
  if (isBlackjack(state.dealer) || isNatural(state, hand0)) return;
  if (state.hands.every((h) => handTotal(h.cards).total > 21)) return;
  for (;;) {
    const { total, soft } = handTotal(state.dealer);
    if (total > 17 || (total === 17 && !(soft && state.rules.dealerHitsSoft17))) break;
    state.dealer.push(take(state, draw));
  }
}

/**
 * The player walks away (the idle timeout): insurance declined, every hand left stands, the dealer
 * plays. Returns the finished state.
 */
export function standAll(prev: BlackjackState, draw: Draw): BlackjackState {
  let state = prev;
  while (state.phase !== 'done') {
    state = playBlackjack(state, state.phase === 'insurance' ? 'noInsurance' : 'stand', draw).state;
  }
  return state;
}

export type HandResult = 'blackjack' | 'win' | 'push' | 'lose' | 'bust';

export interface BlackjackSettlement {
  hands: Array<{ result: HandResult; payout: number }>;
  insurancePayout: number;
  /** every stake taken, cents: hands (doubles included) and insurance */
  staked: number;
  /** gross payout, cents */
  payout: number;
}

/** What a finished hand pays, per hand and in all (gross, floored to the cent). */
export function settleBlackjack(state: BlackjackState): BlackjackSettlement {
  if (state.phase !== 'done') throw new Error('the hand is not over');
  const dealer = handTotal(state.dealer).total;
  const dealerBj = isBlackjack(state.dealer);
  const [num, den] = state.rules.blackjackPays;
  const hands = state.hands.map((h) => {
    const total = handTotal(h.cards).total;
    const natural = isNatural(state, h);
    let result: HandResult;
    if (total > 21) result = 'bust';
    else if (natural && !dealerBj) result = 'blackjack';
    else if (dealerBj) result = natural ? 'push' : 'lose';
    else if (dealer > 21 || total > dealer) result = 'win';
    else if (total === dealer) result = 'push';
    else result = 'lose';
    const payout =
      result === 'blackjack'
        ? h.stake + Math.floor((h.stake * num) / den)
        : result === 'win'
          ? 2 * h.stake
          : result === 'push'
            ? h.stake
            : 0;
    return { result, payout };
  });
  const insurancePayout = dealerBj ? 3 * state.insurance : 0;
  const staked = state.hands.reduce((s, h) => s + h.stake, 0) + state.insurance;
  const payout = hands.reduce((s, h) => s + h.payout, 0) + insurancePayout;
  return { hands, insurancePayout, staked, payout };
}

/** Replays a hand from its cards and its actions (the verifier). */
export function replayBlackjack(
  stake: number,
  actions: readonly BlackjackAction[],
  draw: Draw,
  rules: BlackjackRules = DEFAULT_BLACKJACK_RULES,
): BlackjackState {
  let state = dealBlackjack(stake, draw, rules);
  for (const a of actions) state = playBlackjack(state, a, draw).state;
  return state;
}

/** The dealer's cards the player may see: the hole card only once revealed. */
export function visibleDealer(state: BlackjackState): number[] {
  return state.holeRevealed ? state.dealer : state.dealer.slice(0, 1);
}

/**
 * Basic strategy for these rules (infinite shoe, S17, DAS, no surrender, insurance never): the
 * simulation's player and the table's hint.
 */
export function basicStrategy(state: BlackjackState): BlackjackAction {
  if (state.phase === 'insurance') return 'noInsurance';
  const hand = state.hands[state.active] as BlackjackHand;
  const up = cardPoints(state.dealer[0] as number); // 2..11
  const allowed = allowedActions(state);
  const can = (a: BlackjackAction) => allowed.includes(a);
  const [a, b] = hand.cards;
  if (can('split') && a !== undefined && b !== undefined) {
    const p = cardPoints(a);
    const split =
      p === 11 ||
      p === 8 ||
      (p === 9 && up !== 7 && up !== 10 && up !== 11) ||
      (p === 7 && up <= 7) ||
      (p === 6 && up <= 6) ||
      (p === 4 && (up === 5 || up === 6)) ||
      ((p === 2 || p === 3) && up <= 7);
    if (split) return 'split';
  }
  const { total, soft } = handTotal(hand.cards);
  const dbl = can('double');
  if (soft) {
    if (total >= 19) return 'stand';
    if (total === 18) {
      if (up >= 3 && up <= 6) return dbl ? 'double' : 'stand';
      return up >= 9 ? 'hit' : 'stand';
    }
    if (total === 17) return dbl && up >= 3 && up <= 6 ? 'double' : 'hit';
    if (total >= 15) return dbl && up >= 4 && up <= 6 ? 'double' : 'hit';
    return dbl && up >= 5 && up <= 6 ? 'double' : 'hit';
  }
  if (total >= 17) return 'stand';
  if (total >= 13) return up <= 6 ? 'stand' : 'hit';
  if (total === 12) return up >= 4 && up <= 6 ? 'stand' : 'hit';
  if (total === 11) return dbl && up <= 10 ? 'double' : 'hit';
  if (total === 10) return dbl && up <= 9 ? 'double' : 'hit';
  if (total === 9) return dbl && up >= 3 && up <= 6 ? 'double' : 'hit';
  return 'hit';
}

/**
 * Plays `hands` hands of basic strategy at a 100-cent stake with `random()` (uniform in [0, 1))
 * dealing the infinite shoe; returns the return to player (payout / staked).
 */
export function simulateBlackjack(
  hands: number,
  random: () => number,
  rules: BlackjackRules = DEFAULT_BLACKJACK_RULES,
): { hands: number; staked: number; paid: number; rtp: number; edgePerHand: number } {
  let staked = 0;
  let paid = 0;
  const draw: Draw = () => Math.floor(random() * 52);
  for (let i = 0; i < hands; i++) {
    let state = dealBlackjack(100, draw, rules);
    while (state.phase !== 'done') state = playBlackjack(state, basicStrategy(state), draw).state;
    const s = settleBlackjack(state);
    staked += s.staked;
    paid += s.payout;
  }
  // the house edge as players quote it: net loss per initial stake (100 cents a hand)
  return { hands, staked, paid, rtp: paid / staked, edgePerHand: (staked - paid) / (hands * 100) };
}

/** A small deterministic PRNG (mulberry32) for simulations. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

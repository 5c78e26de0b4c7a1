import { z } from 'zod';

/**
 * The advanced autobet (issue 33, as Stake's advanced mode): rules evaluated in order after every
 * settled bet. Pure: no clock, no I/O. Amounts are integer cents; a chance is a percent (49.5), a
 * multiplier a number (2.0). The browser runs it; the server stores players' strategies validated by
 * `strategySchema`.
 */

export const AUTOBET_EVENTS = ['win', 'loss', 'bet'] as const;
export type AutobetEvent = (typeof AUTOBET_EVENTS)[number];

/** When a rule fires. */
export type Trigger =
  /** every win / loss / bet */
  | { on: 'every'; event: AutobetEvent }
  /** every Nth win / loss / bet of the session (the Nth, 2Nth, …) */
  | { on: 'everyNth'; n: number; event: AutobetEvent }
  /** once per session: the first time a streak of N wins / losses / bets is reached (N = 1: the first one) */
  | { on: 'first'; n: number; event: AutobetEvent }
  /** every streak of N in a row: at N, 2N, 3N … consecutive wins / losses */
  | { on: 'streak'; n: number; event: AutobetEvent }
  /** after any bet that leaves the session's profit (or loss) above / below X cents */
  | { on: 'profit' | 'loss'; cmp: 'above' | 'below'; amount: number };

/** What a rule does. */
export type Action =
  | { do: 'increase' | 'decrease'; percent: number }
  | { do: 'add'; amount: number }
  | { do: 'reset' }
  | { do: 'set'; amount: number }
  /** Fibonacci: move `steps` along the sequence (1 after a loss, −2 after a win); stake = base × F(i) */
  | { do: 'fibonacci'; steps: number }
  /** dice: roll over ↔ roll under */
  | { do: 'switch' }
  | { do: 'chance'; value: number }
  | { do: 'multiplier'; value: number }
  | { do: 'stop' };

export interface Rule {
  when: Trigger;
  act: Action;
}

/** The game's own inputs a rule may change (null: as the player set them). */
export interface GameParams {
  over: boolean | null;
  chance: number | null;
  multiplier: number | null;
}

export interface RuleState {
  base: number;
  amount: number;
  bets: number;
  wins: number;
  losses: number;
  /** the current run of the same result: wins (> 0) or losses (< 0) */
  streak: number;
  profit: number;
  fib: number;
  /** indexes of `first` rules that fired */
  fired: number[];
  params: GameParams;
}

export const MAX_RULES = 20;
export const MAX_PERCENT = 10_000;
/** The largest stake a rule may set or reach (cents): the bet limits refuse above anyway. */
export const MAX_RULE_AMOUNT = 100_000_000_000;
export const CHANCE_RANGE = { min: 0.01, max: 98 } as const;
export const MULTIPLIER_RANGE = { min: 1.0102, max: 1_000_000 } as const;

export function startRules(base: number, params: Partial<GameParams> = {}): RuleState {
  return {
    base,
    amount: base,
    bets: 0,
    wins: 0,
    losses: 0,
    streak: 0,
    profit: 0,
    fib: 0,
    fired: [],
    params: { over: params.over ?? null, chance: null, multiplier: null },
  };
}

const clampAmount = (cents: number) => Math.min(MAX_RULE_AMOUNT, Math.max(1, Math.round(cents)));

/** The nth Fibonacci number from 1, 1, 2, 3, 5 … (i from 0). */
export function fibonacci(i: number): number {
  let a = 1;
  let b = 1;
  for (let k = 0; k < i; k++) [a, b] = [b, a + b];
  return a;
}

/** How many of the session's `event`s so far, and the current run of them, after the bet. */
function counts(s: RuleState, event: AutobetEvent): { total: number; run: number } {
  if (event === 'bet') return { total: s.bets, run: s.bets };
  if (event === 'win') return { total: s.wins, run: Math.max(0, s.streak) };
  return { total: s.losses, run: Math.max(0, -s.streak) };
}

/** Whether rule `index`'s trigger fires for the bet just settled (`won`). */
export function fires(t: Trigger, s: RuleState, won: boolean, index: number): boolean {
  if ('cmp' in t) {
    const v = t.on === 'profit' ? s.profit : -s.profit;
    return t.cmp === 'above' ? v > t.amount : v < t.amount;
  }
  // this bet must be one of the event's
  if (t.event === 'win' && !won) return false;
  if (t.event === 'loss' && won) return false;
  const { total, run } = counts(s, t.event);
  switch (t.on) {
    case 'every':
      return true;
    case 'everyNth':
      return total % t.n === 0;
    case 'streak':
      return run > 0 && run % t.n === 0;
    case 'first':
      return run === t.n && !s.fired.includes(index);
  }
}

function apply(a: Action, s: RuleState): RuleState {
  switch (a.do) {
    case 'increase':
      return { ...s, amount: clampAmount((s.amount * (100 + a.percent)) / 100) };
    case 'decrease':
      return { ...s, amount: clampAmount((s.amount * Math.max(0, 100 - a.percent)) / 100) };
    case 'add':
      return { ...s, amount: clampAmount(s.amount + a.amount) };
    case 'reset':
      return { ...s, amount: s.base, fib: 0 };
    case 'set':
      return { ...s, amount: clampAmount(a.amount) };
    case 'fibonacci': {
      const fib = Math.max(0, s.fib + a.steps);
      return { ...s, fib, amount: clampAmount(s.base * fibonacci(fib)) };
    }
    case 'switch':
      return { ...s, params: { ...s.params, over: !(s.params.over ?? false) } };
    case 'chance':
      return { ...s, params: { ...s.params, chance: a.value, multiplier: null } };
    case 'multiplier':
      return { ...s, params: { ...s.params, multiplier: a.value, chance: null } };
    case 'stop':
      return s;
  }
}

/**
 * One settled bet (`stake`, `payout` in cents; a win returned more than the stake): the counters,
 * then every rule in order, each firing on the state the rules before it left. A `stop` ends the
 * evaluation: the rules after it do not run.
 */
export function afterRules(
  rules: readonly Rule[],
  state: RuleState,
  bet: { stake: number; payout: number },
): { state: RuleState; stop: boolean } {
  const net = bet.payout - bet.stake;
  const won = net > 0;
  let s: RuleState = {
    ...state,
    bets: state.bets + 1,
    wins: state.wins + (won ? 1 : 0),
    losses: state.losses + (won ? 0 : 1),
    streak: won ? Math.max(0, state.streak) + 1 : Math.min(0, state.streak) - 1,
    profit: state.profit + net,
  };
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i] as Rule;
    if (!fires(rule.when, s, won, i)) continue;
    if (rule.when.on === 'first') s = { ...s, fired: [...s.fired, i] };
    if (rule.act.do === 'stop') return { state: s, stop: true };
    s = apply(rule.act, s);
  }
  return { state: s, stop: false };
}

/** The presets, filled for a base stake (d'Alembert's unit is the base). */
export const PRESETS = {
  martingale: (): Rule[] => [
    { when: { on: 'every', event: 'loss' }, act: { do: 'increase', percent: 100 } },
    { when: { on: 'every', event: 'win' }, act: { do: 'reset' } },
  ],
  paroli: (): Rule[] => [
    { when: { on: 'every', event: 'win' }, act: { do: 'increase', percent: 100 } },
    { when: { on: 'streak', n: 3, event: 'win' }, act: { do: 'reset' } },
    { when: { on: 'every', event: 'loss' }, act: { do: 'reset' } },
  ],
  dalembert: (base: number): Rule[] => [
    { when: { on: 'every', event: 'loss' }, act: { do: 'add', amount: base } },
    { when: { on: 'every', event: 'win' }, act: { do: 'add', amount: -base } },
  ],
  fibonacci: (): Rule[] => [
    { when: { on: 'every', event: 'loss' }, act: { do: 'fibonacci', steps: 1 } },
    { when: { on: 'every', event: 'win' }, act: { do: 'fibonacci', steps: -2 } },
  ],
} as const;
export type PresetName = keyof typeof PRESETS;
export const PRESET_LABELS: Record<PresetName, string> = {
  martingale: 'Martingale',
  paroli: 'Paroli',
  dalembert: "d'Alembert",
  fibonacci: 'Fibonacci',
};

// --- validation (the saved strategies' routes and the panel) ---

const count = z.number().int().min(1).max(10_000);
const event = z.enum(AUTOBET_EVENTS);
const cents = z.number().int().min(0).max(MAX_RULE_AMOUNT);

export const triggerSchema = z.discriminatedUnion('on', [
  z.object({ on: z.literal('every'), event }),
  z.object({ on: z.literal('everyNth'), n: count, event }),
  z.object({ on: z.literal('first'), n: count, event }),
  z.object({ on: z.literal('streak'), n: count, event }),
  z.object({ on: z.enum(['profit', 'loss']), cmp: z.enum(['above', 'below']), amount: cents }),
]);

export const actionSchema = z.discriminatedUnion('do', [
  z.object({ do: z.literal('increase'), percent: z.number().min(0).max(MAX_PERCENT) }),
  z.object({ do: z.literal('decrease'), percent: z.number().min(0).max(100) }),
  z.object({ do: z.literal('add'), amount: z.number().int().min(-MAX_RULE_AMOUNT).max(MAX_RULE_AMOUNT) }),
  z.object({ do: z.literal('reset') }),
  z.object({ do: z.literal('set'), amount: cents.min(1) }),
  z.object({ do: z.literal('fibonacci'), steps: z.number().int().min(-10).max(10) }),
  z.object({ do: z.literal('switch') }),
  z.object({ do: z.literal('chance'), value: z.number().min(CHANCE_RANGE.min).max(CHANCE_RANGE.max) }),
  z.object({
    do: z.literal('multiplier'),
    value: z.number().min(MULTIPLIER_RANGE.min).max(MULTIPLIER_RANGE.max),
  }),
  z.object({ do: z.literal('stop') }),
]);

export const ruleSchema = z.object({ when: triggerSchema, act: actionSchema });
export const rulesSchema = z
  .array(ruleSchema)
  .min(1, 'Add at least one rule.')
  .max(MAX_RULES, `At most ${MAX_RULES} rules.`);

/** The games whose autobet has the advanced mode (the instant games). */
export const STRATEGY_GAMES = [
  'dice',
  'limbo',
  'mines',
  'upgrader',
  'cases',
  'plinko',
  'wheel',
  'keno',
  'hilo',
] as const;
export type StrategyGame = (typeof STRATEGY_GAMES)[number];
export const strategyGame = z.enum(STRATEGY_GAMES, { error: 'Unknown game.' });
export const strategyName = z
  .string({ error: 'Name the strategy.' })
  .trim()
  .min(1, 'Name the strategy.')
  .max(40, 'At most 40 characters.');

/** PUT /api/autobet/strategies: save (or replace) a strategy of one game under a name. */
export const strategySaveBody = z.object({ game: strategyGame, name: strategyName, rules: rulesSchema });
/** DELETE /api/autobet/strategies */
export const strategyDeleteBody = z.object({ game: strategyGame, name: strategyName });
/** GET /api/autobet/strategies?game= */
export const strategyListQuery = z.object({ game: strategyGame });

export interface StrategyView {
  name: string;
  rules: Rule[];
  updated: string;
}
/** A player keeps at most this many strategies per game. */
export const MAX_STRATEGIES = 20;

import { afterRules, type GameParams, type Rule, type RuleState, startRules } from '@coinsite/shared/autobet';

/**
 * The autobet controller: pure rules, no timers, no sockets. The running loop (use-autobet.ts)
 * asks it after every settled bet what to stake next and whether to stop.
 * Amounts are integer cents.
 */

/** What to do to the stake after a win or a loss. */
export interface AdjustRule {
  /** true: back to the base stake; false: multiply the stake by (1 + percent / 100). */
  reset: boolean;
  /** The increase in percent (0 to 10 000) when `reset` is false. */
  percent: number;
}

export interface AutobetConfig {
  /** How many bets to place; 0 runs until a stop rule or the player stops it. */
  bets: number;
  onWin: AdjustRule;
  onLoss: AdjustRule;
  /** Stop once the session's net profit reaches this (cents); 0 = off. */
  stopOnProfit: number;
  /** Stop once the session's net loss reaches this (cents); 0 = off. */
  stopOnLoss: number;
  /** Stop after a single bet whose net profit is above this (cents); 0 = off. */
  stopOnWinAbove: number;
  /**
   * The advanced mode (packages/shared/src/autobet.ts): rules run in order after every bet instead
   * of onWin / onLoss. null: the simple mode.
   */
  rules?: readonly Rule[] | null;
}

export interface AutobetState {
  /** The stake the session started with (what "reset" goes back to). */
  base: number;
  /** The stake of the next bet. */
  amount: number;
  /** Bets settled so far. */
  played: number;
  wins: number;
  losses: number;
  /** Net profit of the session so far (negative on a loss). */
  profit: number;
  /** The advanced mode's state (its counters and the game inputs its rules changed). */
  rules?: RuleState;
}

/** The game inputs the rules changed (null fields: as the player set them). */
export const paramsOf = (state: AutobetState): GameParams | null => state.rules?.params ?? null;

export type StopReason = 'count' | 'profit' | 'loss' | 'bigWin' | 'rule';

export const STOP_TEXT: Record<StopReason | 'error' | 'player' | 'left' | 'offline', string> = {
  count: 'Autobet finished: all bets placed.',
  profit: 'Autobet stopped: its Stop on Profit target was reached.',
  // the autobet's own stop-loss, never the responsible-gaming loss limit (issue 28 item 10)
  loss: 'Autobet stopped: its Stop on Loss was reached.',
  bigWin: 'Autobet stopped: a win above your limit.',
  rule: 'Autobet stopped by one of your rules.',
  error: 'Autobet stopped: the bet was refused.',
  player: 'Autobet stopped.',
  left: 'Autobet stopped: you left the game.',
  offline: 'Autobet stopped: the connection was lost.',
};

export const DEFAULT_AUTOBET: AutobetConfig = {
  bets: 0,
  onWin: { reset: true, percent: 0 },
  onLoss: { reset: true, percent: 0 },
  stopOnProfit: 0,
  stopOnLoss: 0,
  stopOnWinAbove: 0,
};

const MAX_PERCENT = 10_000;

/** A config's problem in words, or null when it can run. */
export function autobetConfigError(config: AutobetConfig, base: number): string | null {
  if (!Number.isSafeInteger(base) || base <= 0) return 'Enter a bet amount above zero.';
  if (!Number.isSafeInteger(config.bets) || config.bets < 0) return 'The number of bets must be 0 or more.';
  for (const rule of [config.onWin, config.onLoss]) {
    if (!rule.reset && !(Number.isFinite(rule.percent) && rule.percent >= 0 && rule.percent <= MAX_PERCENT)) {
      return `The increase must be from 0 to ${MAX_PERCENT}%.`;
    }
  }
  for (const limit of [config.stopOnProfit, config.stopOnLoss, config.stopOnWinAbove]) {
    if (!Number.isSafeInteger(limit) || limit < 0) return 'Stop amounts must be 0 or more.';
  }
  return null;
}

export function startAutobet(base: number, params: Partial<GameParams> = {}): AutobetState {
  return { base, amount: base, played: 0, wins: 0, losses: 0, profit: 0, rules: startRules(base, params) };
}

/** The stake after a rule: the base, or the stake raised by the percentage (to the cent, at least 1). */
export function adjust(rule: AdjustRule, state: AutobetState): number {
  if (rule.reset) return state.base;
  return Math.max(1, Math.round((state.amount * (100 + rule.percent)) / 100));
}

/**
 * One settled bet: `stake` and `payout` (what came back, 0 on a loss) in cents. A bet wins when it
 * returned more than its stake. Returns the next state and, when the session must end, why.
 */
export function afterBet(
  config: AutobetConfig,
  state: AutobetState,
  bet: { stake: number; payout: number },
): { state: AutobetState; stop: StopReason | null } {
  const net = bet.payout - bet.stake;
  const won = net > 0;
  const settled: AutobetState = {
    ...state,
    played: state.played + 1,
    wins: state.wins + (won ? 1 : 0),
    losses: state.losses + (won ? 0 : 1),
    profit: state.profit + net,
  };
  let next: AutobetState;
  let ruleStop = false;
  if (config.rules && config.rules.length > 0) {
    const r = afterRules(config.rules, state.rules ?? startRules(state.base), bet);
    next = { ...settled, amount: r.state.amount, rules: r.state };
    ruleStop = r.stop;
  } else {
    next = { ...settled, amount: adjust(won ? config.onWin : config.onLoss, settled) };
  }
  let stop: StopReason | null = null;
  if (ruleStop) stop = 'rule';
  else if (config.stopOnWinAbove > 0 && net > config.stopOnWinAbove) stop = 'bigWin';
  else if (config.stopOnProfit > 0 && next.profit >= config.stopOnProfit) stop = 'profit';
  else if (config.stopOnLoss > 0 && -next.profit >= config.stopOnLoss) stop = 'loss';
  else if (config.bets > 0 && next.played >= config.bets) stop = 'count';
  return { state: next, stop };
}

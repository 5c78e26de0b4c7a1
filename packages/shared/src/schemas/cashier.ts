/**
 * The cashier: deposit and withdrawal bodies, the views the server answers with, and the pure
 * rules both sides share (limits, fees, converters). Amounts inside are integer cents of coins
 * (2 coins = 1 dollar); "usd cents" are cents of a dollar.
 */
import { z } from 'zod';
import { COINS_PER_DOLLAR } from '../money.ts';
import { levelForWagerCents } from '../vip.ts';
import { coinAmount, INTEGER_STRING, text, wireId, wireNumber } from './common.ts';

/** PROTOCOL.md §4 transaction states. */
export const TX_STATE = {
  notStarted: 0,
  pending: 1,
  declined: 2,
  completed: 3,
  manualReview: 4,
  refunded: 5,
  cancelled: 6,
} as const;
export type TxState = (typeof TX_STATE)[keyof typeof TX_STATE];

/** Labels of the profile's transactions tab (spec-2 §4). */
export const TX_STATE_LABELS: Record<number, string> = {
  0: 'Not Started',
  1: 'Pending',
  2: 'Declined',
  3: 'Completed',
  4: 'Manual Review',
  5: 'Refunded',
  6: 'Canceled',
};

/** economy.md defaults; the server lets the operator override each with an env value. */
export const CASHIER_DEFAULTS = {
  minCardDepositCents: 1_000,
  minCashappDepositCents: 1_000,
  /** $5.00 = 10.00 coins (economy.md: the legacy forms' $5 minimum). */
  minWithdrawCents: 1_000,
  minDepositedForWithdrawCents: 500,
  dailyDepositCents: 50_000,
  dailyWithdrawCents: 200_000,
  cashappFeeBp: 300,
  confirmations: 8,
  /** VIP rule: from this level on, the daily limits are multiplied by vipLimitMultiplier. */
  vipLimitLevel: 50,
  vipLimitMultiplier: 2,
} as const;

export const GIFT_CARD_VALUES_USD = [5, 10, 15, 20, 50, 100] as const;

export const SKIN_GAMES = ['csgo', 'rust', 'dota2'] as const;
export type SkinGame = (typeof SKIN_GAMES)[number];

/** Deposit currencies of the cashier (tile keys). usdt travels on BSC, usdc on Ethereum. */
export const CRYPTO_CURRENCIES = ['btc', 'eth', 'ltc', 'doge', 'usdt', 'usdc', 'sol'] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];

export interface CryptoMeta {
  name: string;
  symbol: string;
  /** Decimals of the smallest unit on its chain. */
  decimals: number;
  /** The address family that receives it (usdt/usdc share the EVM address). */
  addressKind: 'btc' | 'ltc' | 'doge' | 'evm' | 'sol';
  warning: string;
}

export const CRYPTO_META: Record<CryptoCurrency, CryptoMeta> = {
  btc: {
    name: 'Bitcoin',
    symbol: 'BTC',
    decimals: 8,
    addressKind: 'btc',
    warning: 'Only deposit on the Bitcoin Network!',
  },
  eth: {
    name: 'Ethereum',
    symbol: 'ETH',
    decimals: 18,
    addressKind: 'evm',
    warning: 'Only deposit on the ERC-20 Network!',
  },
  ltc: {
    name: 'Litecoin',
    symbol: 'LTC',
    decimals: 8,
    addressKind: 'ltc',
    warning: 'Only deposit on the Litecoin Network!',
  },
  doge: {
    name: 'Dogecoin',
    symbol: 'DOGE',
    decimals: 8,
    addressKind: 'doge',
    warning: 'Only deposit on the Dogecoin Network!',
  },
  usdt: {
    name: 'USDT',
    symbol: 'USDT',
    decimals: 18,
    addressKind: 'evm',
    warning: 'Only deposit on the BSC-20 Network!',
  },
  usdc: {
    name: 'USDC',
    symbol: 'USDC',
    decimals: 6,
    addressKind: 'evm',
    warning: 'Only deposit on the ERC-20 Network!',
  },
  sol: {
    name: 'Solana',
    symbol: 'SOL',
    decimals: 9,
    addressKind: 'sol',
    warning: 'Only deposit on the Solana Network!',
  },
};

/** Withdrawal methods of POST /cashier/crypto/withdraw (CASH is CashApp, the address a cashtag). */
export const WITHDRAW_CURRENCIES = ['BTC', 'ETH', 'LTC', 'CASH'] as const;
export type WithdrawCurrency = (typeof WITHDRAW_CURRENCIES)[number];

/**
 * Ledger kinds that are free coins, listed in the profile's "free" transactions (action = the kind
 * with dashes: 'sent-tip' and 'rain-tip' show in red). A module adding a free-coin kind adds it here.
 */
export const FREE_LEDGER_KINDS = [
  'coupon',
  'affiliate_bonus',
  'affiliate_claim',
  'rakeback',
  'faucet',
  'daily_case',
  'level_case',
  'rain',
  'rain_tip',
  'sent_tip',
  'received_tip',
  'trivia',
  'giveaway',
  'race',
  'race_prize',
] as const;

/** Texts the cashier shows, verbatim from spec-1 §8 where it gives them. */
export const CASHIER_TEXT = {
  loginRequired: 'Please log in to view cashier.',
  addressesFailed:
    'There was an error while fetching your crypto deposit information. Please try again later!',
  copied: 'Successfully copied deposit address.',
  copyFailed: 'Failed to copy deposit address',
  cashappStartFailed: 'Failed to start CashApp process',
  cashappCheckFailed: 'Failed to check CashApp payment',
  giftcardGeneric: 'There was an error while claiming this Giftcard code. Please try again later!',
  withdrawGeneric: 'There was an error while requesting this withdrawal. Please try again later!',
  depositsDisabled: 'Deposits are currently disabled.',
  withdrawsDisabled: 'Withdrawals are currently disabled.',
} as const;

/** The success toast of a withdrawal request (spec-1 §8; "..." filled with what is paid out). */
export function withdrawSuccessText(siteValue: number, paidOut: string): string {
  return `Successfully withdrawed ${siteValue.toFixed(2)} credits for ${paidOut}! Your withdrawal should manual confirm within a few minutes!`;
}

// ---- pure rules -------------------------------------------------------------------------------

/** Dollar cents worth a coin amount (2 coins = 1 dollar), floored. */
export function coinCentsToUsdCents(cents: number): number {
  return Math.floor(cents / COINS_PER_DOLLAR);
}

/** Coin cents worth a dollar amount. */
export function usdCentsToCoinCents(usdCents: number): number {
  return usdCents * COINS_PER_DOLLAR;
}

/** The daily limits of a player: VIP level ≥ vipLimitLevel multiplies both (economy.md "VIP higher"). */
export function dailyLimitsFor(
  wagerCents: number,
  base: { depositCents: number; withdrawCents: number; vipLevel?: number; vipMultiplier?: number },
): { depositCents: number; withdrawCents: number; level: number; vip: boolean } {
  const level = levelForWagerCents(wagerCents).level;
  const vip = level >= (base.vipLevel ?? CASHIER_DEFAULTS.vipLimitLevel);
  const k = vip ? (base.vipMultiplier ?? CASHIER_DEFAULTS.vipLimitMultiplier) : 1;
  return { depositCents: base.depositCents * k, withdrawCents: base.withdrawCents * k, level, vip };
}

/**
 * One band of the card fee table (issue 14 item 12): from `fromUsdCents` of deposit value up to the
 * next band, the card checkout adds `bp` basis points of the value plus `fixedUsdCents`.
 */
export interface CardFeeBand {
  fromUsdCents: number;
  bp: number;
  fixedUsdCents: number;
}

/** The default table (operator setting CARD_FEES): 4.9 % + $0.30 under $50, 3.9 % + $0.30 to $200, 2.9 % + $0.30 above. */
export const DEFAULT_CARD_FEES: readonly CardFeeBand[] = [
  { fromUsdCents: 0, bp: 490, fixedUsdCents: 30 },
  { fromUsdCents: 5_000, bp: 390, fixedUsdCents: 30 },
  { fromUsdCents: 20_000, bp: 290, fixedUsdCents: 30 },
];

/** The band a deposit of `usdCents` falls in (the table is sorted by fromUsdCents, first from 0). */
export function cardFeeBand(
  usdCents: number,
  table: readonly CardFeeBand[] = DEFAULT_CARD_FEES,
): CardFeeBand {
  let band = table[0] ?? { fromUsdCents: 0, bp: 0, fixedUsdCents: 0 };
  for (const b of table) if (usdCents >= b.fromUsdCents) band = b;
  return band;
}

/** The card fee added on top of a deposit worth `usdCents`, rounded up to the cent. */
export function cardFeeCents(usdCents: number, table: readonly CardFeeBand[] = DEFAULT_CARD_FEES): number {
  if (usdCents <= 0) return 0;
  const band = cardFeeBand(usdCents, table);
  return Math.ceil((usdCents * band.bp) / 10_000) + band.fixedUsdCents;
}

/**
 * Parses the CARD_FEES setting: comma-separated bands "from$:percent+fixed$", e.g.
 * "0:4.9+0.30,50:3.9+0.30,200:2.9+0.30". Returns the sorted table or the sentence saying what is wrong.
 */
export function parseCardFees(text: string): CardFeeBand[] | string {
  const bands: CardFeeBand[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^(\d+(?:\.\d{1,2})?):(\d+(?:\.\d{1,2})?)\+(\d+(?:\.\d{1,2})?)$/.exec(part);
    if (!m) return `bad band "${part}" (expected from$:percent+fixed$, e.g. 50:3.9+0.30)`;
    const bp = Math.round(Number(m[2]) * 100);
    if (bp > 5_000) return `the percentage of "${part}" is over 50`;
    bands.push({
      fromUsdCents: Math.round(Number(m[1]) * 100),
      bp,
      fixedUsdCents: Math.round(Number(m[3]) * 100),
    });
  }
  if (bands.length === 0) return 'no bands';
  bands.sort((a, b) => a.fromUsdCents - b.fromUsdCents);
  if (bands[0]?.fromUsdCents !== 0) return 'the first band must start at 0';
  if (new Set(bands.map((b) => b.fromUsdCents)).size !== bands.length)
    return 'two bands start at the same amount';
  return bands;
}

/** CashApp's 3 % comes out of the amount; rounded up to the cent so the fee is never short. */
export function cashappFeeCents(amountCents: number, feeBp: number = CASHIER_DEFAULTS.cashappFeeBp): number {
  return Math.ceil((amountCents * feeBp) / 10_000);
}

/**
 * Playthrough (economy.md): each deposit adds its amount to what must be wagered, each bet lowers it,
 * never below zero. Given the deposits oldest first, each with the wager total when it was credited,
 * and the wager now, returns what is still to wager. Equivalent to replaying the counter floored at 0.
 */
export function wagerStillNeeded(
  deposits: ReadonlyArray<{ amountCents: number; wagerAtCents: number }>,
  wagerNowCents: number,
): number {
  let needed = 0;
  let suffix = 0;
  for (let k = deposits.length - 1; k >= 0; k--) {
    const d = deposits[k];
    if (!d) continue;
    suffix += d.amountCents;
    needed = Math.max(needed, suffix - (wagerNowCents - d.wagerAtCents));
  }
  return Math.max(0, needed);
}

/**
 * Converter fields (spec-1 §5): digits (and one decimal point) only, empty allowed; anything else is
 * ignored (null); the kept text is truncated to 2 decimals.
 */
export function converterInput(text: string): string | null {
  if (!/^\d*\.?\d*$/.test(text)) return null;
  const dot = text.indexOf('.');
  return dot >= 0 && text.length - dot > 3 ? text.slice(0, dot + 3) : text;
}

function textToCents(text: string): number | null {
  if (text === '' || text === '.') return null;
  const [whole = '0', frac = ''] = text.split('.');
  const cents = Number(whole || '0') * 100 + Number(frac.padEnd(2, '0').slice(0, 2));
  return Number.isSafeInteger(cents) ? cents : null;
}

function centsToText(cents: number): string {
  const whole = Math.floor(cents / 100);
  const frac = cents % 100;
  if (frac === 0) return String(whole);
  return `${whole}.${String(frac).padStart(2, '0')}`.replace(/0$/, '');
}

/** Coins → dollars: halve, truncated to the cent. Empty stays empty. */
export function halveAmountText(text: string): string {
  const cents = textToCents(text);
  return cents === null ? '' : centsToText(Math.floor(cents / 2));
}

/** Dollars → coins: double. Empty stays empty. */
export function doubleAmountText(text: string): string {
  const cents = textToCents(text);
  return cents === null ? '' : centsToText(cents * 2);
}

/** A converter's text as cents (0 when empty). */
export function amountTextToCents(text: string): number {
  return textToCents(text) ?? 0;
}

// ---- HTTP bodies ------------------------------------------------------------------------------

export const cardInitializeBody = z.object({ site_value: coinAmount });
/** `deposit_amount` is in dollars (PROTOCOL §4). */
export const cashappInitializeBody = z.object({ deposit_amount: coinAmount });
export const cashappCheckBody = z.object({
  payment_link: text('receipt link', 'Please paste your Cash App web receipt link.')
    .min(1, 'Please paste your Cash App web receipt link.')
    .max(500, 'That receipt link is too long.'),
});
export const giftcardRedeemBody = z.object({
  code: text('gift card code', 'Please enter a gift card code.')
    .min(1, 'Please enter a gift card code.')
    .max(64, 'That gift card code is invalid.'),
});
/** user_id is what the original client sends; the server uses the session's user, never this. */
export const skinsOrderBody = z.object({
  user_id: z.unknown().optional(),
  game: z.enum(SKIN_GAMES, { error: 'Unknown skin marketplace.' }).optional(),
});
export const withdrawBody = z.object({
  currency: z.enum(WITHDRAW_CURRENCIES, { error: 'Please choose a withdrawal method.' }),
  address: text('address', 'Please enter your address.')
    .min(1, 'Please enter your address.')
    .max(128, 'That address is too long.'),
  amount: coinAmount,
  /** Issue 16: the second factor when the account has 2FA on (the original client never sends it). */
  twoFactorCode: z.string().trim().max(32, 'That code is too long.').optional(),
});

/** Admin: import gift-card codes of one value. */
export const giftcardImportBody = z.object({
  value: wireNumber(
    z
      .number({ error: 'Please choose a gift card value.' })
      .refine(
        (v) => (GIFT_CARD_VALUES_USD as readonly number[]).includes(v),
        'Gift card values are 5, 10, 15, 20, 50 or 100.',
      ),
  ),
  codes: z
    .array(text('gift card code').min(6, 'Gift card codes are at least 6 characters.').max(64), {
      error: 'Please give a list of codes.',
    })
    .min(1, 'Please give at least one code.')
    .max(1000, 'Import at most 1,000 codes at a time.'),
});
export const txIdParams = z.object({ id: z.string().regex(/^[0-9]{1,18}$/, 'Invalid transaction id.') });
export const confirmTxBody = z.object({ txid: text('txid').max(200, 'The txid is too long.').optional() });
export const txListQuery = z.object({
  type: z.enum(['deposit', 'withdraw']).optional(),
  state: wireNumber(z.number().int().min(0).max(6), INTEGER_STRING).optional(),
  limit: wireNumber(z.number().int().min(1).max(500), INTEGER_STRING).default(200),
});

const cryptoCurrency = z.enum(CRYPTO_CURRENCIES, { error: 'Unknown currency.' });
/** Admin, sandbox chain: send a deposit (amount in the coin's units, e.g. "0.0125"). */
export const sandboxSendBody = z.object({
  currency: cryptoCurrency,
  address: text('address').min(1, 'Please enter an address.').max(128),
  amount: z
    .string({ error: 'Please enter an amount.' })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,18})?$/, 'Please enter an amount such as 0.01.'),
});
export const sandboxMineBody = z.object({
  currency: cryptoCurrency,
  blocks: wireNumber(z.number().int().min(1, 'Mine at least one block.').max(100), INTEGER_STRING).default(1),
});

/** A card provider webhook (ArkPay's transaction status change). */
export const arkpayWebhookBody = z.object({
  id: text('id').min(1).max(100),
  merchantTransactionId: text('merchantTransactionId').min(1).max(100),
  status: z.enum(['NOT_STARTED', 'PROCESSING', 'COMPLETED', 'FAILED', 'CANCELLED']),
  amount: wireNumber(z.number()).optional(),
  currency: text('currency').max(10).optional(),
});
/** A skin-payment callback: the order paid with skins worth `amount` dollars. */
export const skinsCallbackBody = z.object({
  status: z.enum(['success', 'pending', 'fail']),
  order_id: wireId('Invalid order id.'),
  transaction_id: z.coerce.string().pipe(text('transaction_id').min(1).max(100)),
  amount: wireNumber(z.number()).optional(),
});

/** Sandbox pages (served by this site when a provider runs in sandbox mode). */
export const sandboxIdParams = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{6,80}$/, 'Unknown payment.'),
});
export const sandboxCashappPayBody = z.object({
  to: z.string().regex(/^\$[A-Za-z][A-Za-z0-9_]{0,19}$/, 'Unknown cashtag.'),
  amount: z.string().regex(/^[0-9]{1,7}(\.[0-9]{1,2})?$/, 'Enter an amount such as 5.00.'),
  note: text('note').max(64).default(''),
});
export const sandboxSkinsDepositBody = z.object({
  skin: wireNumber(z.number().int().min(0).max(20), INTEGER_STRING),
  game: z.enum(SKIN_GAMES).optional(),
});

// ---- views ------------------------------------------------------------------------------------

export type CryptoAddressesView = Record<CryptoCurrency, { address: string; dataUrl: string }>;

export interface TxView {
  _id: string;
  type: 'deposit' | 'withdraw';
  currency: string;
  siteValue: number;
  state: number;
  txid: string | null;
  created: string;
  /** A crypto deposit: the amount seen on chain, its confirmations and how many credit it. */
  crypto?: { amount: string; confirmations: number; required: number };
}
export interface FreeEntryView {
  _id: string;
  action: string;
  amount: number;
  created: string;
}
export interface TxsView {
  deposits: TxView[];
  withdraws: TxView[];
  free: FreeEntryView[];
}
export interface WithdrawResult {
  siteValue: number;
  usdValue: number;
  cryptoValue: number | null;
  state: number;
}
export interface AdminTxView extends TxView {
  _user: { _id: string; username: string; avatar: string };
  usdValue: number;
  cryptoValue: number | null;
  address: string | null;
  method: string;
  /** Set on a credited deposit an admin should look at: 'over_daily_limit'. */
  reviewFlag: string | null;
}
export interface CashierConfigView {
  sandbox: { card: boolean; cashapp: boolean; giftcard: boolean; skins: boolean; crypto: boolean };
  minCardDeposit: number;
  minCashappDeposit: number;
  minWithdraw: number;
  cashappFeePercent: number;
  /** Coins added on top of a crypto withdrawal for the network fee. */
  networkFees: Record<'BTC' | 'ETH' | 'LTC', number>;
  /** Dollars per unit of each crypto currency. */
  rates: Record<CryptoCurrency, number>;
  /** Confirmations a crypto deposit needs before it is credited. */
  confirmations: number;
  dailyDepositLimit: number;
  dailyWithdrawLimit: number;
  depositedToday: number;
  withdrawnToday: number;
  vip: boolean;
  giftcardShopUrl: string;
  /** The card fee table: bands by deposit value in dollars, each a percentage plus a fixed fee. */
  cardFees: Array<{ fromUsd: number; percent: number; fixedUsd: number }>;
  /** The gift-card products, each with its own page at the shop (operator setting). */
  giftcardProducts: Array<{ value: number; url: string }>;
}

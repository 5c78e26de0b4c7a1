import {
  CASHIER_DEFAULTS,
  type CardFeeBand,
  CRYPTO_CURRENCIES,
  type CryptoCurrency,
  DEFAULT_CARD_FEES,
  GIFT_CARD_VALUES_USD,
  parseCardFees,
} from '@coinsite/shared';
import { z } from 'zod';
import { ConfigError } from '../../platform/config.ts';

/**
 * The cashier's operator settings (README "Cashier and payments"). Every integration is a sandbox
 * until its real credentials are set. Read from the environment at boot; a bad value stops boot.
 */
const coins = (fallbackCents: number) =>
  z.coerce
    .number({ error: 'must be a number of coins' })
    .min(0, 'must not be negative')
    .transform((v) => Math.round(v * 100))
    .default(fallbackCents);
const url = z.url({ error: 'must be a URL' });
const optional = (s: z.ZodType<string>) => s.optional();

const schema = z.object({
  CASHIER_DAILY_DEPOSIT_LIMIT: coins(CASHIER_DEFAULTS.dailyDepositCents),
  CASHIER_DAILY_WITHDRAW_LIMIT: coins(CASHIER_DEFAULTS.dailyWithdrawCents),
  CASHIER_MIN_WITHDRAW: coins(CASHIER_DEFAULTS.minWithdrawCents),
  CASHIER_VIP_LIMIT_LEVEL: z.coerce.number().int().min(1).max(500).default(CASHIER_DEFAULTS.vipLimitLevel),
  CASHIER_VIP_LIMIT_MULTIPLIER: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(CASHIER_DEFAULTS.vipLimitMultiplier),
  /** Crypto withdrawals at or above this many coins wait in manual review (state 4). */
  CASHIER_REVIEW_ABOVE: coins(100_000),
  CASHAPP_FEE_PCT: z.coerce
    .number()
    .min(0)
    .max(50)
    .default(CASHIER_DEFAULTS.cashappFeeBp / 100),
  /** The card fee table, "from$:percent+fixed$" bands: see parseCardFees (default DEFAULT_CARD_FEES). */
  CARD_FEES: z.string().optional(),
  WITHDRAW_FEE_BTC: coins(400),
  WITHDRAW_FEE_ETH: coins(600),
  WITHDRAW_FEE_LTC: coins(20),
  /** Dollars per unit, e.g. "BTC=60000,ETH=3000". Unlisted currencies keep their default. */
  CRYPTO_RATES_USD: z.string().optional(),
  CRYPTO_CONFIRMATIONS: z.coerce.number().int().min(1).max(1000).default(CASHIER_DEFAULTS.confirmations),
  CRYPTO_POLL_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),

  ARKPAY_API_URL: url.default('https://arkpay.com/api/v1'),
  ARKPAY_API_KEY: optional(z.string().min(1)),
  ARKPAY_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /** Unset: a random secret generated once per installation (sandbox-secrets.ts). */
  ARKPAY_SANDBOX_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),

  CASHAPP_CASHTAG: optional(z.string().regex(/^\$[A-Za-z][A-Za-z0-9_]{0,19}$/, 'must look like $Cashtag')),
  CASHAPP_RECEIPT_JSON_URL: url.default('https://cash.app/receipt-json/f/'),

  SKINSBACK_API_URL: url.default('https://skinsback.com/api.php'),
  SKINSBACK_SHOP_ID: optional(z.string().min(1)),
  SKINSBACK_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  SKINSBACK_SANDBOX_SECRET: optional(z.string().min(16, 'must be at least 16 characters')),
  /**
   * The most one deposit may credit, per provider: a request above it is refused, a provider
   * notice above it gets 400 (a signed notice is still only as trustworthy as its secret).
   */
  CASHIER_MAX_DEPOSIT_CARD: coins(1_000_000),
  CASHIER_MAX_DEPOSIT_CASHAPP: coins(1_000_000),
  CASHIER_MAX_DEPOSIT_SKINS: coins(1_000_000),
  /** true: run the payment sandboxes even in production; false: refuse to boot with any of them. */
  SANDBOX_PAYMENTS: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .transform((v) => v === '1' || v === 'true' || v === 'yes')
    .optional(),
  NODE_ENV: optional(z.string()),

  GIFTCARD_SANDBOX_CODES: z
    .enum(['1', '0', 'true', 'false', 'yes', 'no'])
    .transform((v) => v === '1' || v === 'true' || v === 'yes')
    .default(true),
  GIFTCARD_SHOP_URL: url.default('https://www.kinguin.net/'),
  /**
   * Each gift-card product's own page, "5=https://…,10=https://…" (values 5, 10, 15, 20, 50, 100).
   * A value left out links to the shop's search for that card.
   */
  GIFTCARD_PRODUCT_URLS: z.string().optional(),

  CRYPTO_XPUB_BTC: optional(z.string().min(100)),
  CRYPTO_XPUB_LTC: optional(z.string().min(100)),
  CRYPTO_XPUB_DOGE: optional(z.string().min(100)),
  CRYPTO_XPUB_ETH: optional(z.string().min(100)),
  CRYPTO_SOL_SEED: optional(
    z.string().regex(/^[0-9a-fA-F]{64,128}$/, 'must be a hex seed of 32 to 64 bytes'),
  ),
  CRYPTO_BLOCKBOOK_BTC: optional(url),
  CRYPTO_BLOCKBOOK_LTC: optional(url),
  CRYPTO_BLOCKBOOK_DOGE: optional(url),
  CRYPTO_BLOCKBOOK_ETH: optional(url),
  CRYPTO_BLOCKBOOK_BSC: optional(url),
  CRYPTO_SOL_RPC_URL: optional(url),
  CRYPTO_USDC_CONTRACT: z.string().default('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'),
  CRYPTO_USDT_CONTRACT: z.string().default('0x55d398326f99059fF775485246999027B3197955'),
});

export type CashierEnv = z.infer<typeof schema>;

export interface CashierConfig extends CashierEnv {
  rates: Record<CryptoCurrency, number>;
  cashappFeeBp: number;
  cardFees: readonly CardFeeBand[];
  /** The page of each gift-card product, by dollar value. */
  giftcardProducts: Record<number, string>;
}

function parseGiftcardProducts(text: string | undefined, shop: string): Record<number, string> {
  const urls: Record<number, string> = {};
  for (const v of GIFT_CARD_VALUES_USD) {
    const search = new URL('listing', shop);
    search.searchParams.set('phrase', `CoinSite gift card ${v} USD`);
    urls[v] = search.toString();
  }
  if (!text) return urls;
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const at = part.indexOf('=');
    const value = Number(part.slice(0, at));
    const link = part.slice(at + 1).trim();
    if (at < 1 || !(GIFT_CARD_VALUES_USD as readonly number[]).includes(value) || !/^https?:\/\//.test(link))
      throw new ConfigError(
        `Invalid environment variable GIFTCARD_PRODUCT_URLS: bad entry "${part}" (expected value=https://…, values ${GIFT_CARD_VALUES_USD.join(', ')})`,
      );
    urls[value] = new URL(link).toString();
  }
  return urls;
}

const DEFAULT_RATES: Record<CryptoCurrency, number> = {
  btc: 60_000,
  eth: 3_000,
  ltc: 80,
  doge: 0.15,
  usdt: 1,
  usdc: 1,
  sol: 150,
};

function parseRates(text: string | undefined): Record<CryptoCurrency, number> {
  const rates = { ...DEFAULT_RATES };
  if (!text) return rates;
  for (const part of text.split(',')) {
    const [name = '', value = ''] = part.split('=').map((s) => s.trim());
    const key = name.toLowerCase() as CryptoCurrency;
    const rate = Number(value);
    if (!CRYPTO_CURRENCIES.includes(key) || !(rate > 0) || !Number.isFinite(rate))
      throw new ConfigError(`Invalid environment variable CRYPTO_RATES_USD: bad entry "${part.trim()}"`);
    rates[key] = rate;
  }
  return rates;
}

export function loadCashierConfig(env: Record<string, string | undefined> = process.env): CashierConfig {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    throw new ConfigError(`Invalid environment variable ${key}: ${issue?.message ?? 'invalid'}`);
  }
  const c = parsed.data;
  if ((c.ARKPAY_API_KEY === undefined) !== (c.ARKPAY_SECRET === undefined))
    throw new ConfigError('ARKPAY_API_KEY and ARKPAY_SECRET must be set together');
  if ((c.SKINSBACK_SHOP_ID === undefined) !== (c.SKINSBACK_SECRET === undefined))
    throw new ConfigError('SKINSBACK_SHOP_ID and SKINSBACK_SECRET must be set together');
  const sandboxes = paymentSandboxes(c);
  const production = c.NODE_ENV === 'production' || c.SANDBOX_PAYMENTS === false;
  if (production && c.SANDBOX_PAYMENTS !== true && sandboxes.length > 0)
    throw new ConfigError(
      `Payment sandboxes would run in production (${sandboxes.join(', ')}): anyone could pay with them. Set the providers' keys (and GIFTCARD_SANDBOX_CODES=false), or SANDBOX_PAYMENTS=true to run them anyway`,
    );
  const cardFees = c.CARD_FEES ? parseCardFees(c.CARD_FEES) : [...DEFAULT_CARD_FEES];
  if (typeof cardFees === 'string')
    throw new ConfigError(`Invalid environment variable CARD_FEES: ${cardFees}`);
  return {
    ...c,
    rates: parseRates(c.CRYPTO_RATES_USD),
    cashappFeeBp: Math.round(c.CASHAPP_FEE_PCT * 100),
    cardFees,
    giftcardProducts: parseGiftcardProducts(c.GIFTCARD_PRODUCT_URLS, c.GIFTCARD_SHOP_URL),
  };
}

/**
 * The deposit methods that would run as a sandbox anyone can pay with. The crypto sandbox chain is
 * not one of them: only an admin can send on it.
 */
export function paymentSandboxes(c: CashierEnv): string[] {
  const names: string[] = [];
  if (!c.ARKPAY_API_KEY) names.push('card');
  if (!c.CASHAPP_CASHTAG) names.push('Cash App');
  if (!c.SKINSBACK_SHOP_ID) names.push('skins');
  if (c.GIFTCARD_SANDBOX_CODES) names.push('gift card test codes');
  return names;
}

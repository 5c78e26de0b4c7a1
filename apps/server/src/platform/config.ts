import { z } from 'zod';
import { DEFAULT_REFUSED_REGIONS } from '@coinsite/shared';

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const url = (what: string) => z.url({ error: `${what} must be a URL` });

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** Issue 31: an optional PostgreSQL replica for the back office's reads (the rollups stay on the primary). */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_READ_URL must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'DATABASE_POOL_SIZE must be a number' })
    .int('DATABASE_POOL_SIZE must be a whole number')
    .min(1, 'DATABASE_POOL_SIZE must be at least 1')
    .max(500, 'DATABASE_POOL_SIZE must be at most 500')
    .default(16),
  /** Issue 18: most players' bets settled together in one statement (1: every bet alone). */
  BET_GROUP_MAX: z.coerce
    .number({ error: 'BET_GROUP_MAX must be a number' })
    .int('BET_GROUP_MAX must be a whole number')
    .min(1, 'BET_GROUP_MAX must be at least 1')
    .max(500, 'BET_GROUP_MAX must be at most 500')
    .default(64),
  /** Most bet statements running at once (at most DATABASE_POOL_SIZE); later bets group up meanwhile. */
  BET_GROUP_IN_FLIGHT: z.coerce
    .number({ error: 'BET_GROUP_IN_FLIGHT must be a number' })
    .int('BET_GROUP_IN_FLIGHT must be a whole number')
    .min(1, 'BET_GROUP_IN_FLIGHT must be at least 1')
    .max(500, 'BET_GROUP_IN_FLIGHT must be at most 500')
    .default(2),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /**
   * Put before every Redis key and Socket.IO adapter channel, so that several sites (or test runs)
   * can share one Redis without hearing each other. Empty (default): today's names.
   */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]*$/, 'REDIS_PREFIX may only hold letters, digits and _ . : -')
    .max(64, 'REDIS_PREFIX must be at most 64 characters')
    .default(''),
  PUBLIC_URL: url('PUBLIC_URL').optional(),
  /** Where players open the site (affiliate links), when a client is hosted apart from the API. */
  FRONTEND_URL: url('FRONTEND_URL').optional(),
  ADMIN_EMAIL: z.email({ error: 'ADMIN_EMAIL must be an email address' }).optional(),
  ADMIN_PASSWORD: z.string().min(8, 'ADMIN_PASSWORD must be at least 8 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Coinsite <no-reply@localhost>'),
  /** Registration waits for a mailed link (no email enumeration); unset: on exactly when SMTP_URL is set. */
  REGISTER_CONFIRM_EMAIL: bool.optional(),
  /** Issue 16: US states (two-letter codes, comma-separated) refused at registration; the terms name NV and WA. */
  REFUSED_REGIONS: z
    .string()
    .regex(
      /^\s*([A-Za-z]{2}\s*(,\s*[A-Za-z]{2}\s*)*)?$/,
      'REFUSED_REGIONS must be two-letter codes, comma-separated',
    )
    .default(DEFAULT_REFUSED_REGIONS.join(',')),
  RECAPTCHA_SITE_KEY: z.string().min(1).optional(),
  RECAPTCHA_SECRET: z.string().min(1).optional(),
  RECAPTCHA_VERIFY_URL: url('RECAPTCHA_VERIFY_URL').default(
    'https://www.google.com/recaptcha/api/siteverify',
  ),
  STEAM_OPENID_URL: url('STEAM_OPENID_URL').default('https://steamcommunity.com/openid/login'),
  STEAM_API_KEY: z.string().min(1).optional(),
  STEAM_API_URL: url('STEAM_API_URL').default('https://api.steampowered.com'),
  EOS_RPC_URL: url('EOS_RPC_URL').optional(),
  CORS_ORIGIN: z.string().optional(),
  RATE_LIMIT_FACTOR: z.coerce
    .number({ error: 'RATE_LIMIT_FACTOR must be a number' })
    .positive('RATE_LIMIT_FACTOR must be greater than 0')
    .default(1),
  DICE_EDGE_PCT: z.coerce.number().min(0).max(50).default(1),
  LIMBO_EDGE_PCT: z.coerce.number().min(0).max(50).default(1),
  MINES_EDGE_PCT: z.coerce.number().min(0).max(50).default(1),
  /** Blackjack (issue 17): the dealer hits soft 17 (default: stands on all 17s). */
  BLACKJACK_HIT_SOFT_17: bool.default(false),
  /** What a blackjack pays on top of the stake, "3:2" (default) or e.g. "6:5". */
  BLACKJACK_PAYS: z
    .string()
    .regex(/^[1-9][0-9]?:[1-9][0-9]?$/, 'BLACKJACK_PAYS must look like 3:2')
    .default('3:2'),
  BLACKJACK_INSURANCE: bool.default(true),
  BLACKJACK_DOUBLE_AFTER_SPLIT: bool.default(true),
  /** An open hand with no action for this long is played out: every hand stands, the dealer plays. */
  BLACKJACK_IDLE_SECONDS: z.coerce.number().int().min(10).max(86_400).default(300),
  /** Coins one dice, limbo or mines bet may win over its stake (economy.md: 1,000.00, as crash). */
  MAX_PROFIT: z.coerce
    .number({ error: 'MAX_PROFIT must be a number of coins' })
    .min(0.01, 'MAX_PROFIT must be at least 0.01')
    .max(10_000_000, 'MAX_PROFIT must be at most 10,000,000')
    .default(1000),
  /**
   * The leader lease bound (ms): a follower takes over a leader whose heartbeat is older than this;
   * the leader renews it every quarter of it and stops acting once its own lease has run out.
   */
  LEADER_LEASE_MS: z.coerce.number().int().min(200).max(60_000).default(3000),
  /** How long a crash round takes bets (economy.md: 9 s; shorter only to make tests quick). */
  CRASH_BETTING_MS: z.coerce.number().int().min(1000).max(60_000).default(9000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  SERVE_WEB: bool.default(true),
  /**
   * The back office's leader loop (rollup every minute, ledger check every 15 minutes). Off: the
   * figures stop at the last run (an operator who reads them elsewhere; bench:bets without it).
   */
  BACKOFFICE_ROLLUP: bool.default(true),
  TRUST_PROXY: bool.default(false),
  /** Bearer token a Prometheus scraper sends to GET /metrics; unset: /metrics is 404. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

export type Config = z.infer<typeof schema> & {
  publicUrl: string;
  /**
   * Where players open the site (affiliate links, the slots lobby): FRONTEND_URL, else the first
   * CORS_ORIGIN (the front end served from another origin), else publicUrl; no trailing slash.
   */
  frontendUrl: string;
  corsOrigins: string[];
  /** REGISTER_CONFIRM_EMAIL resolved against its default. */
  registerConfirmEmail: boolean;
  /** REFUSED_REGIONS, upper-cased. */
  refusedRegions: string[];
};

export class ConfigError extends Error {}

/** Parses the environment; a bad value becomes one clear line (ConfigError). */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const key = issue?.path.join('.') ?? 'environment';
    const value = cleaned[key];
    throw new ConfigError(
      `Invalid environment variable ${key}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue?.message ?? 'invalid'}`,
    );
  }
  const c = parsed.data;
  const publicUrl = (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, '');
  const corsOrigins = (c.CORS_ORIGIN ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const firstOrigin = corsOrigins.find((o) => /^https?:\/\/[^*]+$/.test(o));
  return {
    ...c,
    publicUrl,
    frontendUrl: (c.FRONTEND_URL ?? firstOrigin ?? publicUrl).replace(/\/$/, ''),
    corsOrigins,
    // the outbox only writes files, so without SMTP a newcomer could never finish signing up
    registerConfirmEmail: c.REGISTER_CONFIRM_EMAIL ?? c.SMTP_URL !== undefined,
    refusedRegions: c.REFUSED_REGIONS.split(',')
      .map((r) => r.trim().toUpperCase())
      .filter(Boolean),
  };
}

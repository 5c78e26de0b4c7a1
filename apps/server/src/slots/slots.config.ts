import { z } from 'zod';
import { ConfigError } from '../platform/config.ts';

/**
 * Slot provider settings (issue 12), read from the environment at boot. Without PRAGMATIC_SECURE_LOGIN,
 * PRAGMATIC_SECRET_KEY and PRAGMATIC_API_URL the provider is the built-in sandbox.
 */
const schema = z.object({
  /** The operator login Pragmatic Play issues (the launch call). */
  PRAGMATIC_SECURE_LOGIN: z.string().min(1).optional(),
  /** The secret both sides sign with (the wallet calls' hash, the launch call). */
  PRAGMATIC_SECRET_KEY: z.string().min(8, 'PRAGMATIC_SECRET_KEY must be at least 8 characters').optional(),
  /** The provider's API host (https://api.prerelease-env.biz and the like). */
  PRAGMATIC_API_URL: z.url({ error: 'PRAGMATIC_API_URL must be a URL' }).optional(),
  /** The providerId the provider sends (checked when set). */
  PRAGMATIC_PROVIDER_ID: z.string().min(1).default('PragmaticPlay'),
  /** Comma-separated addresses the wallet calls may come from (unset: any, the hash still applies). */
  PRAGMATIC_ALLOWED_IPS: z.string().optional(),
  /** The currency code the wallet reports (the account's currency at the provider). */
  PRAGMATIC_CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'PRAGMATIC_CURRENCY must be a 3-letter code')
    .default('USD'),
  /** Hours a launch token is accepted for authenticate and bet calls. */
  PRAGMATIC_SESSION_HOURS: z.coerce.number().int().min(1).max(720).default(24),
});

export interface SlotsConfig {
  real: boolean;
  secureLogin?: string;
  secretKey?: string;
  apiUrl?: string;
  providerId: string;
  allowedIps: string[];
  currency: string;
  sessionMs: number;
}

export function loadSlotsConfig(env: Record<string, string | undefined> = process.env): SlotsConfig {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const v = env[key];
    if (v !== undefined && v !== '') cleaned[key] = v;
  }
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid environment variable ${issue?.path.join('.')}: ${issue?.message}`);
  }
  const c = parsed.data;
  const set = [c.PRAGMATIC_SECURE_LOGIN, c.PRAGMATIC_SECRET_KEY, c.PRAGMATIC_API_URL].filter(Boolean).length;
  if (set > 0 && set < 3)
    throw new ConfigError(
      'PRAGMATIC_SECURE_LOGIN, PRAGMATIC_SECRET_KEY and PRAGMATIC_API_URL go together: set all three for the real provider, or none for the sandbox',
    );
  return {
    real: set === 3,
    secureLogin: c.PRAGMATIC_SECURE_LOGIN,
    secretKey: c.PRAGMATIC_SECRET_KEY,
    apiUrl: c.PRAGMATIC_API_URL,
    providerId: c.PRAGMATIC_PROVIDER_ID,
    allowedIps: (c.PRAGMATIC_ALLOWED_IPS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    currency: c.PRAGMATIC_CURRENCY,
    sessionMs: c.PRAGMATIC_SESSION_HOURS * 3_600_000,
  };
}

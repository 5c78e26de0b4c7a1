import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Captcha } from '../integrations/captcha.ts';
import type { Mailer } from '../integrations/mail.ts';
import type { AssetUrls } from './assets.ts';
import type { SessionUser, Sessions } from './auth/sessions.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Controls } from './controls.ts';
import type { Database } from './db.ts';
import type { DB } from './db-types.ts';
import type { Leadership } from './leader.ts';
import type { Metrics } from './metrics.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { Realtime } from './realtime.ts';
import type { Wallet } from './wallet.ts';

/** Everything a feature module needs, built once at boot (main.ts → app.ts) and passed down. */
export interface Ctx {
  config: Config;
  /** Art and avatar URLs as they leave the server (absolute for a CORS_ORIGIN client). */
  assets: AssetUrls;
  log: Logger;
  database: Database;
  db: Kysely<DB>;
  wallet: Wallet;
  realtime: Realtime;
  controls: Controls;
  sessions: Sessions;
  limiter: RateLimiter;
  /**
   * Counters of this node alone, for load limits on events too frequent for a Redis round trip each
   * (a player's bets: the shared counter cost every bet a round trip; docs/decisions/performance.md).
   */
  nodeLimiter: RateLimiter;
  mailer: Mailer;
  captcha: Captcha;
  clock: Clock;
  /** Prometheus metrics of this node (GET /metrics with METRICS_TOKEN). */
  metrics: Metrics;
  /** Round loops run only while this node leads (DESIGN.md §1). */
  leadership: Leadership;
  /** Stop functions run on shutdown, before the database closes (loops, timers, adapters). */
  onClose: Array<() => Promise<void> | void>;
}

export type { SessionUser };

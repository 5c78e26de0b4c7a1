import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from './db.ts';
import type { Wallet } from './wallet.ts';

/** Seconds: from a fast statement (1 ms) to a request that should have been an alert (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * The node's Prometheus metrics, one registry per app (tests run several apps in one process).
 * Process memory, CPU and event-loop delay come from prom-client's default collectors.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly http = new Histogram({
    name: 'coinsite_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly socketEvents = new Counter({
    name: 'coinsite_socket_events_total',
    help: 'Socket events received, by namespace and event',
    labelNames: ['namespace', 'event'] as const,
    registers: [this.registry],
  });
  readonly bets = new Histogram({
    name: 'coinsite_bet_duration_seconds',
    help: 'Instant-game bets from request to settled answer (count = bets), by game',
    labelNames: ['game'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly wallet = new Histogram({
    name: 'coinsite_wallet_statement_duration_seconds',
    help: 'Wallet statements: the one-statement bet and a balance change inside a transaction',
    labelNames: ['op'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  readonly betGroups = new Histogram({
    name: 'coinsite_bet_group_size',
    help: 'Bets per bet statement (group commit: count = statements, sum = bets)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 128],
    registers: [this.registry],
  });
  readonly betGroupMax = new Gauge({
    name: 'coinsite_bet_group_size_max',
    help: 'The most bets one bet statement has carried since the node started',
    registers: [this.registry],
  });
  readonly betGroupSeconds = new Histogram({
    name: 'coinsite_bet_group_duration_seconds',
    help: 'Bet statements from sending to answer (a group of bets, or one bet alone)',
    buckets: LATENCY_BUCKETS,
    registers: [this.registry],
  });
  private groupMax = 0;
  readonly walletChanges = new Counter({
    name: 'coinsite_wallet_changes_total',
    help: 'Balance changes by ledger kind (bet, win, deposit, refund, …)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  readonly loopLag = new Histogram({
    name: 'coinsite_round_loop_lag_seconds',
    help: 'How late a leader loop timer fired (crash, roulette, rain, trivia, …)',
    labelNames: ['loop'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });

  constructor(opts: {
    database: Database;
    isLeader: () => boolean;
    sockets: () => Map<string, number>;
    /** the websocket write batcher's totals: turns flushed and socket writes they made */
    socketWrites?: () => { flushes: number; writes: number; direct: number };
  }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'coinsite_' });
    const { database } = opts;
    new Gauge({
      name: 'coinsite_db_pool_connections',
      help: 'Database pool connections by pool and state (total, idle, waiting clients)',
      labelNames: ['pool', 'state'] as const,
      registers: [this.registry],
      collect() {
        const pools: Array<[string, Database['pool']]> = [['main', database.pool]];
        if (database.hotPool !== database.pool) pools.push(['hot', database.hotPool]);
        for (const [pool, p] of pools) {
          this.set({ pool, state: 'total' }, p.totalCount);
          this.set({ pool, state: 'idle' }, p.idleCount);
          this.set({ pool, state: 'waiting' }, p.waitingCount);
        }
      },
    });
    new Gauge({
      name: 'coinsite_leader',
      help: '1 while this node leads (runs the round loops, rain, trivia, giveaways, race end)',
      registers: [this.registry],
      collect() {
        this.set(opts.isLeader() ? 1 : 0);
      },
    });
    new Gauge({
      name: 'coinsite_socket_connections',
      help: 'Open Socket.IO connections on this node by namespace',
      labelNames: ['namespace'] as const,
      registers: [this.registry],
      collect() {
        for (const [namespace, count] of opts.sockets()) this.set({ namespace }, count);
      },
    });
    new Counter({
      name: 'coinsite_socket_writes_total',
      help: 'Websocket writes since start: batches (event-loop turns that wrote), socket writes (system calls; writes per batch ≈ sockets reached per turn) and direct (broadcast frames written straight to a socket)',
      labelNames: ['count'] as const,
      registers: [this.registry],
      collect() {
        const totals = opts.socketWrites?.() ?? { flushes: 0, writes: 0, direct: 0 };
        this.reset();
        this.inc({ count: 'batches' }, totals.flushes);
        this.inc({ count: 'writes' }, totals.writes);
        this.inc({ count: 'direct' }, totals.direct);
      },
    });
  }

  /** One bet statement answered: its bets and how long it took. */
  betGroup(size: number, seconds: number): void {
    this.betGroups.observe(size);
    this.betGroupSeconds.observe(seconds);
    if (size <= this.groupMax) return;
    this.groupMax = size;
    this.betGroupMax.set(size);
  }

  /** The same wallet with every statement timed and every balance change counted. */
  instrumentWallet(wallet: Wallet): Wallet {
    return {
      apply: async (unit, change) => {
        const end = this.wallet.startTimer({ op: 'apply' });
        try {
          return await wallet.apply(unit, change);
        } finally {
          end();
          this.walletChanges.inc({ kind: change.kind });
        }
      },
      bet: async (bet) => {
        const end = this.wallet.startTimer({ op: 'bet' });
        try {
          return await wallet.bet(bet);
        } finally {
          end();
        }
      },
    };
  }

  /** Times every HTTP request by its route pattern (never the raw URL: ids would explode the labels). */
  instrumentHttp(app: FastifyInstance): void {
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      this.http.observe(
        { method: req.method, route, status: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    });
  }
}

/**
 * `GET /metrics` in the Prometheus text format, for a scraper holding METRICS_TOKEN
 * (`Authorization: Bearer …`). Without METRICS_TOKEN the route answers 404: metrics name routes,
 * pools and load, which is nobody's business but the operator's.
 */
export function metricsRoute(app: FastifyInstance, metrics: Metrics, token: string | undefined): void {
  app.get('/metrics', async (req, reply) => {
    if (!token) return reply.status(404).send({ error: 'Not found.' });
    const given = Buffer.from(req.headers.authorization ?? '');
    const wanted = Buffer.from(`Bearer ${token}`);
    if (given.length !== wanted.length || !timingSafeEqual(given, wanted))
      return reply.status(401).header('www-authenticate', 'Bearer').send({ error: 'Unauthorized.' });
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

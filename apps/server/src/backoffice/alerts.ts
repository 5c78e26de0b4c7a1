import type { StatsAlert } from '@coinsite/shared';
import { sql } from 'kysely';
import type { Ctx } from '../platform/context.ts';

interface MetricValue {
  labels: Record<string, string | number>;
  value: number;
  metricName?: string;
}

/** The p-quantile (0..1) of a histogram from its cumulative buckets summed over every label set. */
function quantile(values: MetricValue[], name: string, q: number): number | null {
  const buckets = new Map<number, number>();
  for (const v of values) {
    if (v.metricName !== `${name}_bucket`) continue;
    const le = v.labels.le === '+Inf' ? Number.POSITIVE_INFINITY : Number(v.labels.le);
    buckets.set(le, (buckets.get(le) ?? 0) + v.value);
  }
  const sorted = [...buckets.entries()].sort((a, b) => a[0] - b[0]);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total === 0) return null;
  return sorted.find(([, n]) => n >= q * total)?.[0] ?? null;
}

/**
 * The five alerts of docs/operations.md as this node sees them since it started (Prometheus rates
 * them over 5 minutes across nodes; the health tile is a first look, not the pager). The leader is
 * read from the lease row, so every node answers for the site.
 */
export async function alertsOf(ctx: Ctx): Promise<StatsAlert[]> {
  const json = await ctx.metrics.registry.getMetricsAsJSON();
  const values = (name: string) => (json.find((m) => m.name === name)?.values ?? []) as MetricValue[];

  let leader: StatsAlert;
  if (ctx.database.kind === 'pglite') {
    leader = {
      name: 'No leader',
      firing: false,
      value: 'embedded database: this process leads',
      rule: 'leader',
    };
  } else {
    const r = await sql<{ age: number | null }>`
      SELECT (extract(epoch from clock_timestamp() - heartbeat_at) * 1000)::float8 AS age
      FROM leader_lease WHERE id = 1`.execute(ctx.db);
    const age = r.rows[0]?.age ?? null;
    leader = {
      name: 'No leader',
      firing: age === null || age > 30_000,
      value: age === null ? 'no lease' : `heartbeat ${Math.round(age)} ms ago`,
      rule: 'lease heartbeat older than 30 s',
    };
  }

  const http = values('coinsite_http_request_duration_seconds').filter(
    (v) => v.metricName === 'coinsite_http_request_duration_seconds_count',
  );
  const total = http.reduce((t, v) => t + v.value, 0);
  const errors = http.filter((v) => String(v.labels.status).startsWith('5')).reduce((t, v) => t + v.value, 0);
  const bets = quantile(values('coinsite_bet_duration_seconds'), 'coinsite_bet_duration_seconds', 0.99);
  const waiting = [ctx.database.pool, ctx.database.hotPool].reduce((t, p) => t + p.waitingCount, 0);
  const lag = values('coinsite_nodejs_eventloop_lag_p99_seconds')[0]?.value ?? 0;
  return [
    leader,
    {
      name: 'Errors',
      firing: total > 0 && errors / total > 0.01,
      value: total === 0 ? 'no requests' : `${((errors / total) * 100).toFixed(2)} % 5xx of ${total}`,
      rule: 'more than 1 % of requests answered 5xx',
    },
    {
      name: 'Slow bets',
      firing: bets !== null && bets > 0.1,
      value: bets === null ? 'no bets' : `p99 ≤ ${Math.round(bets * 1000)} ms`,
      rule: 'bet p99 over 100 ms',
    },
    {
      name: 'Database saturated',
      firing: waiting > 0,
      value: `${waiting} waiting for a connection`,
      rule: 'requests waiting for a pool connection',
    },
    {
      name: 'Event loop stalled',
      firing: lag > 0.2,
      value: `p99 lag ${Math.round(lag * 1000)} ms`,
      rule: 'event-loop p99 lag over 200 ms',
    },
  ];
}

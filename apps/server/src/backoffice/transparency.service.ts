import { type Transparency, centsToCoins } from '@coinsite/shared';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../platform/db-types.ts';
import { figuresOf, kindSums, pct, theoreticalRtp } from './stats.figures.ts';
import { rollupAsOf } from './stats.service.ts';

type Num = number | string;
const DAY_MS = 86_400_000;

/**
 * The public transparency page: every game's realised RTP over all its settled bets (all time, 24 h,
 * 7 d), its designed RTP, its bet count, its biggest multiplier, and the cumulative RTP day by day.
 * From the rollup only (the last full hours; the current hour is in as of the last run).
 */
export async function transparency(db: Kysely<DB>, now: Date): Promise<Transparency> {
  const [daily, maxes, asOf] = await Promise.all([
    sql<{ day: string; game: string; kind: string; amount: Num; entries: Num }>`
      SELECT to_char(hour AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, game, kind,
        sum(amount) AS amount, sum(entries) AS entries
      FROM stats_hours WHERE game <> '' GROUP BY 1, game, kind ORDER BY 1`.execute(db),
    sql<{ game: string; m: Num | null }>`
      SELECT game, max(max_multiplier) AS m FROM stats_hours WHERE game <> '' GROUP BY game`.execute(db),
    rollupAsOf(db),
  ]);
  const recent = await sql<{ game: string; kind: string; amount: Num; entries: Num; h: boolean }>`
    SELECT game, kind, sum(amount) AS amount, sum(entries) AS entries, hour >= ${new Date(now.getTime() - DAY_MS)} AS h
    FROM stats_hours WHERE game <> '' AND hour >= ${new Date(now.getTime() - 7 * DAY_MS)}
    GROUP BY game, kind, 5`.execute(db);
  const maxOf = new Map(maxes.rows.map((r) => [r.game, r.m === null ? null : Number(r.m)]));
  const byGame = new Map<string, typeof daily.rows>();
  for (const r of daily.rows) byGame.set(r.game, [...(byGame.get(r.game) ?? []), r]);
  const games = [...byGame.entries()].map(([game, rows]) => {
    // rows come ordered by day: a running sum per kind, one point at the end of each day
    const running = kindSums([]);
    const series: Transparency['games'][number]['series'] = [];
    rows.forEach((r, i) => {
      const prev = running.get(r.kind) ?? { amount: 0, entries: 0 };
      running.set(r.kind, {
        amount: prev.amount + Number(r.amount),
        entries: prev.entries + Number(r.entries),
      });
      if (rows[i + 1]?.day === r.day) return;
      const f = figuresOf(running);
      series.push({ date: r.day, bets: f.bets, rtp: pct(f.paid, f.wagered) });
    });
    const all = figuresOf(kindSums(rows));
    const mine = recent.rows.filter((r) => r.game === game);
    const d1 = figuresOf(kindSums(mine.filter((r) => r.h)));
    const d7 = figuresOf(kindSums(mine));
    const m = maxOf.get(game);
    return {
      game,
      bets: all.bets,
      wagered: centsToCoins(all.wagered),
      paid: centsToCoins(all.paid),
      rtp: pct(all.paid, all.wagered),
      rtp24h: pct(d1.paid, d1.wagered),
      rtp7d: pct(d7.paid, d7.wagered),
      theoreticalRtp: theoreticalRtp(game),
      biggestMultiplier: m === null || m === undefined ? null : Math.round(m * 100) / 100,
      series,
    };
  });
  games.sort((a, b) => b.bets - a.bets || a.game.localeCompare(b.game));
  return { asOf, games };
}

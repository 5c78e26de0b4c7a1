import type { StatsOverview } from '@coinsite/shared/schemas/stats';
import { useMemo } from 'react';
import { PanelMessage } from '../admin/panel-parts.tsx';
import { type StatsWindow, useOverview } from './backoffice-api.ts';
import { HealthTile } from './health-tile.tsx';
import { type ChartLine, LineChart } from './line-chart.tsx';
import { coins, count, percent, SectionHead, Tile } from './parts.tsx';

const GREEN = '#4ade80';
const GOLD = '#fbbf24';
const RED = '#f87171';
const BLUE = '#60a5fa';
const VIOLET = '#c084fc';

const BONUS_LABELS: Record<keyof StatsOverview['bonusByKind'], string> = {
  rakeback: 'Rakeback',
  affiliate: 'Affiliate',
  coupon: 'Coupons',
  faucet: 'Faucet',
  cases: 'Daily/level cases',
  rain: 'Rain (house)',
  trivia: 'Trivia',
  giveaway: 'Giveaways',
  race: 'Race prizes',
  slotsPromo: 'Slot promos',
};

function Tiles({ o }: { o: StatsOverview }) {
  return (
    <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5" data-testid="overview-tiles">
      <Tile label="Wagered" value={coins(o.wagered)} sub={`${count(o.bets)} bets`} />
      <Tile label="Paid" value={coins(o.paid)} />
      <Tile
        label="GGR"
        value={coins(o.ggr)}
        tone={o.ggr >= 0 ? 'good' : 'bad'}
        sub={`hold ${percent(o.holdPct)}`}
      />
      <Tile
        label="Bonus cost"
        value={coins(o.bonusCost)}
        sub={`admin credits ${coins(o.adminCredits)} (apart)`}
      />
      <Tile label="NGR" value={coins(o.ngr)} tone={o.ngr >= 0 ? 'good' : 'bad'} />
      <Tile label="Active players" value={count(o.activePlayers)} />
      <Tile
        label="New players"
        value={count(o.newPlayers)}
        sub={`${count(o.firstDepositors)} first deposits`}
      />
      <Tile label="Deposits" value={coins(o.deposits)} />
      <Tile
        label="Withdrawals"
        value={coins(o.withdrawals)}
        sub={`requested ${coins(o.withdrawalsRequested)} · paid ${coins(o.withdrawalsPaid)} · pending ${coins(o.withdrawalsPending)}`}
      />
      <Tile label="Liabilities" value={coins(o.liabilities)} sub="all balances" />
    </div>
  );
}

function Charts({ o }: { o: StatsOverview }) {
  const x = useMemo(
    () => o.series.map((p) => Date.parse(o.granularity === 'day' ? `${p.date}T00:00:00Z` : p.date) / 1000),
    [o],
  );
  const charts = useMemo(() => {
    const s = o.series;
    const pick = (f: (p: (typeof s)[number]) => number) => s.map(f);
    const ggr: ChartLine[] = [{ label: 'GGR', color: GREEN, values: pick((p) => p.ggr), bars: true }];
    const wagered: ChartLine[] = [{ label: 'Wagered', color: BLUE, values: pick((p) => p.wagered) }];
    const cash: ChartLine[] = [
      { label: 'Deposits', color: GREEN, values: pick((p) => p.deposits) },
      { label: 'Withdrawals', color: RED, values: pick((p) => p.withdrawals) },
    ];
    const players: ChartLine[] = [
      { label: 'Active players', color: VIOLET, values: pick((p) => p.activePlayers) },
    ];
    const bonus: ChartLine[] = [
      { label: 'GGR', color: GREEN, values: pick((p) => p.ggr) },
      { label: 'Bonus cost', color: GOLD, values: pick((p) => p.bonusCost) },
    ];
    return { ggr, wagered, cash, players, bonus };
  }, [o]);
  const per = o.granularity === 'hour' ? 'per hour' : 'per day';
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <LineChart title={`GGR ${per}`} x={x} lines={charts.ggr} />
      <LineChart title={`Wagered ${per}`} x={x} lines={charts.wagered} />
      <LineChart title={`Deposits against withdrawals ${per}`} x={x} lines={charts.cash} />
      <LineChart title={`Active players ${per}`} x={x} lines={charts.players} />
      <LineChart title={`Bonus cost against GGR ${per}`} x={x} lines={charts.bonus} />
    </div>
  );
}

function BonusTable({ o }: { o: StatsOverview }) {
  return (
    <dl className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-2xl bg-ink-850/80 p-4 text-sm ring-1 ring-ink-700 sm:grid-cols-3 lg:grid-cols-5">
      {Object.entries(BONUS_LABELS).map(([k, label]) => (
        <div key={k} className="flex justify-between gap-2">
          <dt className="text-ink-300">{label}</dt>
          <dd className="tabular-nums text-white">{coins(o.bonusByKind[k as keyof typeof BONUS_LABELS])}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The Overview tab: tiles, the bonus split, the health tile and the charts of the window. */
export function OverviewPanel({ window }: { window: StatsWindow }) {
  const q = useOverview(window);
  if (q.isPending) return <PanelMessage loading>Loading the figures…</PanelMessage>;
  if (q.isError || !q.data)
    return <PanelMessage>{q.error?.message ?? 'Could not load the figures.'}</PanelMessage>;
  const o = q.data;
  return (
    <div className="flex flex-col gap-4">
      <Tiles o={o} />
      <div className="grid gap-3 lg:grid-cols-[1fr_22rem]">
        <div className="flex flex-col gap-2">
          <SectionHead title="Bonus cost by kind" />
          <BonusTable o={o} />
        </div>
        <HealthTile />
      </div>
      <SectionHead
        title={`Figures ${o.granularity === 'hour' ? 'per hour' : 'per day'}`}
        csv={{
          name: `overview-${o.from.slice(0, 10)}-${o.to.slice(0, 10)}.csv`,
          header: [
            'date',
            'bets',
            'wagered',
            'paid',
            'ggr',
            'bonusCost',
            'deposits',
            'withdrawals',
            'activePlayers',
          ],
          rows: () =>
            o.series.map((p) => [
              p.date,
              p.bets,
              p.wagered,
              p.paid,
              p.ggr,
              p.bonusCost,
              p.deposits,
              p.withdrawals,
              p.activePlayers,
            ]),
        }}
      />
      <Charts o={o} />
      <p className="text-xs text-ink-400">
        From the ledger rollup as of {o.asOf ? new Date(o.asOf).toLocaleString() : 'never'} (brought up to
        date every minute). Days are UTC.
      </p>
    </div>
  );
}

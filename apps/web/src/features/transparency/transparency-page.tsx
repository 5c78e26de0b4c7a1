import type { Transparency, TransparencyGame } from '@coinsite/shared/schemas/stats';
import { useQuery } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { http } from '../../lib/http.ts';
import { cn } from '../../lib/cn.ts';
import { formatCoins } from '../../lib/format.ts';
import { Spinner } from '../../ui/spinner.tsx';
import { LineChart } from '../backoffice/line-chart.tsx';

const pct = (v: number | null) => (v === null ? '—' : `${v.toFixed(2)} %`);

function useTransparency() {
  return useQuery({
    queryKey: ['transparency'],
    queryFn: () => http.get<Transparency>('/transparency'),
    staleTime: 30_000,
    retry: false,
  });
}

/** The chosen game's cumulative realised RTP, day by day, against its designed RTP. */
function Convergence({ game }: { game: TransparencyGame }) {
  const x = useMemo(() => game.series.map((p) => Date.parse(`${p.date}T00:00:00Z`) / 1000), [game]);
  const lines = useMemo(
    () => [
      { label: 'Realised RTP', color: '#4ade80', values: game.series.map((p) => p.rtp) },
      {
        label: 'Designed RTP',
        color: '#fbbf24',
        values: game.series.map(() => game.theoreticalRtp),
        dash: [6, 4],
      },
    ],
    [game],
  );
  return (
    <LineChart
      title={`${game.game}: realised RTP as bets accumulate (all bets up to each day)`}
      x={x}
      lines={lines}
      yFormat={(v) => `${v.toFixed(1)} %`}
    />
  );
}

/** /transparency (issue 31): every game's realised return, from its own settled bets, against its design. */
export function TransparencyPage() {
  const q = useTransparency();
  const [picked, setPicked] = useState<string | null>(null);
  const games = q.data?.games ?? [];
  const game = games.find((g) => g.game === picked) ?? games[0];
  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-5 px-3 py-6 sm:px-6">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-black text-white">
          <ShieldCheck className="h-7 w-7 text-accent-400" aria-hidden="true" />
          Transparency
        </h1>
        <p className="max-w-3xl text-sm text-ink-200">
          What every game has actually paid back, measured over all its settled bets, next to the return it is
          designed to pay. Each outcome is also verifiable one by one on the{' '}
          <Link to="/provably-fair" className="text-accent-400 underline underline-offset-2">
            fairness page
          </Link>
          .
        </p>
      </header>
      {q.isPending ? (
        <div className="flex justify-center py-16 text-accent-400" role="status" aria-label="Loading">
          <Spinner className="h-8 w-8" />
        </div>
      ) : q.isError ? (
        <p className="rounded-2xl bg-ink-850/80 p-6 text-center text-ink-200 ring-1 ring-ink-700">
          {q.error.message}
        </p>
      ) : games.length === 0 ? (
        <p className="rounded-2xl bg-ink-850/80 p-6 text-center text-ink-200 ring-1 ring-ink-700">
          No settled bets yet.
        </p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-2xl bg-ink-850/80 ring-1 ring-ink-700">
            <table className="w-full min-w-max text-left text-sm" aria-label="Return to player by game">
              <thead className="text-xs uppercase tracking-wide text-ink-300">
                <tr>
                  {[
                    'Game',
                    'Realised RTP',
                    'Designed RTP',
                    'Bets',
                    'Last 24 h',
                    'Last 7 days',
                    'Biggest multiplier',
                  ].map((h) => (
                    <th key={h} scope="col" className="px-4 py-3 font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-800 tabular-nums text-ink-200">
                {games.map((g) => (
                  <tr
                    key={g.game}
                    className={cn(
                      'cursor-pointer hover:bg-ink-800/60',
                      g.game === game?.game && 'bg-ink-800/60',
                    )}
                    onClick={() => setPicked(g.game)}
                  >
                    <td className="px-4 py-2.5">
                      <button
                        type="button"
                        className="font-semibold capitalize text-white hover:text-accent-300"
                        aria-pressed={g.game === game?.game}
                        onClick={() => setPicked(g.game)}
                      >
                        {g.game}
                      </button>
                    </td>
                    <td className="px-4 py-2.5 font-bold text-white">{pct(g.rtp)}</td>
                    <td className="px-4 py-2.5 text-gold-300">{pct(g.theoreticalRtp)}</td>
                    <td className="px-4 py-2.5">{g.bets.toLocaleString('en-US')}</td>
                    <td className="px-4 py-2.5">{pct(g.rtp24h)}</td>
                    <td className="px-4 py-2.5">{pct(g.rtp7d)}</td>
                    <td className="px-4 py-2.5">
                      {g.biggestMultiplier === null ? '—' : `${formatCoins(g.biggestMultiplier)}×`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {game ? <Convergence game={game} /> : null}
          <p className="text-xs text-ink-400">
            Realised RTP = paid ÷ wagered over settled bets (refunded stakes excluded). Updated every minute
            {q.data?.asOf ? `; last at ${new Date(q.data.asOf).toLocaleString()}` : ''}. Small samples swing
            widely; the line settles on the designed return as bets accumulate.
          </p>
        </>
      )}
    </div>
  );
}

import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { PanelMessage } from '../admin/panel-parts.tsx';
import { type StatsWindow, useGames } from './backoffice-api.ts';
import { Cell, coins, count, percent, SectionHead, Table } from './parts.tsx';

/** The Games tab: per game the money, the realised RTP against the designed one and its ±3σ band. */
export function GamesPanel({ window }: { window: StatsWindow }) {
  const q = useGames(window);
  if (q.isPending) return <PanelMessage loading>Loading the games…</PanelMessage>;
  if (q.isError || !q.data)
    return <PanelMessage>{q.error?.message ?? 'Could not load the games.'}</PanelMessage>;
  const { games, minBets } = q.data;
  return (
    <div className="flex flex-col gap-3">
      <SectionHead
        title="Games"
        csv={{
          name: `games-${q.data.from.slice(0, 10)}-${q.data.to.slice(0, 10)}.csv`,
          header: [
            'game',
            'bets',
            'players',
            'wagered',
            'paid',
            'ggr',
            'rtp',
            'theoreticalRtp',
            'low',
            'high',
            'flagged',
            'biggestMultiplier',
          ],
          rows: () =>
            games.map((g) => [
              g.game,
              g.bets,
              g.players,
              g.wagered,
              g.paid,
              g.ggr,
              g.rtp,
              g.theoreticalRtp,
              g.low,
              g.high,
              g.flagged,
              g.biggestMultiplier,
            ]),
        }}
      />
      {games.length === 0 ? (
        <PanelMessage>No bets in this window.</PanelMessage>
      ) : (
        <Table
          label="Games"
          head={[
            'Game',
            'Bets',
            'Players',
            'Wagered',
            'Paid',
            'GGR',
            'RTP',
            'Designed',
            '±3σ band',
            'Biggest wins',
          ]}
        >
          {games.map((g) => (
            <tr key={g.game} className={g.flagged ? 'bg-red-500/10' : undefined}>
              <Cell className="font-semibold text-white">
                {g.flagged ? (
                  <TriangleAlert className="mr-1 inline h-4 w-4 text-red-400" aria-label="Outside its band" />
                ) : null}
                {g.game}
              </Cell>
              <Cell>{count(g.bets)}</Cell>
              <Cell>{count(g.players)}</Cell>
              <Cell>{coins(g.wagered)}</Cell>
              <Cell>{coins(g.paid)}</Cell>
              <Cell className={g.ggr >= 0 ? 'text-accent-300' : 'text-red-300'}>{coins(g.ggr)}</Cell>
              <Cell className={g.flagged ? 'font-bold text-red-300' : undefined}>{percent(g.rtp)}</Cell>
              <Cell>{percent(g.theoreticalRtp)}</Cell>
              <Cell className="text-ink-300">
                {g.low === null || g.high === null
                  ? '—'
                  : `${g.low.toFixed(2)} – ${Math.min(g.high, 999).toFixed(2)} %`}
              </Cell>
              <Cell>
                {/* stacked: three amounts side by side pushed the table past a 1440 px screen */}
                <span className="flex flex-col items-end gap-0.5">
                  {g.biggestWins.slice(0, 3).map((w) =>
                    w.betId ? (
                      <Link
                        key={`${w.betId}-${w.at}`}
                        to={`/bets/${w.betId}`}
                        className="text-accent-400 hover:underline"
                      >
                        {coins(w.amount)}
                      </Link>
                    ) : (
                      <span key={`${w.userId}-${w.at}`}>{coins(w.amount)}</span>
                    ),
                  )}
                </span>
              </Cell>
            </tr>
          ))}
        </Table>
      )}
      <p className="text-xs text-ink-400">
        A game is flagged when its realised RTP leaves the ±3σ band of its designed RTP, once it has{' '}
        {count(minBets)} bets. The band comes from the game's variance and the stakes of its bets.
      </p>
    </div>
  );
}

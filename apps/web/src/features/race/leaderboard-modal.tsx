import { RACE_TEXT, racePlacePrizeCoins } from '@coinsite/shared/schemas/race';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useRace } from './race-api.ts';
import { Coins, OPEN_PLACE_TEXT, OpenPlaceAvatar, placeTaken, RaceTable } from './race-parts.tsx';

const TOP_TONE = [
  'ring-gold-400/60 text-gold-300',
  'ring-slate-300/40 text-slate-200',
  'ring-amber-600/40 text-amber-500',
];

/** spec-3 §2.15: the top three, then the ranked list (placement, player, wagered, prize). */
export function LeaderboardModal({ open, onOpenChange }: DialogProps) {
  const race = useRace();
  const data = race.data;
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      width="max-w-2xl"
      title="Leaderboard"
      description={`${RACE_TEXT.modalPrize} weekly race: the top ten by wager`}
    >
      {race.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner className="h-6 w-6 text-accent-400" />
        </div>
      ) : !data?.active ? (
        <p className="py-8 text-center text-ink-200">{RACE_TEXT.noRace}</p>
      ) : (
        <div className="flex flex-col gap-4" data-testid="leaderboard-modal">
          <ol className="grid grid-cols-1 gap-2 sm:grid-cols-3">
            {[0, 1, 2].map((i) => {
              const e = data.topTen[i];
              return (
                <li
                  key={i}
                  className={cn(
                    'flex min-w-0 items-center gap-3 rounded-xl bg-ink-900/60 p-3 ring-1 sm:flex-col sm:gap-1.5 sm:text-center',
                    TOP_TONE[i],
                  )}
                >
                  <span className="text-lg font-black">#{i + 1}</span>
                  {placeTaken(e) ? (
                    <>
                      <Avatar src={e._user.avatar} name={e._user.username} className="h-9 w-9 text-sm" />
                      <span className="flex min-w-0 flex-1 flex-col sm:w-full sm:items-center">
                        <span className="max-w-full truncate font-bold text-white">{e._user.username}</span>
                        <span className="flex items-center gap-1 text-xs text-ink-300">
                          Wagered <Coins value={e.value} className="text-ink-100" />
                        </span>
                        <span className="flex items-center gap-1 text-xs text-ink-300">
                          Prize <Coins value={racePlacePrizeCoins(data.activeRace.prize, i + 1)} />
                        </span>
                      </span>
                    </>
                  ) : (
                    <>
                      <OpenPlaceAvatar className="h-9 w-9 text-sm" />
                      <span className="flex min-w-0 flex-1 flex-col sm:w-full sm:items-center">
                        <span
                          className="max-w-full truncate font-bold text-ink-300"
                          data-testid="race-open-place"
                        >
                          {OPEN_PLACE_TEXT.name}
                        </span>
                        <span className="text-xs text-ink-400">{OPEN_PLACE_TEXT.hint}</span>
                      </span>
                    </>
                  )}
                </li>
              );
            })}
          </ol>
          {data.topTen.length > 3 ? (
            <RaceTable
              entries={data.topTen}
              prize={data.activeRace.prize}
              from={4}
              label="Leaderboard places 4 to 10"
            />
          ) : null}
          <Link
            to="/leaderboard"
            onClick={() => onOpenChange(false)}
            className="flex items-center justify-center gap-1 text-sm font-semibold text-accent-400 hover:text-accent-300"
          >
            Open the weekly race <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      )}
    </AppDialog>
  );
}

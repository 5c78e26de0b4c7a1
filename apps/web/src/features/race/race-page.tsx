import { RACE_TEXT, type RaceView } from '@coinsite/shared/schemas/race';
import { Trophy } from 'lucide-react';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useLastRace, useRace, useRaceMe } from './race-api.ts';
import { Coins, Countdown, Podium, RaceTable } from './race-parts.tsx';

/** The signed-in player's own place and wager in the running race (GET /race/me). */
function MyPosition() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const me = useRaceMe();
  if (!signedIn || !me.data?.active) return null;
  const { myPosition, myProgress } = me.data;
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-ink-850/80 px-4 py-3 ring-1 ring-accent-500/30"
      data-testid="race-me"
    >
      <span className="text-sm text-ink-200">
        Your position:{' '}
        <span className="font-black text-white">
          {myPosition === null ? 'Not ranked yet' : `#${myPosition}`}
        </span>
      </span>
      <span className="flex items-center gap-2 text-sm text-ink-200">
        Your wager this week: <Coins value={myProgress} className="text-white" />
      </span>
    </section>
  );
}

/** Last week's winners (GET /race/last), when a race has been paid. */
function LastWinners() {
  const last = useLastRace();
  const data = last.data;
  if (!data?.active || data.topTen.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" data-testid="race-last">
      <h2 className="text-lg font-bold text-white">Last week's winners</h2>
      <RaceTable entries={data.topTen} prize={data.activeRace.prize} from={1} label="Last week's winners" />
    </section>
  );
}

function ActiveRace({ race }: { race: Extract<RaceView, { active: true }> }) {
  return (
    <>
      <Countdown endingDate={race.activeRace.endingDate} />
      <Podium entries={race.topTen} prize={race.activeRace.prize} />
      <MyPosition />
      {race.topTen.length > 3 ? (
        <RaceTable entries={race.topTen} prize={race.activeRace.prize} from={4} label="Race places 4 to 10" />
      ) : null}
    </>
  );
}

/** /leaderboard (spec-2 §2): the weekly race. */
export function RacePage() {
  const race = useRace();
  return (
    <div
      className="mx-auto flex w-full max-w-5xl animate-fade-in flex-col gap-6 p-3 sm:p-6"
      data-testid="race-page"
    >
      <header className="flex flex-col items-center gap-2 pt-2 text-center">
        <Trophy className="h-10 w-10 text-gold-400" aria-hidden="true" />
        <h1 className="text-2xl font-black tracking-tight text-gold-300 sm:text-4xl">{RACE_TEXT.heading}</h1>
        <p className="text-sm text-ink-300 sm:text-base">{RACE_TEXT.subheading}</p>
      </header>
      {race.isPending ? (
        <div className="flex justify-center py-16" data-testid="race-loading">
          <Spinner className="h-7 w-7 text-accent-400" />
        </div>
      ) : race.data?.active ? (
        <ActiveRace race={race.data} />
      ) : (
        <p className="py-12 text-center text-ink-200">{RACE_TEXT.noRace}</p>
      )}
      <LastWinners />
    </div>
  );
}

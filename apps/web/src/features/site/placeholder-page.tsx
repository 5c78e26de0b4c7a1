import { Clock } from 'lucide-react';
import { Link } from 'react-router';
import { GameArt } from '../../ui/game-art.tsx';
import { GAME_THEME, type GameKey } from '../../ui/game-theme.ts';

interface PlaceholderPageProps {
  /** The screen's name, e.g. "Case Battles". */
  title: string;
  game?: GameKey;
}

/** A mock-up of a game screen (bet panel, stage, history), blurred behind the notice. */
function Backdrop({ game }: { game?: GameKey }) {
  const [from, to, accent] = game ? GAME_THEME[game] : (['#1b243e', '#0b1020', '#4ade80'] as const);
  return (
    <div aria-hidden="true" className="absolute inset-0 overflow-hidden">
      <div
        className="absolute inset-0"
        style={{ background: `radial-gradient(ellipse at 60% 35%, ${from}, ${to} 75%)` }}
      />
      <div className="absolute inset-0 flex scale-105 gap-5 p-6 opacity-80 blur-[10px] sm:p-10">
        <div className="hidden w-64 shrink-0 flex-col gap-4 rounded-3xl bg-black/30 p-5 md:flex">
          <div className="h-10 rounded-xl bg-white/15" />
          <div className="h-10 rounded-xl bg-white/10" />
          <div className="grid grid-cols-3 gap-2">
            <div className="h-8 rounded-lg bg-white/10" />
            <div className="h-8 rounded-lg bg-white/10" />
            <div className="h-8 rounded-lg bg-white/10" />
          </div>
          <div className="mt-2 h-12 rounded-xl" style={{ background: accent }} />
          <div className="mt-auto h-24 rounded-xl bg-white/5" />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-5">
          <div className="flex gap-2">
            {['a', 'b', 'c', 'd', 'e', 'f'].map((k, i) => (
              <div
                key={k}
                className="h-8 w-16 rounded-full"
                style={{ background: i % 3 === 0 ? accent : '#ffffff1f' }}
              />
            ))}
          </div>
          <div className="flex flex-1 items-center justify-center rounded-3xl bg-black/25">
            {game ? <GameArt game={game} className="h-4/5 w-4/5 max-w-2xl" /> : null}
          </div>
        </div>
      </div>
      <div className="absolute inset-0 bg-gradient-to-b from-ink-900/10 via-ink-900/35 to-ink-900/85" />
    </div>
  );
}

/** The placeholder of spec-3 §2.16: a blurred 'coming soon' page for screens built later. */
export function PlaceholderPage({ title, game }: PlaceholderPageProps) {
  return (
    <section className="relative min-h-[calc(100dvh-3.5rem)] overflow-hidden animate-fade-in sm:m-4 sm:min-h-[calc(100dvh-5.5rem)] sm:rounded-3xl lg:min-h-[calc(100dvh-8.5rem)]">
      <Backdrop game={game} />
      <div className="relative mx-auto flex min-h-[inherit] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
        <span className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-xs font-semibold tracking-widest text-white/80 uppercase ring-1 ring-white/15 backdrop-blur">
          <Clock className="h-3.5 w-3.5" aria-hidden="true" />
          Coming soon
        </span>
        <h1 className="text-4xl font-black text-white drop-shadow-lg sm:text-5xl">{title}</h1>
        <p className="max-w-md text-ink-200">
          We are putting the finishing touches on {title}. Check back soon, and keep an eye on the chat for
          news.
        </p>
        <Link
          to="/home"
          className="mt-2 rounded-lg bg-white/10 px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/20 backdrop-blur transition hover:bg-white/20"
        >
          Explore other games
        </Link>
      </div>
    </section>
  );
}

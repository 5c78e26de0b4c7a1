import { ArrowRight, Trophy } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { type GameRegistration, gamePath, HOME_TILES } from '../../app/games.tsx';
import { cn } from '../../lib/cn.ts';
import { GameArt } from '../../ui/game-art.tsx';
import { GAME_THEME } from '../../ui/game-theme.ts';
import { GameSubtitle } from '../../app/game-subtitle.tsx';
import { LeaderboardModal } from '../race/leaderboard-modal.tsx';

/** A game's home tile (the registry's `tile`: its place, and wide ones span two columns). */
function GameTile({ game }: { game: GameRegistration }) {
  const { key } = game;
  const wide = game.tile.wide;
  const [from, to, accent] = GAME_THEME[key];
  return (
    <Link
      to={gamePath(game)}
      className={cn(
        'group relative flex h-36 overflow-hidden rounded-2xl ring-1 ring-white/10 transition duration-200 hover:-translate-y-0.5 hover:ring-white/25 sm:h-44',
        wide && 'col-span-2',
      )}
      style={{ background: `linear-gradient(140deg, ${from}, ${to})` }}
    >
      <div
        className="absolute -top-10 -right-10 h-40 w-40 rounded-full opacity-30 blur-2xl transition group-hover:opacity-50"
        style={{ background: accent }}
        aria-hidden="true"
      />
      <GameArt
        game={key}
        className={cn(
          'absolute transition duration-300 group-hover:scale-105',
          wide ? 'top-0 right-0 h-full w-1/2' : 'top-1 right-1 h-[62%] w-[70%] sm:top-2 sm:right-2',
        )}
      />
      <div
        className="absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-black/60 to-transparent"
        aria-hidden="true"
      />
      <div className="relative mt-auto flex w-full flex-col p-3 sm:p-4">
        <span className="text-base font-extrabold text-white drop-shadow sm:text-xl">{game.name}</span>
        <span className={cn('text-xs text-white/75', wide ? 'max-w-[50%]' : 'hidden leading-snug sm:block')}>
          <GameSubtitle game={game} />
        </span>
      </div>
    </Link>
  );
}

/** The weekly race tile, two columns wide after the game tiles: opens the leaderboard modal (spec-3 §2.15). */
function LeaderboardTile() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        data-testid="leaderboard-tile"
        className="group relative col-span-2 flex h-36 flex-col justify-between overflow-hidden rounded-2xl bg-[linear-gradient(140deg,#4a3808,#140f03)] p-4 text-left ring-1 ring-gold-400/30 transition duration-200 hover:-translate-y-0.5 hover:ring-gold-400/60 sm:h-44"
      >
        <Trophy
          className="absolute -right-3 -bottom-3 h-28 w-28 rotate-12 text-gold-400/25 transition group-hover:text-gold-400/40"
          aria-hidden="true"
        />
        <span className="w-fit rounded-full bg-gold-400/15 px-2 py-0.5 text-[10px] font-bold tracking-widest text-gold-300 uppercase">
          Weekly race
        </span>
        <span className="relative">
          <span className="block text-2xl font-black text-gold-300">$1,000</span>
          <span className="flex items-center gap-1 text-xs text-white/70">
            Leaderboard{' '}
            <ArrowRight className="h-3 w-3 transition group-hover:translate-x-0.5" aria-hidden="true" />
          </span>
        </span>
      </button>
      <LeaderboardModal open={open} onOpenChange={setOpen} />
    </>
  );
}

export function GameTiles() {
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {HOME_TILES.map((game) => (
        <GameTile key={game.key} game={game} />
      ))}
      <LeaderboardTile />
    </div>
  );
}

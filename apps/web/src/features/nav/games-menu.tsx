import { useEffect } from 'react';
import { ChevronDown, Gamepad2 } from 'lucide-react';
import { DropdownMenu } from '../../ui/lazy-dropdown.tsx';
import { useNavigate } from 'react-router';
import { GAMES, gamePath } from '../../app/games.tsx';
import { GameSubtitle } from '../../app/game-subtitle.tsx';
import { GAME_THEME, type GameKey } from '../../ui/game-theme.ts';
import { lateModule, useLateModule } from '../../lib/late-module.ts';

/**
 * The games' art is not in the first load (issue 29 item 1: 11 KB of SVG): the menus ask for it once
 * the shell has drawn, so it is there before a person can open them (a thumbnail is its game's
 * gradient until then). Game screens and the home page import the same chunk for their own art.
 */
const gameArt = lateModule(() => import('../../ui/game-art.tsx').then((m) => m.GameArt));
export function useGameArt() {
  useEffect(() => void gameArt.load(), []);
  return useLateModule(gameArt);
}

export function GameThumb({ game }: { game: GameKey }) {
  const [from, to] = GAME_THEME[game];
  const GameArt = useGameArt();
  return (
    <span
      className="flex h-10 w-12 shrink-0 items-center justify-center rounded-lg ring-1 ring-white/10"
      style={{ background: `linear-gradient(135deg, ${from}, ${to})` }}
    >
      {GameArt ? <GameArt game={game} className="h-9 w-11" /> : null}
    </span>
  );
}

/** The Games dropdown: each game's name and subtitle (the game registry, app/games.tsx). */
export function GamesMenu() {
  const navigate = useNavigate();
  useGameArt();
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold text-ink-200 transition outline-none hover:bg-ink-700/70 hover:text-white data-[state=open]:bg-ink-700 data-[state=open]:text-white">
        <Gamepad2 className="h-4 w-4 text-accent-400" aria-hidden="true" />
        Games
        <ChevronDown className="h-4 w-4 opacity-70" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={8}
          className="z-50 grid w-[34rem] grid-cols-2 gap-1 rounded-2xl border border-ink-600 bg-ink-800/95 p-2 shadow-2xl shadow-black/50 backdrop-blur"
        >
          {GAMES.map((game) => (
            <DropdownMenu.Item
              key={game.key}
              onSelect={() => void navigate(gamePath(game))}
              className="flex cursor-pointer items-center gap-3 rounded-xl p-2 outline-none data-[highlighted]:bg-ink-700"
            >
              <GameThumb game={game.key} />
              <span className="min-w-0">
                <span className="block text-sm font-semibold text-white">{game.name}</span>
                <span className="block text-xs leading-snug text-ink-400">
                  <GameSubtitle game={game} />
                </span>
              </span>
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

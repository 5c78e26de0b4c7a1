import { useSlotCount } from '../features/slots/slot-count.ts';
import type { GameRegistration } from './games.tsx';

function SlotsSubtitle({ text }: { text: string }) {
  const count = useSlotCount();
  return <>{count === null ? text : `${count} ${text}`}</>;
}

/** A game's line under its name in the menus and on the home tiles; the slots' with their live count. */
export function GameSubtitle({ game }: { game: Pick<GameRegistration, 'key' | 'subtitle'> }) {
  return game.key === 'slots' ? <SlotsSubtitle text={game.subtitle} /> : game.subtitle;
}

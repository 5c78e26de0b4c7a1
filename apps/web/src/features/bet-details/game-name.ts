import { GAMES_MENU } from '@coinsite/shared/constants';

const GAME_NAMES: Record<string, string> = { cases: 'Cases', battles: 'Case Battles' };

/** A game's display name from its key (dice → Dice, battles → Case Battles). */
export const gameName = (game: string): string =>
  GAME_NAMES[game] ?? GAMES_MENU.find((g) => g.path === `/${game}`)?.name ?? game;

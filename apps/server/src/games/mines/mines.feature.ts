import type { Feature } from '../../platform/feature.ts';
import { minesRoutes } from './mines.routes.ts';
import { minesSocket } from './mines.socket.ts';

/** Mines: the open game after a reload (HTTP) and the game's socket events. */
export const feature: Feature = { name: 'mines', routes: minesRoutes, sockets: minesSocket };

import type { Feature } from '../../platform/feature.ts';
import { upgraderRoutes } from './upgrader.routes.ts';
import { seedUpgraderItems } from './upgrader.service.ts';
import { upgraderSocket } from './upgrader.socket.ts';

/** Upgrader: the item list, the socket events, the item catalogue (seeded once). */
export const feature: Feature = {
  name: 'upgrader',
  routes: upgraderRoutes,
  sockets: upgraderSocket,
  seed: seedUpgraderItems,
};

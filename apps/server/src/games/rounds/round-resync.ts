import { CRASH_EVENTS, CRASH_STATUS, ROULETTE_EVENTS } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { resyncOf } from '../../platform/resync.ts';
import { revealsTo, viewerOf } from '../../platform/ghost.ts';
import { crashSnapshot } from '../crash/crash.views.ts';
import { rouletteSnapshot } from '../roulette/roulette.views.ts';

/**
 * The round games' part of a resync for the original client (issue 26 item 10), only where an event
 * it knows carries the round's state and sending it again leaves its screen right:
 * - crash, betting: `game-starting` with the time left (it clears the players and the own bet), then
 *   every bet as `game-bets` and, to each bettor's own sockets, `game-join-success` with the bet (the
 *   original shows its fixed "joined" toast once more: the price of a screen that lets them cash out);
 * - crash, running: `game-start` (a client that missed it stayed in "starting" and ignored the ticks);
 * - roulette, betting: `new-round` with the time left and every bet as `new-player`.
 * A roll or a crash in progress is not replayed (its animation would start over); the next round's
 * events put those screens right within seconds. Our client reloads GET /api/crash and /api/roulette.
 */
export function roundResync(ctx: Ctx): void {
  const resync = resyncOf(ctx);
  resync.provide('crash', async (sockets) => {
    const snap = await crashSnapshot(ctx);
    if (!snap.current) return;
    // each socket sees the ghosts it may see (platform/ghost.ts)
    const seenBy = snap.current;
    const current = seenBy(() => false);
    if (current.status === CRASH_STATUS.Starting) {
      const starting = {
        _id: current._id,
        privateHash: current.privateHash,
        timeUntilStart: current.timeUntilStart ?? 0,
      };
      for (const s of sockets) {
        if (!s.connected) continue;
        s.emit(CRASH_EVENTS.starting, starting);
        const { players } = seenBy(revealsTo(viewerOf(s.data.user ?? null)));
        if (players.length > 0) s.emit(CRASH_EVENTS.bets, players);
        const userId = s.data.user?.id;
        const mine = userId === undefined ? undefined : players.find((b) => b.playerID === String(userId));
        if (mine) s.emit(CRASH_EVENTS.joinSuccess, mine);
      }
    } else if (current.status === CRASH_STATUS.InProgress) {
      for (const s of sockets)
        if (s.connected) s.emit(CRASH_EVENTS.start, { _id: current._id, publicSeed: current.publicSeed });
    }
  });
  resync.provide('roulette', async (sockets) => {
    const snap = await rouletteSnapshot(ctx);
    if (!snap.current) return;
    const seenBy = snap.current;
    const current = seenBy(() => false);
    if (!current.joinable) return;
    for (const s of sockets) {
      if (!s.connected) continue;
      s.emit(ROULETTE_EVENTS.newRound, current.timeLeft, current._id, current.privateHash);
      const { players } = seenBy(revealsTo(viewerOf(s.data.user ?? null)));
      for (const p of players) s.emit(ROULETTE_EVENTS.newPlayer, p);
    }
  });
}

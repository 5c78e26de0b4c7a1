import { centsToCoins, minesBetPayload, minesRevealPayload, noPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import { CASHOUT_OK, cashoutMines, MINE_HIT, NO_GAME, revealTile, startMines } from './mines.service.ts';

/**
 * The spec's mines events (PROTOCOL.md §5). Errors travel as mines:result {error}; "no game" as the
 * bare text "No active game found.", the one string the original client resets its board on (an
 * object there is an "An error occurred" toast).
 */
export function minesSocket(ctx: Ctx): void {
  const errorPayload = (message: string) => (message === NO_GAME ? NO_GAME : { error: message });
  const opts = { errorPayload };

  ctx.realtime.handle(
    'mines',
    'mines:bet',
    minesBetPayload,
    'mines:result',
    async (socket, [bet]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      await startMines(ctx, user, bet.amount, bet.minescount);
      // no mines:bet back: the original client toasts that name's argument as text (an object
      // unmounts it); mines:start is the answer both clients act on
      socket.emit('mines:start', 'Game Has Been Started');
    },
    opts,
  );

  ctx.realtime.handle(
    'mines',
    'mines:revealTile',
    minesRevealPayload,
    'mines:result',
    async (socket, [p]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const r = await revealTile(ctx, user, p.tileIndex);
      if (r.kind === 'safe') {
        socket.emit('mines:tileRevealed', {
          tileIndex: r.tileIndex,
          profit: centsToCoins(r.profit),
          multiplier: r.multiplier / 10000,
        });
      } else if (r.kind === 'mine') {
        socket.emit('mines:gameEnd', { message: MINE_HIT });
        socket.emit('mines:revealAllTiles', r.grid);
      } else {
        socket.emit('mines:cashoutSuccess', { message: CASHOUT_OK, payout: centsToCoins(r.payout) });
        socket.emit('mines:revealAllTiles', r.grid);
      }
    },
    opts,
  );

  ctx.realtime.handle(
    'mines',
    'mines:cashout',
    noPayload,
    'mines:result',
    async (socket) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const r = await cashoutMines(ctx, user);
      socket.emit('mines:cashoutSuccess', { message: CASHOUT_OK, payout: centsToCoins(r.payout) });
      socket.emit('mines:revealAllTiles', r.grid);
    },
    opts,
  );
}

import { COINFLIP_EVENTS, coinflipCreatePayload, coinflipIdPayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { CoinflipLoop } from './coinflip.loop.ts';
import { COINFLIP_TEXT, cancelCoinflip, createCoinflip, fillCoinflip } from './coinflip.service.ts';

/** The /coinflip namespace: create, join, call the bot, cancel; errors as coinflip:error. */
export function coinflipSocket(ctx: Ctx, loop: CoinflipLoop): void {
  const { error, success } = COINFLIP_EVENTS;
  ctx.realtime.handle(
    'coinflip',
    COINFLIP_EVENTS.create,
    coinflipCreatePayload,
    error,
    async (socket, [p]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const id = await createCoinflip(ctx, user, p.amount, p.side);
      socket.emit(COINFLIP_EVENTS.created, String(id));
      socket.emit(success, COINFLIP_TEXT.created);
    },
  );
  ctx.realtime.handle('coinflip', COINFLIP_EVENTS.join, coinflipIdPayload, error, async (socket, [id]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    await fillCoinflip(ctx, user, id, false);
    socket.emit(success, COINFLIP_TEXT.joined);
    loop.kick();
  });
  ctx.realtime.handle('coinflip', COINFLIP_EVENTS.callBot, coinflipIdPayload, error, async (socket, [id]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    await fillCoinflip(ctx, user, id, true);
    socket.emit(success, COINFLIP_TEXT.botCalled);
    loop.kick();
  });
  ctx.realtime.handle('coinflip', COINFLIP_EVENTS.cancel, coinflipIdPayload, error, async (socket, [id]) => {
    const user = socket.data.user;
    if (!user) throw Errors.unauthorized();
    await cancelCoinflip(ctx, user, id);
    socket.emit(success, COINFLIP_TEXT.cancelled);
  });
}

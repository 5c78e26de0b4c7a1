import { BATTLE_EVENTS, battleSeatPayload, battlesCreatePayload } from '@coinsite/shared';
import type { Ctx } from '../../platform/context.ts';
import { Errors } from '../../platform/errors.ts';
import type { BattleLoop } from './battles.loop.ts';
import { BATTLE_TEXT, createBattle, type SeatChange, takeSeat } from './battles.service.ts';
import { loadBattle, playersOf, summaryOf } from './battles.views.ts';

/** The battles namespace (spec-3 §7, PROTOCOL.md §5): create, join, call a bot. */
export function battlesSocket(ctx: Ctx, loop: BattleLoop): void {
  const ns = () => ctx.realtime.ns('battles');

  const seatTaken = async (change: SeatChange) => {
    const b = await loadBattle(ctx.db, change.battleId);
    if (b) ns().emit(BATTLE_EVENTS.joined, { battleId: b.id, newPlayers: playersOf(b, ctx.assets) });
    if (change.filled) loop.kick();
  };

  ctx.realtime.handle(
    'battles',
    BATTLE_EVENTS.create,
    battlesCreatePayload,
    BATTLE_EVENTS.error,
    async (socket, [slugs, type, mode]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const id = await createBattle(ctx, user, slugs, type, mode);
      // everyone hears of the battle before its creator can act on it
      const b = await loadBattle(ctx.db, id);
      if (b) ns().emit(BATTLE_EVENTS.new, summaryOf(b, ctx.assets));
      socket.emit(BATTLE_EVENTS.created, id);
      socket.emit(BATTLE_EVENTS.success, BATTLE_TEXT.created);
    },
  );

  ctx.realtime.handle(
    'battles',
    BATTLE_EVENTS.join,
    battleSeatPayload,
    BATTLE_EVENTS.error,
    async (socket, [battleId, seatIndex]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const change = await takeSeat(ctx, { battleId, seatIndex, userId: user.id, byUserId: user.id });
      await seatTaken(change);
      socket.emit(BATTLE_EVENTS.success, BATTLE_TEXT.joined);
    },
  );

  ctx.realtime.handle(
    'battles',
    BATTLE_EVENTS.callBot,
    battleSeatPayload,
    BATTLE_EVENTS.error,
    async (socket, [battleId, seatIndex]) => {
      const user = socket.data.user;
      if (!user) throw Errors.unauthorized();
      const change = await takeSeat(ctx, { battleId, seatIndex, userId: null, byUserId: user.id });
      await seatTaken(change);
      socket.emit(BATTLE_EVENTS.success, BATTLE_TEXT.botCalled);
    },
  );
}

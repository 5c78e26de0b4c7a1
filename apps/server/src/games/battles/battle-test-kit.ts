import type { Socket } from 'socket.io-client';
import type { ManualClock } from '../../platform/clock.ts';
import { inTransaction } from '../../platform/tx.ts';
import type { TestServer } from '../../test-support/server.ts';
import { battleLoopOf } from './battles.module.ts';

/** Tests only: drive a battle server's fake clock and watch its sockets. */
export interface Recorded {
  event: string;
  args: unknown[];
  at: number;
}

export function battleKit(getServer: () => TestServer, getClock: () => ManualClock) {
  const ctx = () => getServer().site.ctx;
  const loop = () => {
    const l = battleLoopOf(ctx());
    if (!l) throw new Error('no battle loop');
    return l;
  };
  const realPause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  return {
    ctx,
    /** A user with this many cents. */
    async player(cents: number) {
      const u = await getServer().newUser();
      if (cents > 0)
        await inTransaction(ctx().db, (unit) =>
          ctx().wallet.apply(unit, {
            userId: u.id,
            delta: cents,
            kind: 'admin',
            idempotencyKey: `fund:${u.id}`,
          }),
        );
      return u;
    },
    async balance(id: number) {
      const row = await ctx()
        .db.selectFrom('users')
        .select('balance')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.balance;
    },
    /** Every event a socket receives, stamped with the fake clock. */
    record(socket: Socket): Recorded[] {
      const events: Recorded[] = [];
      socket.onAny((event: string, ...args: unknown[]) => events.push({ event, args, at: getClock().now() }));
      return events;
    },
    /** Moves the fake clock in steps, letting the loop finish each pass, until pred holds. */
    async runUntil(pred: () => boolean, maxMs = 60_000, stepMs = 250) {
      for (let t = 0; t < maxMs && !pred(); t += stepMs) {
        await getClock().advance(stepMs);
        await loop().idle();
        await realPause(3);
      }
      for (let i = 0; i < 100 && !pred(); i++) await realPause(10);
      if (!pred()) throw new Error('condition not reached');
    },
    async run(ms: number, stepMs = 250) {
      for (let t = 0; t < ms; t += stepMs) {
        await getClock().advance(stepMs);
        await loop().idle();
      }
      await realPause(20);
    },
    /** Emits and waits for this socket's success or error answer. */
    async ask(socket: Socket, event: string, ...args: unknown[]): Promise<{ ok: boolean; message: string }> {
      await realPause(12); // the 10 ms spacing rule between two events of one socket
      const answer = new Promise<{ ok: boolean; message: string }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no answer to ${event}`)), 5000);
        const done = (ok: boolean) => (message: unknown) => {
          clearTimeout(timer);
          socket.off('battles:success', onOk);
          socket.off('battles:error', onErr);
          resolve({ ok, message: String(message) });
        };
        const onOk = done(true);
        const onErr = done(false);
        socket.on('battles:success', onOk);
        socket.on('battles:error', onErr);
      });
      socket.emit(event, ...args);
      return answer;
    },
  };
}

import { PollingLoop } from '../games/rounds/round-runner.ts';
import type { Ctx } from '../platform/context.ts';
import { activateTrivia, expireTrivia, openTrivia } from './trivia.service.ts';

/** The leader looks at the trivia rows at least this often (a trivia may be created on any node). */
export const TRIVIA_POLL_MS = 1000;

/**
 * The trivia's clock on the leader: sends the question out when the countdown is over and ends a
 * trivia whose answer window lapsed; each transition is a guarded update (once). Answers and
 * payouts happen on whichever node receives the chat message.
 */
export class TriviaLoop extends PollingLoop {
  constructor(ctx: Ctx) {
    super(ctx, 'trivia');
  }

  protected async tick(): Promise<number> {
    const t = await openTrivia(this.ctx.db);
    const now = this.ctx.clock.now();
    if (t?.status === 'countdown') {
      if (now < t.starts_at) return Math.min(TRIVIA_POLL_MS, t.starts_at - now);
      await activateTrivia(this.ctx, t.id);
      return Math.min(TRIVIA_POLL_MS, t.expires_at - now);
    }
    if (t?.status === 'active') {
      if (now < t.expires_at) return Math.min(TRIVIA_POLL_MS, t.expires_at - now);
      await expireTrivia(this.ctx, t);
    }
    return TRIVIA_POLL_MS;
  }
}

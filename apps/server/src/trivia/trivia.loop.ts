import { RoundRunner } from '../games/rounds/round-runner.ts';
import type { Ctx } from '../platform/context.ts';
import { activateTrivia, expireTrivia, openTrivia } from './trivia.service.ts';

/** The leader looks at the trivia rows at least this often (a trivia may be created on any node). */
export const TRIVIA_POLL_MS = 1000;

/**
 * The trivia's clock on the leader, on the shared round lifecycle: sends the question out when the
 * countdown is over and ends a trivia whose answer window lapsed. Everything is read from the rows
 * on every pass, so a new leader carries on where the old one stopped; each transition is a guarded
 * update (once). Answers and payouts happen on whichever node receives the chat message.
 */
export class TriviaLoop {
  private readonly runner: RoundRunner;

  constructor(private readonly ctx: Ctx) {
    this.runner = new RoundRunner(ctx.clock, ctx.log, 'trivia');
  }

  start(): void {
    if (this.runner.active) return;
    this.runner.start();
    this.runner.step('tick', () => this.tick());
  }

  stop(): Promise<void> {
    return this.runner.stop();
  }

  /** Resolves when no database step is in flight (tests advance the clock between these). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  private async tick(): Promise<void> {
    let next = TRIVIA_POLL_MS;
    const t = await openTrivia(this.ctx.db);
    const now = this.ctx.clock.now();
    if (t?.status === 'countdown') {
      if (now >= t.starts_at) {
        await activateTrivia(this.ctx, t.id);
        next = Math.min(next, t.expires_at - now);
      } else next = Math.min(next, t.starts_at - now);
    } else if (t?.status === 'active') {
      if (now >= t.expires_at) await expireTrivia(this.ctx, t);
      else next = Math.min(next, t.expires_at - now);
    }
    this.runner.after(Math.max(0, next), () => this.runner.step('tick', () => this.tick()));
  }
}

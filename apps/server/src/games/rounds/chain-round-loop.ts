import { sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import { inTransaction, type Unit } from '../../platform/tx.ts';
import type { ChainGame, Chains, RoundSeed } from '../chains/chain.store.ts';
import { RoundRunner } from './round-runner.ts';
import { sqlNow } from './round-time.ts';

/** The states every chain round loop has besides its game's own. */
export type IdleLoopState = { kind: 'stopped' } | { kind: 'waiting' };

/**
 * What crash and roulette share as the one owner of their rounds on the leader: the runner (clock
 * and step order), start/stop, the state players' sockets read, and opening the next round from
 * the game's hash chain. While the game is switched off or no chain is ready, the loop waits and
 * looks again. The game supplies `recover` (carry on from the rows after a start or takeover).
 */
export abstract class ChainRoundLoop<State extends { kind: string }> {
  protected state: State | IdleLoopState = { kind: 'stopped' };
  protected readonly runner: RoundRunner;

  constructor(
    protected readonly ctx: Ctx,
    protected readonly chains: Chains,
    readonly game: ChainGame,
    /** how long to wait before looking again while the game is off or has no chain ready */
    private readonly waitMs: number,
  ) {
    this.runner = RoundRunner.of(ctx, game);
  }

  get current(): State | IdleLoopState {
    return this.state;
  }

  start(): void {
    if (this.runner.active) return;
    this.runner.start();
    this.state = { kind: 'waiting' };
    this.runner.step('recover', () => this.recover());
  }

  async stop(): Promise<void> {
    this.state = { kind: 'stopped' };
    await this.runner.stop();
    // a step that was in flight may have moved the state on; nothing it scheduled will run
    if (!this.runner.active) this.state = { kind: 'stopped' };
  }

  /** Resolves when no database step is in flight (tests advance the clock between these). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  protected emit(event: string, ...args: unknown[]): void {
    this.ctx.realtime.ns(this.game).emit(event, ...args);
  }

  /** Carries on from the rows: the round in progress if there is one, otherwise opens the next. */
  protected abstract recover(): Promise<void>;

  /**
   * Inserts the next round of the chain, taking bets for `bettingMs`, with the result `resultOf`
   * gives for its seeds (secret until the round is over). Null, with the loop waiting and looking
   * again, while the game is switched off or its chain is not ready.
   */
  protected async openNext(
    bettingMs: number,
    resultOf: (seed: RoundSeed) => number,
  ): Promise<{ id: number; number: number; seed: RoundSeed; result: number } | null> {
    const ready = (await this.ctx.controls.isEnabled(this.game)) && (await this.chains.ready(this.game));
    const round = ready
      ? await inTransaction(this.ctx.db, (unit) => this.insert(unit, bettingMs, resultOf))
      : null;
    if (!round) {
      this.state = { kind: 'waiting' };
      this.runner.after(this.waitMs, () => this.runner.step('open', () => this.recover()));
    }
    return round;
  }

  private async insert(unit: Unit, bettingMs: number, resultOf: (seed: RoundSeed) => number) {
    const seed = await this.chains.nextSeed(unit, this.game);
    if (!seed) return null;
    const result = resultOf(seed);
    const row = await unit.tx
      .insertInto('rounds')
      .values({
        game: this.game,
        chain_id: seed.chainId,
        game_number: seed.gameNumber,
        private_hash: seed.privateHash,
        private_seed: seed.privateSeed,
        public_seed: seed.publicSeed,
        result,
        status: 'betting',
        betting_ends_at: sql<Date>`${sqlNow(this.ctx.clock)} + ${bettingMs} * interval '1 millisecond'`,
      })
      .returning(['id', 'number'])
      .executeTakeFirstOrThrow();
    // number: the game's own round count (migration 0031's trigger), the one players see
    return { id: row.id, number: Number(row.number), seed, result };
  }
}

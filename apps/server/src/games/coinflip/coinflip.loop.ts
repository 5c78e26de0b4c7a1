import { beaconOf } from '../../integrations/eos/beacon.ts';
import type { Ctx } from '../../platform/context.ts';
import { RoundRunner } from '../rounds/round-runner.ts';
import { refundCoinflip, settleCoinflip, waitingFlips } from './coinflip.service.ts';

/** The leader looks for flips to decide this often (a join on any node is seen within it). */
export const COINFLIP_POLL_MS = 1_000;
/** A flip whose block is still not irreversible after this long is refunded to both players. */
export const COINFLIP_BLOCK_WAIT_LIMIT_MS = 10 * 60_000;

/**
 * Decides coinflips on the leader: every flip waiting for its EOS block is settled as soon as the
 * beacon has that block irreversible. Works from the rows alone, so a restart or a new leader
 * carries on with the flips the last one left waiting.
 */
export class CoinflipLoop {
  private readonly runner: RoundRunner;
  private queued = false;
  private polling = false;

  constructor(private readonly ctx: Ctx) {
    this.runner = RoundRunner.of(ctx, 'coinflip');
  }

  start(): void {
    if (this.runner.active) return;
    this.runner.start();
    this.kick();
  }

  async stop(): Promise<void> {
    await this.runner.stop();
    this.queued = false;
    this.polling = false;
  }

  idle(): Promise<void> {
    return this.runner.idle();
  }

  /** Look now (a flip just filled on this node) rather than at the next poll. */
  kick(): void {
    if (this.queued || !this.runner.active) return;
    this.queued = true;
    this.runner.step('decide', async () => {
      this.queued = false;
      await this.pass();
    });
  }

  private async pass(): Promise<void> {
    try {
      const beacon = beaconOf(this.ctx);
      for (const flip of await waitingFlips(this.ctx)) {
        const blockId =
          flip.block_number === null ? null : await beacon.irreversibleBlockId(flip.block_number);
        if (blockId) await settleCoinflip(this.ctx, flip, blockId);
        else if (flip.waited > COINFLIP_BLOCK_WAIT_LIMIT_MS) await refundCoinflip(this.ctx, flip);
      }
    } finally {
      // one poll timer at a time, however many kicks came meanwhile
      if (!this.polling) {
        this.polling = true;
        this.runner.after(COINFLIP_POLL_MS, () => {
          this.polling = false;
          this.kick();
        });
      }
    }
  }
}

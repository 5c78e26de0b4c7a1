import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { DB } from '../../platform/db-types.ts';
import type { Beacon } from './beacon.ts';
import { blockNumberPrefix } from './block-id.ts';

/** The sandbox chain makes a block every half second, like EOS. */
export const SANDBOX_BLOCK_MS = 500;
/** Block 0 of the sandbox chain; a fixed date, so every node computes the same head from its clock. */
export const SANDBOX_EPOCH_MS = Date.UTC(2020, 0, 1);
/** Blocks behind the head that count as irreversible (EOS Savanna finalizes within a few blocks). */
export const SANDBOX_FINALITY_BLOCKS = 2;

/**
 * The default beacon, offline: the head follows ctx.clock; a block's id is 32 CSPRNG bytes (its
 * number in the first 4, as on EOS) drawn the first time anyone reads it after it became final and
 * stored, so every node and every restart sees the same id, and nobody could know it earlier.
 */
export function sandboxBeacon(opts: { db: Kysely<DB>; clock: Clock }): Beacon {
  const head = () => Math.max(1, Math.floor((opts.clock.now() - SANDBOX_EPOCH_MS) / SANDBOX_BLOCK_MS));
  return {
    async headBlock() {
      return head();
    },
    async irreversibleBlockId(blockNumber) {
      if (!Number.isSafeInteger(blockNumber) || blockNumber < 1) return null;
      if (blockNumber > head() - SANDBOX_FINALITY_BLOCKS) return null;
      const candidate = blockNumberPrefix(blockNumber) + randomBytes(28).toString('hex');
      // the first reader's id wins; later readers (any node) get the stored one
      const res = await sql<{ block_id: string }>`
        INSERT INTO eos_sandbox_blocks (block_num, block_id) VALUES (${blockNumber}, ${candidate})
        ON CONFLICT (block_num) DO UPDATE SET block_num = EXCLUDED.block_num
        RETURNING block_id`.execute(opts.db);
      return res.rows[0]?.block_id ?? null;
    },
  };
}

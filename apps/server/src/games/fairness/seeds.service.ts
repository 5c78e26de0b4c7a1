import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@coinsite/shared/fairness';
import { type Kysely, sql } from 'kysely';
import type { Ctx } from '../../platform/context.ts';
import type { DB, Tx } from '../../platform/db-types.ts';
import { Errors } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/tx.ts';

/** The seed pair a bet uses: the nonce returned is the bet's own; the pair's counter has moved on. */
export interface BetSeeds {
  pairId: number;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export const newServerSeed = () => randomBytes(32).toString('hex');
export const defaultClientSeed = () => randomBytes(8).toString('hex');

async function insertPair(
  tx: Tx,
  userId: number,
  status: 'active' | 'next',
  clientSeed: string,
): Promise<void> {
  const serverSeed = newServerSeed();
  await sql`
    INSERT INTO seed_pairs (user_id, server_seed, server_seed_hash, client_seed, status)
    VALUES (${userId}, ${serverSeed}, ${sha256Hex(serverSeed)}, ${clientSeed}, ${status})
    ON CONFLICT DO NOTHING`.execute(tx);
}

/** Creates the first active pair and the committed next pair of a user (idempotent). */
export async function ensurePairs(tx: Tx, userId: number): Promise<void> {
  await insertPair(tx, userId, 'active', defaultClientSeed());
  await insertPair(tx, userId, 'next', defaultClientSeed());
}

/**
 * Takes the next nonce of the user's active pair inside the bet's transaction. The row lock it takes
 * orders this bet against a concurrent seed rotation.
 */
export async function takeNonce(tx: Tx, userId: number): Promise<BetSeeds> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await sql<{ id: number; server_seed: string; client_seed: string; nonce: number }>`
      UPDATE seed_pairs SET nonce = nonce + 1
      WHERE user_id = ${userId} AND status = 'active'
      RETURNING id, server_seed, client_seed, nonce - 1 AS nonce`.execute(tx);
    const pair = row.rows[0];
    if (pair)
      return {
        pairId: pair.id,
        serverSeed: pair.server_seed,
        clientSeed: pair.client_seed,
        nonce: pair.nonce,
      };
    await ensurePairs(tx, userId);
  }
  throw new Error('could not create a seed pair');
}

/**
 * The active seed pair of each player this node has seen, with the nonce the next bet will take.
 * Only a hint: the bet statement takes the nonce only if the pair is still active at that nonce
 * (platform/wallet.ts applyBet), and a stale entry (a bet on another node, a case opened, a
 * rotation) is read again and the bet retried.
 */
export class SeedCache {
  private readonly pairs = new Map<number, BetSeeds>();
  constructor(private readonly max = 50_000) {}

  async get(db: Kysely<DB>, userId: number): Promise<BetSeeds> {
    const known = this.pairs.get(userId);
    if (known) return known;
    const seeds = await activePair(db, userId);
    if (this.pairs.size >= this.max) {
      // forget the oldest entry (Map keeps insertion order)
      const oldest = this.pairs.keys().next().value;
      if (oldest !== undefined) this.pairs.delete(oldest);
    }
    this.pairs.set(userId, seeds);
    return seeds;
  }

  /** The bet at `seeds.nonce` was stored: the next one takes the nonce after it. */
  advance(userId: number, seeds: BetSeeds): void {
    this.pairs.set(userId, { ...seeds, nonce: seeds.nonce + 1 });
  }

  forget(userId: number): void {
    this.pairs.delete(userId);
  }
}

const caches = new WeakMap<object, SeedCache>();

/** The seed cache of one running site (keyed by its context, so test servers never share one). */
export function seedCacheOf(ctx: Ctx): SeedCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new SeedCache();
    caches.set(ctx, cache);
  }
  return cache;
}

/** The active pair and its next nonce, creating the user's pairs on first use. */
async function activePair(db: Kysely<DB>, userId: number): Promise<BetSeeds> {
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await db
      .selectFrom('seed_pairs')
      .select(['id', 'server_seed', 'client_seed', 'nonce'])
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (row)
      return { pairId: row.id, serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce };
    await inTransaction(db, ({ tx }) => ensurePairs(tx, userId));
  }
  throw new Error('could not create a seed pair');
}

export async function currentSeeds(ctx: Ctx, userId: number) {
  return inTransaction(ctx.db, async ({ tx }) => {
    await ensurePairs(tx, userId);
    const rows = await tx
      .selectFrom('seed_pairs')
      .select(['status', 'server_seed_hash', 'client_seed', 'nonce'])
      .where('user_id', '=', userId)
      .where('status', 'in', ['active', 'next'])
      .execute();
    const active = rows.find((r) => r.status === 'active');
    const next = rows.find((r) => r.status === 'next');
    if (!active || !next) throw new Error('seed pairs missing');
    return {
      serverSeedHash: active.server_seed_hash,
      clientSeed: active.client_seed,
      nextServerSeedHash: next.server_seed_hash,
      nonce: active.nonce,
    };
  });
}

/**
 * Changing the client seed rotates the pair: the active server seed is revealed, the committed next
 * one becomes active with the new client seed and nonce 0, and a new next one is committed.
 */
export async function rotateSeeds(ctx: Ctx, userId: number, newClientSeed: string) {
  seedCacheOf(ctx).forget(userId);
  await inTransaction(ctx.db, async ({ tx }) => {
    await ensurePairs(tx, userId);
    // lock the active pair first: a concurrent bet (which updates it) is ordered before or after us
    await tx
      .selectFrom('seed_pairs')
      .select('id')
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .forUpdate()
      .execute();
    const open = await tx
      .selectFrom('bets')
      .select(['id', 'game'])
      .where('user_id', '=', userId)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (open?.game === 'blackjack')
      throw Errors.badRequest("You can't change your seed while a blackjack hand is in progress.");
    if (open?.game === 'hilo')
      throw Errors.badRequest("You can't change your seed while a hilo game is in progress.");
    if (open) throw Errors.badRequest("You can't change your seed while a mines game is in progress.");
    await tx
      .updateTable('seed_pairs')
      .set({ status: 'revealed', revealed_at: new Date() })
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .execute();
    await tx
      .updateTable('seed_pairs')
      .set({ status: 'active', client_seed: newClientSeed, nonce: 0 })
      .where('user_id', '=', userId)
      .where('status', '=', 'next')
      .execute();
    await insertPair(tx, userId, 'next', defaultClientSeed());
  });
  const current = await currentSeeds(ctx, userId);
  return {
    message: 'Successfully changed your client seed!',
    currentServerSeedHash: current.serverSeedHash,
    nextServerSeedHash: current.nextServerSeedHash,
  };
}

export async function seedHistory(ctx: Ctx, userId: number) {
  const rows = await ctx.db
    .selectFrom('seed_pairs')
    .select(['id', 'server_seed', 'server_seed_hash', 'client_seed', 'nonce'])
    .where('user_id', '=', userId)
    .where('status', '=', 'revealed')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
  return {
    history: rows.map((r) => ({
      id: String(r.id),
      serverSeed: r.server_seed,
      serverSeedHash: r.server_seed_hash,
      clientSeed: r.client_seed,
      nonce: r.nonce,
    })),
  };
}

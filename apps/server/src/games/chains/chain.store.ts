import { chainHash } from '@coinsite/shared/fairness';
import { z } from 'zod';
import { beaconOf } from '../../integrations/eos/beacon.ts';
import type { Ctx } from '../../platform/context.ts';
import type { Unit } from '../../platform/tx.ts';
import { type GeneratedChain, generateChain } from './chain-generator.ts';

export type ChainGame = 'crash' | 'roulette';

/** fairness.md: 10^6 links per chain is plenty here (about 8 months of crash rounds). */
export const DEFAULT_CHAIN_LENGTH = 1_000_000;
/** The salt block is announced this many blocks past the head, so nobody knows its id yet. */
export const SALT_BLOCKS_AHEAD = 3;
/** The next chain is generated (and its salt announced) once this share of the current one is used. */
const NEXT_CHAIN_AT = 0.9;

const envSchema = z.object({
  ROUND_CHAIN_LENGTH: z.coerce
    .number({ error: 'ROUND_CHAIN_LENGTH must be a number' })
    .int('ROUND_CHAIN_LENGTH must be a whole number')
    .min(10, 'ROUND_CHAIN_LENGTH must be at least 10')
    .max(10_000_000, 'ROUND_CHAIN_LENGTH must be at most 10,000,000')
    .default(DEFAULT_CHAIN_LENGTH),
});

/** Links per new chain: an operator setting (env ROUND_CHAIN_LENGTH), validated at boot. */
export function chainLengthFromEnv(env: Record<string, string | undefined> = process.env): number {
  const parsed = envSchema.safeParse({ ROUND_CHAIN_LENGTH: env.ROUND_CHAIN_LENGTH || undefined });
  if (!parsed.success)
    throw new Error(`Invalid environment variable ROUND_CHAIN_LENGTH: ${parsed.error.issues[0]?.message}`);
  return parsed.data.ROUND_CHAIN_LENGTH;
}

/** What a new round takes from the chain. privateSeed stays on the server until the round is over. */
export interface RoundSeed {
  chainId: number;
  gameNumber: number;
  privateSeed: string;
  privateHash: string;
  publicSeed: string;
}

/**
 * The hash chains of crash and roulette (fairness.md §2): generated once in a worker, stored as
 * checkpoints, published (terminal hash + announced salt block) before their first game, and read
 * one seed per round. Only the leader's loops call this, but every write is guarded in SQL so a
 * second node doing the same cannot create two current chains or two rounds with one seed.
 */
export class Chains {
  private readonly generating = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: Ctx,
    readonly length: number = chainLengthFromEnv(),
  ) {}

  /**
   * True when `game` has a current chain whose salt is known. Creates the first chain, resolves
   * salts and prepares the next chain as needed; false means "ask again in a moment".
   */
  async ready(game: ChainGame): Promise<boolean> {
    const current = await this.chainOf(game, 'current');
    if (!current) {
      await this.generate(game, 'current');
      return false;
    }
    const next = await this.chainOf(game, 'next');
    if (next && !next.salt) await this.resolveSalt(next.id, next.salt_block);
    const used = await this.gamesPlayed(current.id);
    if (!next && used >= Math.floor(current.length * NEXT_CHAIN_AT)) void this.generate(game, 'next');
    if (used >= current.length) return Boolean(next?.salt);
    if (current.salt) return true;
    return (await this.resolveSalt(current.id, current.salt_block)) !== null;
  }

  /**
   * Inside the transaction that creates a round: the next game number of the current chain and
   * its seed. A used-up chain is retired and the prepared next one takes over. Null when no chain
   * with a known salt is available (ready() prepares one).
   */
  async nextSeed(unit: Unit, game: ChainGame): Promise<RoundSeed | null> {
    let chain = await unit.tx
      .selectFrom('round_chains')
      .selectAll()
      .where('game', '=', game)
      .where('status', '=', 'current')
      .forUpdate()
      .executeTakeFirst();
    if (!chain?.salt) return null;
    const last = await unit.tx
      .selectFrom('rounds')
      .select((eb) => eb.fn.max('game_number').as('n'))
      .where('chain_id', '=', chain.id)
      .executeTakeFirst();
    let gameNumber = Number(last?.n ?? 0) + 1;
    if (gameNumber > chain.length) {
      const next = await unit.tx
        .selectFrom('round_chains')
        .selectAll()
        .where('game', '=', game)
        .where('status', '=', 'next')
        .forUpdate()
        .executeTakeFirst();
      if (!next?.salt) return null;
      await unit.tx.updateTable('round_chains').set({ status: 'used' }).where('id', '=', chain.id).execute();
      await unit.tx
        .updateTable('round_chains')
        .set({ status: 'current' })
        .where('id', '=', next.id)
        .execute();
      chain = next;
      gameNumber = 1;
    }
    const privateSeed = await this.seedOf(unit, chain.id, chain.length, chain.checkpoint_every, gameNumber);
    return {
      chainId: chain.id,
      gameNumber,
      privateSeed,
      privateHash: chainHash(privateSeed),
      publicSeed: chain.salt ?? '',
    };
  }

  /** h_{L−n}: the checkpoint at or below it, hashed forward (fewer than `every` hashes). */
  private async seedOf(unit: Unit, chainId: number, length: number, every: number, n: number) {
    const j = length - n;
    const idx = Math.floor(j / every) * every;
    const row = await unit.tx
      .selectFrom('round_chain_checkpoints')
      .select('hash')
      .where('chain_id', '=', chainId)
      .where('idx', '=', idx)
      .executeTakeFirstOrThrow();
    let h = row.hash;
    for (let i = idx; i < j; i++) h = chainHash(h);
    return h;
  }

  private chainOf(game: ChainGame, status: 'current' | 'next') {
    return this.ctx.db
      .selectFrom('round_chains')
      .select(['id', 'length', 'salt', 'salt_block'])
      .where('game', '=', game)
      .where('status', '=', status)
      .executeTakeFirst();
  }

  private async gamesPlayed(chainId: number): Promise<number> {
    const row = await this.ctx.db
      .selectFrom('rounds')
      .select((eb) => eb.fn.max('game_number').as('n'))
      .where('chain_id', '=', chainId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** The salt is the announced block's id once that block is irreversible. */
  private async resolveSalt(chainId: number, block: number): Promise<string | null> {
    const id = await beaconOf(this.ctx).irreversibleBlockId(block);
    if (!id) return null;
    await this.ctx.db
      .updateTable('round_chains')
      .set({ salt: id })
      .where('id', '=', chainId)
      .where('salt', 'is', null)
      .execute();
    return id;
  }

  /** One generation per game and status at a time in this process; the unique index covers the rest. */
  private generate(game: ChainGame, status: 'current' | 'next'): Promise<void> {
    const key = `${game}:${status}`;
    let job = this.generating.get(key);
    if (!job) {
      job = (async () => {
        const chain = await generateChain(this.length);
        const head = await beaconOf(this.ctx).headBlock();
        await this.store(game, status, chain, head + SALT_BLOCKS_AHEAD);
      })()
        .catch((err: unknown) => this.ctx.log.error({ err, game }, 'hash chain generation failed'))
        .finally(() => this.generating.delete(key));
      this.generating.set(key, job);
    }
    return job;
  }

  private async store(game: ChainGame, status: 'current' | 'next', chain: GeneratedChain, saltBlock: number) {
    await this.ctx.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('round_chains')
        .values({
          game,
          status,
          secret: chain.secret,
          length: chain.length,
          checkpoint_every: chain.every,
          terminal_hash: chain.terminal,
          salt_block: saltBlock,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return; // another node published one first
      const rows = chain.checkpoints.map((hash, i) => ({ chain_id: row.id, idx: i * chain.every, hash }));
      for (let i = 0; i < rows.length; i += 5000)
        await tx
          .insertInto('round_chain_checkpoints')
          .values(rows.slice(i, i + 5000))
          .execute();
    });
    this.ctx.log.info({ game, status, length: chain.length, saltBlock }, 'hash chain published');
  }
}

export interface PublicChain {
  id: string;
  game: ChainGame;
  status: 'current' | 'next' | 'used';
  length: number;
  terminalHash: string;
  saltBlock: number;
  salt: string | null;
  gamesPlayed: number;
  created: string;
}

/** What the fairness page shows: never the secret or a checkpoint. */
export async function publicChains(ctx: Ctx): Promise<PublicChain[]> {
  const rows = await ctx.db
    .selectFrom('round_chains as c')
    .select((eb) => [
      'c.id',
      'c.game',
      'c.status',
      'c.length',
      'c.terminal_hash',
      'c.salt_block',
      'c.salt',
      'c.created_at',
      eb
        .selectFrom('rounds as r')
        .select((e) => e.fn.max('r.game_number').as('n'))
        .whereRef('r.chain_id', '=', 'c.id')
        .as('played'),
    ])
    .orderBy('c.id', 'desc')
    .limit(20)
    .execute();
  return rows.map((r) => ({
    id: String(r.id),
    game: r.game,
    status: r.status,
    length: r.length,
    terminalHash: r.terminal_hash,
    saltBlock: r.salt_block,
    salt: r.salt,
    gamesPlayed: Number(r.played ?? 0),
    created: r.created_at.toISOString(),
  }));
}

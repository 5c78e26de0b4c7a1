import type { Ctx } from '../../platform/context.ts';
import { rpcBeacon } from './rpc-beacon.ts';
import { sandboxBeacon } from './sandbox-beacon.ts';

/**
 * The EOS randomness beacon (fairness.md §2, battles and coinflip): a PvP game fixes a future block
 * number when its last seat fills, then waits until that block is irreversible and uses its id.
 * Keep this interface stable: battles and coinflip both depend on it.
 */
export interface Beacon {
  /** The chain's current head block number. */
  headBlock(): Promise<number>;
  /** The block's id (64 lowercase hex) once it is irreversible; null until then. Never another block's. */
  irreversibleBlockId(blockNumber: number): Promise<string | null>;
}

/** Which beacon createBeacon picks: 'rpc' with EOS_RPC_URL set, otherwise the offline 'sandbox'. */
export type BeaconMode = 'rpc' | 'sandbox';

export interface NamedBeacon extends Beacon {
  readonly mode: BeaconMode;
}

/**
 * The real adapter (EOS chain API at config.EOS_RPC_URL) when configured, otherwise the sandbox chain
 * (a block every 0.5 s of ctx.clock, random ids stored in the database so every node and a restart agree).
 */
export function createBeacon(ctx: Ctx): NamedBeacon {
  const url = ctx.config.EOS_RPC_URL;
  if (url) return { mode: 'rpc', ...bind(rpcBeacon({ url })) };
  return { mode: 'sandbox', ...bind(sandboxBeacon({ db: ctx.db, clock: ctx.clock })) };
}

function bind(b: Beacon): Beacon {
  return { headBlock: () => b.headBlock(), irreversibleBlockId: (n) => b.irreversibleBlockId(n) };
}

const beacons = new WeakMap<Ctx, NamedBeacon>();

/**
 * The one beacon of a running app (one per Ctx, so test servers in one process each get their own).
 * Games import this: `import { beaconOf } from '../../integrations/eos/beacon.ts'`.
 */
export function beaconOf(ctx: Ctx): NamedBeacon {
  let beacon = beacons.get(ctx);
  if (!beacon) {
    beacon = createBeacon(ctx);
    beacons.set(ctx, beacon);
  }
  return beacon;
}

/** Tests only: replace the app's beacon (e.g. one that never reaches the target block). */
export function setBeaconForTests(ctx: Ctx, beacon: Beacon): void {
  beacons.set(ctx, { mode: 'sandbox', ...bind(beacon) });
}

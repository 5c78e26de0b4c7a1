/** A block id is 64 lowercase hex characters; an EOS id starts with its block number (big-endian u32). */
export const BLOCK_ID_RE = /^[0-9a-f]{64}$/;

export function blockNumberPrefix(blockNumber: number): string {
  return (blockNumber >>> 0).toString(16).padStart(8, '0');
}

/** True when the id is well formed and names this block (the real chain's ids carry their number). */
export function isIdOfBlock(id: string, blockNumber: number): boolean {
  return BLOCK_ID_RE.test(id) && id.startsWith(blockNumberPrefix(blockNumber));
}

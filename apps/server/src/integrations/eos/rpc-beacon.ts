import type { Beacon } from './beacon.ts';
import { isIdOfBlock } from './block-id.ts';

const TIMEOUT_MS = 5000;
/** Irreversible ids never change, so they are kept; this bounds the memory they take. */
const ID_CACHE_SIZE = 2000;
/**
 * A get_info answer is reused this long (wall time: it only spares the endpoint when many games
 * poll in one pass; a block takes 500 ms, so nothing waits noticeably longer).
 */
const INFO_TTL_MS = 200;

interface ChainInfo {
  head: number;
  lib: number;
  libId: string | null;
}

/**
 * The real adapter: the EOS chain API (`POST /v1/chain/get_info`, `POST /v1/chain/get_block`).
 * A block counts once it is at or below last_irreversible_block_num; its id must carry its own
 * number, so a confused or hostile endpoint cannot hand us another block's id.
 */
export function rpcBeacon(opts: { url: string; fetchImpl?: typeof fetch; infoTtlMs?: number }): Beacon {
  const base = opts.url.replace(/\/+$/, '');
  const doFetch = opts.fetchImpl ?? fetch;
  const ttl = opts.infoTtlMs ?? INFO_TTL_MS;
  const ids = new Map<number, string>();
  // Many games poll at once: they share one get_info in flight (and a fresh answer) instead of each
  // asking the endpoint.
  let infoInFlight: Promise<ChainInfo> | null = null;
  let lastInfo: { at: number; info: ChainInfo } | null = null;

  async function call(path: string, body: unknown): Promise<Record<string, unknown>> {
    const res = await doFetch(`${base}/v1/chain/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!res.ok) throw new Error(`EOS RPC ${path} answered HTTP ${res.status}`);
    const json: unknown = await res.json();
    if (typeof json !== 'object' || json === null) throw new Error(`EOS RPC ${path} answered no object`);
    return json as Record<string, unknown>;
  }

  function info(): Promise<ChainInfo> {
    if (lastInfo && Date.now() - lastInfo.at < ttl) return Promise.resolve(lastInfo.info);
    infoInFlight ??= (async () => {
      try {
        const body = await call('get_info', {});
        const head = body.head_block_num;
        const lib = body.last_irreversible_block_num;
        if (!Number.isSafeInteger(head) || !Number.isSafeInteger(lib))
          throw new Error('EOS RPC get_info lacks head_block_num or last_irreversible_block_num');
        const libId =
          typeof body.last_irreversible_block_id === 'string' ? body.last_irreversible_block_id : null;
        const fresh = { head: head as number, lib: lib as number, libId };
        lastInfo = { at: Date.now(), info: fresh };
        return fresh;
      } finally {
        infoInFlight = null;
      }
    })();
    return infoInFlight;
  }

  function remember(blockNumber: number, id: string): string {
    if (ids.size >= ID_CACHE_SIZE) {
      const oldest = ids.keys().next();
      if (!oldest.done) ids.delete(oldest.value);
    }
    ids.set(blockNumber, id);
    return id;
  }

  return {
    async headBlock() {
      return (await info()).head;
    },
    async irreversibleBlockId(blockNumber) {
      const known = ids.get(blockNumber);
      if (known) return known;
      const chain = await info();
      if (blockNumber > chain.lib) return null;
      if (blockNumber === chain.lib && chain.libId && isIdOfBlock(chain.libId, blockNumber))
        return remember(blockNumber, chain.libId);
      const block = await call('get_block', { block_num_or_id: blockNumber });
      const id = typeof block.id === 'string' ? block.id.toLowerCase() : '';
      if (!isIdOfBlock(id, blockNumber))
        throw new Error(`EOS RPC get_block ${blockNumber} answered an id that is not this block's`);
      return remember(blockNumber, id);
    },
  };
}

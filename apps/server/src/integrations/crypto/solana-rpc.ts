import type { ChainWatcher, ObservedTransfer } from './watcher.ts';

/**
 * A Solana watcher over JSON-RPC: the address's recent signatures, each transaction's SOL balance
 * change for the address (post − pre), and confirmations counted as slots since the transaction's
 * slot (Solana has no blocks-deep notion; 8 slots is a few seconds, and only finalized
 * transactions are reported as confirmed at all).
 */
export function solanaWatcher(opts: { rpcUrl: string; fetchImpl?: typeof fetch }): ChainWatcher {
  const doFetch = opts.fetchImpl ?? fetch;
  let id = 0;
  async function rpc<T>(method: string, params: unknown[]): Promise<T> {
    const res = await doFetch(opts.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      signal: AbortSignal.timeout(20_000),
    });
    const body = (await res.json()) as { result?: T; error?: { message?: string } };
    if (!res.ok || body.error || body.result === undefined)
      throw new Error(`solana rpc ${method}: ${body.error?.message ?? res.status}`);
    return body.result;
  }

  return {
    currency: 'sol',
    sandbox: false,
    async transfersTo(addresses) {
      const out: ObservedTransfer[] = [];
      const slot = await rpc<number>('getSlot', [{ commitment: 'confirmed' }]);
      for (const address of addresses) {
        const sigs = await rpc<
          Array<{ signature: string; slot: number; err: unknown; confirmationStatus?: string }>
        >('getSignaturesForAddress', [address, { limit: 50 }]);
        for (const s of sigs) {
          if (s.err) continue;
          const tx = await rpc<{
            meta?: { preBalances?: number[]; postBalances?: number[]; err?: unknown };
            transaction?: { message?: { accountKeys?: Array<string | { pubkey: string }> } };
          } | null>('getTransaction', [
            s.signature,
            { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
          ]);
          const keys = tx?.transaction?.message?.accountKeys ?? [];
          const i = keys.findIndex((k) => (typeof k === 'string' ? k : k.pubkey) === address);
          const pre = tx?.meta?.preBalances?.[i];
          const post = tx?.meta?.postBalances?.[i];
          if (i < 0 || tx?.meta?.err || pre === undefined || post === undefined || post <= pre) continue;
          out.push({
            currency: 'sol',
            txid: s.signature,
            index: 0,
            address,
            amount: BigInt(post - pre),
            confirmations: s.confirmationStatus === 'finalized' ? Math.max(1, slot - s.slot + 1) : 0,
          });
        }
      }
      return out;
    },
  };
}

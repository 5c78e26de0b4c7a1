import type { CryptoCurrency } from '@coinsite/shared';
import type { ChainWatcher, ObservedTransfer } from './watcher.ts';

/**
 * A watcher over a Blockbook indexer (the open-source indexer behind Trezor Suite; it serves BTC,
 * LTC, DOGE, Ethereum and BSC with one API): GET /api/v2/address/<addr>?details=txs lists the
 * address's transactions with their confirmations. UTXO coins pay to outputs; native ETH pays in
 * the transaction value; tokens (USDC on Ethereum, USDT on BSC) pay in tokenTransfers.
 */
interface BlockbookTx {
  txid: string;
  confirmations?: number;
  value?: string;
  vout?: Array<{ n?: number; value?: string; addresses?: string[] }>;
  tokenTransfers?: Array<{ to?: string; contract?: string; value?: string }>;
  ethereumSpecific?: { status?: number };
}

export function blockbookWatcher(opts: {
  currency: CryptoCurrency;
  baseUrl: string;
  mode: 'utxo' | 'evm-native' | 'evm-token';
  /** Token contract for 'evm-token'. */
  contract?: string;
  fetchImpl?: typeof fetch;
}): ChainWatcher {
  const doFetch = opts.fetchImpl ?? fetch;
  const base = opts.baseUrl.replace(/\/$/, '');

  function transfersIn(tx: BlockbookTx, address: string): ObservedTransfer[] {
    const confirmations = tx.confirmations ?? 0;
    const out: ObservedTransfer[] = [];
    const push = (index: number, value: string | undefined) => {
      if (!value || !/^\d+$/.test(value) || value === '0') return;
      out.push({
        currency: opts.currency,
        txid: tx.txid,
        index,
        address,
        amount: BigInt(value),
        confirmations,
      });
    };
    const same = (a: string | undefined) => (a ?? '').toLowerCase() === address.toLowerCase();
    if (opts.mode === 'utxo') {
      for (const v of tx.vout ?? []) if (v.addresses?.some(same)) push(v.n ?? 0, v.value);
    } else if (opts.mode === 'evm-native') {
      // a failed EVM transaction moves no value
      if (tx.ethereumSpecific?.status === 1 && tx.vout?.[0]?.addresses?.some(same)) push(0, tx.value);
    } else if (tx.ethereumSpecific?.status === 1) {
      (tx.tokenTransfers ?? []).forEach((t, i) => {
        if (same(t.to) && (t.contract ?? '').toLowerCase() === (opts.contract ?? '').toLowerCase())
          push(i + 1, t.value);
      });
    }
    return out;
  }

  return {
    currency: opts.currency,
    sandbox: false,
    async transfersTo(addresses) {
      const all: ObservedTransfer[] = [];
      for (const address of addresses) {
        const res = await doFetch(
          `${base}/api/v2/address/${encodeURIComponent(address)}?details=txs&pageSize=50`,
          {
            headers: { accept: 'application/json' },
            signal: AbortSignal.timeout(20_000),
          },
        );
        if (!res.ok) throw new Error(`blockbook ${opts.currency} answered ${res.status}`);
        const body = (await res.json()) as { transactions?: BlockbookTx[] };
        for (const tx of body.transactions ?? []) all.push(...transfersIn(tx, address));
      }
      return all;
    },
  };
}

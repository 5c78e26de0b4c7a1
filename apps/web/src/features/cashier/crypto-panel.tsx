import {
  amountTextToCents,
  CASHIER_TEXT,
  CRYPTO_META,
  type CashierConfigView,
  type CryptoCurrency,
  TX_STATE,
  type TxsView,
} from '@coinsite/shared/schemas/cashier';
import { Copy, TriangleAlert } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { HttpError, http } from '../../lib/http.ts';
import { useCryptoAddresses } from './cashier-api.ts';
import { Converter, converterValue } from './converter.tsx';
import { CRYPTO_LOOK } from './methods.ts';
import { MethodMark, Note, SandboxBadge } from './parts.tsx';
import { TXS_KEY } from './recent-withdrawals.tsx';

/** "0.50000000" → "0.5" */
const trimAmount = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/**
 * Deposits of this currency seen on chain and not yet credited: amount, confirmations n of the
 * required count and the Pending state, refreshed while the panel is open (issue 14 item 14).
 */
function DetectedDeposits({ symbol }: { symbol: string }) {
  const txs = useQuery({
    queryKey: TXS_KEY,
    queryFn: () => http.get<TxsView>('/user/txs'),
    refetchInterval: 10_000,
    retry: false,
  });
  const pending = (txs.data?.deposits ?? []).filter(
    (d) => d.currency === symbol && d.state === TX_STATE.pending && d.crypto,
  );
  if (pending.length === 0) return null;
  return (
    <section aria-label="Detected deposits" className="flex flex-col gap-1.5">
      <h4 className="text-[11px] font-bold tracking-wider text-ink-400 uppercase">Detected deposits</h4>
      <ul className="flex flex-col gap-1.5">
        {pending.map((d) => (
          <li
            key={d._id}
            data-testid="detected-deposit"
            className="flex items-center justify-between gap-3 rounded-lg bg-ink-950/60 px-3 py-2 text-sm ring-1 ring-ink-700"
          >
            <span className="font-mono text-white tabular-nums">
              {trimAmount(d.crypto?.amount ?? '0')} {symbol}
            </span>
            <span className="text-xs text-ink-300 tabular-nums">
              {d.crypto?.confirmations}/{d.crypto?.required} confirmations
            </span>
            <span className="rounded-md bg-orange-500/10 px-2 py-0.5 text-xs font-semibold text-orange-300 ring-1 ring-orange-500/30">
              Pending
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function loadErrorText(err: unknown): string {
  // spec-1 §8: a 400 shows the server's sentence, anything else the generic text
  if (err instanceof HttpError && err.status === 400 && err.messages[0]) return err.messages[0];
  return CASHIER_TEXT.addressesFailed;
}

/** A crypto deposit panel: QR, address with copy, a coin/dollar converter and the network warning. */
export function CryptoPanel({ currency, config }: { currency: CryptoCurrency; config?: CashierConfigView }) {
  const addresses = useCryptoAddresses(true);
  const [amount, setAmount] = useState(converterValue('2'));
  const meta = CRYPTO_META[currency];
  const look = CRYPTO_LOOK[currency];
  const entry = addresses.data?.[currency];

  useEffect(() => {
    if (addresses.isError) toast.error(loadErrorText(addresses.error));
  }, [addresses.isError, addresses.error]);

  async function copy() {
    if (!entry) return;
    try {
      await navigator.clipboard.writeText(entry.address);
      toast.success(CASHIER_TEXT.copied);
    } catch {
      toast.error(CASHIER_TEXT.copyFailed);
    }
  }

  const rate = config?.rates[currency];
  const usd = amountTextToCents(amount.dollars) / 100;
  const approx = rate ? (usd / rate).toFixed(Math.min(8, meta.decimals)).replace(/\.?0+$/, '') : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        <MethodMark look={look} />
        <div className="min-w-0">
          <h3 className="font-bold text-white">{meta.name}</h3>
          <p className="text-xs text-ink-400">Credited after {config?.confirmations ?? 8} confirmations</p>
        </div>
        {config?.sandbox.crypto ? (
          <SandboxBadge title="Sandbox chain: deposits are simulated by an admin." />
        ) : null}
      </div>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <div className="flex h-40 w-40 shrink-0 items-center justify-center overflow-hidden rounded-xl bg-white p-1.5">
          {entry ? (
            <img src={entry.dataUrl} alt={`${meta.name} deposit address QR code`} className="h-full w-full" />
          ) : (
            <div
              className="h-full w-full animate-pulse rounded-lg bg-ink-300/40"
              role="status"
              aria-label="Loading QR code"
            />
          )}
        </div>
        <div className="flex w-full min-w-0 flex-col gap-3">
          <div className="flex flex-col gap-1.5">
            <span className="text-xs font-semibold text-ink-300">Your {meta.symbol} deposit address</span>
            <div className="flex items-center gap-2 rounded-lg bg-ink-950/70 p-2 pl-3 ring-1 ring-ink-700">
              {entry ? (
                <code
                  data-testid="deposit-address"
                  className="min-w-0 flex-1 font-mono text-xs break-all text-white"
                >
                  {entry.address}
                </code>
              ) : addresses.isError ? (
                <span className="flex-1 text-xs text-red-300">{loadErrorText(addresses.error)}</span>
              ) : (
                <span
                  className="h-4 flex-1 animate-pulse rounded bg-ink-600"
                  role="status"
                  aria-label="Loading address"
                />
              )}
              <button
                type="button"
                onClick={copy}
                disabled={!entry}
                aria-label="Copy deposit address"
                className="rounded-md p-2 text-ink-300 transition hover:bg-ink-700 hover:text-white disabled:opacity-40"
              >
                <Copy className="h-4 w-4" aria-hidden="true" />
              </button>
            </div>
          </div>
          <Converter value={amount} onChange={setAmount} />
          {approx ? (
            <p className="text-xs text-ink-400">
              ≈ <span className="font-mono text-ink-200">{approx}</span> {meta.symbol} at $
              {rate?.toLocaleString('en-US')} per {meta.symbol}
            </p>
          ) : null}
        </div>
      </div>
      <DetectedDeposits symbol={meta.symbol} />
      <Note tone="warn">
        <TriangleAlert className="mr-1 inline h-3.5 w-3.5 -translate-y-px" aria-hidden="true" />
        {meta.warning}
      </Note>
    </div>
  );
}

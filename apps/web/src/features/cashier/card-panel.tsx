import {
  amountTextToCents,
  type CardFeeBand,
  type CashierConfigView,
  cardFeeBand,
  cardFeeCents,
  DEFAULT_CARD_FEES,
} from '@coinsite/shared/schemas/cashier';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import type { LegacyAnswer } from './cashier-api.ts';
import { Converter, converterValue } from './converter.tsx';
import { FIAT_TILES } from './methods.ts';
import { MethodMark, Note, SandboxBadge } from './parts.tsx';

const MIN_COINS = 10;

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The operator's fee table as the server sends it, in the shared form (cents, basis points). */
function feeTable(config?: CashierConfigView): CardFeeBand[] {
  if (!config?.cardFees?.length) return [...DEFAULT_CARD_FEES];
  return config.cardFees.map((b) => ({
    fromUsdCents: Math.round(b.fromUsd * 100),
    bp: Math.round(b.percent * 100),
    fixedUsdCents: Math.round(b.fixedUsd * 100),
  }));
}

/** The value, the card fee of its band and the total the checkout charges, before Proceed. */
function FeeSummary({ usdCents, table }: { usdCents: number; table: CardFeeBand[] }) {
  const band = cardFeeBand(usdCents, table);
  const fee = cardFeeCents(usdCents, table);
  const rows: Array<[string, string]> = [
    ['Deposit value', usd(usdCents)],
    [`Card fee (${band.bp / 100}% + ${usd(band.fixedUsdCents)})`, usd(fee)],
  ];
  return (
    <dl
      className="flex flex-col gap-1.5 rounded-xl bg-ink-950/60 p-3 text-sm ring-1 ring-ink-700"
      data-testid="card-fee-summary"
    >
      {rows.map(([k, v]) => (
        <div key={k} className="flex justify-between gap-3 text-ink-300">
          <dt>{k}</dt>
          <dd className="font-mono text-white tabular-nums">{v}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-3 border-t border-ink-700 pt-1.5 font-bold text-white">
        <dt>Total charged</dt>
        <dd className="font-mono tabular-nums" data-testid="card-total">
          {usd(usdCents + fee)}
        </dd>
      </div>
    </dl>
  );
}

/**
 * Card deposit (spec-1 §2, §4, §5): a converter starting at 10 coins / $5 whose coin side ignores
 * values under 10 and dollar side under 5; Proceed shows 'Processing...' and opens the returned
 * checkout in a new tab. success:false shows the server's message; a network failure is only logged.
 */
export function CardPanel({ config }: { config?: CashierConfigView }) {
  const [amount, setAmount] = useState(converterValue('10'));
  const { pending, run } = useAction();
  const look = FIAT_TILES[0];
  const tooLow = amountTextToCents(amount.coins) < MIN_COINS * 100;
  // the player pays whole dollar cents: half the coins, rounded down (card.service.ts)
  const usdCents = Math.floor(amountTextToCents(amount.coins) / 2);
  const table = feeTable(config);

  function proceed() {
    if (tooLow) return;
    void run(async () => {
      // opened now (run calls this at once), while the click still counts as a user gesture, so no
      // popup blocker stops it
      const tab = window.open('', '_blank');
      try {
        const res = await http.post<LegacyAnswer & { redirectUrl?: string }>('/arkpay/initialize', {
          site_value: amountTextToCents(amount.coins) / 100,
        });
        if (res.success && res.redirectUrl) {
          if (tab) tab.location.href = res.redirectUrl;
          else window.location.assign(res.redirectUrl);
        } else {
          tab?.close();
          toast.error(res.message ?? 'The card payment could not be started.');
        }
      } catch (err) {
        tab?.close();
        const message = errorText(err, '');
        if (message) toast.error(message);
        else console.error('card deposit failed', err);
      }
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        {look ? <MethodMark look={look} /> : null}
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-white">Card</h3>
          <p className="text-xs text-ink-400">Visa, Mastercard and more, through our payment partner</p>
        </div>
        {config?.sandbox.card ? (
          <SandboxBadge title="Sandbox checkout: use any test card, nothing is charged." />
        ) : null}
      </div>
      <Converter value={amount} onChange={setAmount} minCoins={MIN_COINS} disabled={pending} />
      <Note>
        Min Deposit = $5. Card fees are added on top:{' '}
        {table
          .map((b, i) => {
            const next = table[i + 1];
            const range = next
              ? `${usd(b.fromUsdCents)}–${usd(next.fromUsdCents - 1)}`
              : `${usd(b.fromUsdCents)}+`;
            return `${range} ${b.bp / 100}% + ${usd(b.fixedUsdCents)}`;
          })
          .join(', ')}
        .
      </Note>
      {tooLow ? (
        <p
          className="rounded-lg bg-amber-500/10 px-3 py-2 text-sm text-amber-200 ring-1 ring-amber-400/30"
          role="status"
        >
          Proceed is disabled: the minimum card deposit is {MIN_COINS.toFixed(2)} coins ($5.00).
        </p>
      ) : (
        <FeeSummary usdCents={usdCents} table={table} />
      )}
      <Button size="lg" onClick={proceed} disabled={pending || tooLow}>
        {pending ? 'Processing...' : 'Proceed'}
      </Button>
    </div>
  );
}

import { amountTextToCents, type CashierConfigView } from '@coinsite/shared/schemas/cashier';
import { useState } from 'react';
import { toast } from 'sonner';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import type { LegacyAnswer } from './cashier-api.ts';
import { Converter, converterValue } from './converter.tsx';
import { FIAT_TILES } from './methods.ts';
import { MethodMark, Note, SandboxBadge } from './parts.tsx';

const MIN_COINS = 10;

/**
 * Card deposit (spec-1 §2, §4, §5): a converter starting at 10 coins / $5 whose coin side ignores
 * values under 10 and dollar side under 5; Proceed shows 'Processing...' and opens the returned
 * checkout in a new tab. success:false shows the server's message; a network failure is only logged.
 */
export function CardPanel({ config }: { config?: CashierConfigView }) {
  const [amount, setAmount] = useState(converterValue('10'));
  const [pending, setPending] = useState(false);
  const look = FIAT_TILES[0];
  const tooLow = amountTextToCents(amount.coins) < MIN_COINS * 100;

  async function proceed() {
    if (pending || tooLow) return;
    // opened now, while the click still counts as a user gesture, so no popup blocker stops it
    const tab = window.open('', '_blank');
    setPending(true);
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
    } finally {
      setPending(false);
    }
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
      <Note>Min Deposit = $5. Card fees are added on top and vary with the amount.</Note>
      <Button size="lg" onClick={proceed} disabled={pending || tooLow}>
        {pending ? 'Processing...' : 'Proceed'}
      </Button>
    </div>
  );
}

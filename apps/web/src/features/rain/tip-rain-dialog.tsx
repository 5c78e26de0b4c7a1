import { CHAT_TEXT } from '@coinsite/shared/schemas/chat';
import { RAIN_TEXT } from '@coinsite/shared/schemas/rain';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/input.tsx';
import { sendChat } from '../chat/use-chat-events.ts';
import { useRainUi } from './rain-store.ts';

/**
 * Tip Rain (spec-2 §2): a numeric amount and a Tip Rain button; the note 'Your amount will be added
 * to the current pot.' The amount travels as typed in `/tip-rain {amount}`; the server answers with
 * a toast.
 */
export function TipRainDialog() {
  const initial = useRainUi((s) => s.tipAmount);
  const close = useRainUi((s) => s.closeTipRain);
  const [amount, setAmount] = useState('');
  useEffect(() => {
    if (initial !== null) setAmount(initial);
  }, [initial]);

  const send = (e: FormEvent) => {
    e.preventDefault();
    if (amount.trim() === '') return;
    sendChat(`/tip-rain ${amount.trim()}`);
    close();
  };

  return (
    <AppDialog
      open={initial !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={RAIN_TEXT.tipRain}
      width="max-w-sm"
    >
      <form onSubmit={send} className="flex flex-col gap-4">
        <Field
          label={CHAT_TEXT.tipAmountLabel}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          placeholder="0.00"
          autoFocus
        />
        <p className="text-sm text-ink-400">{CHAT_TEXT.tipRainNote}</p>
        <Button type="submit" disabled={amount.trim() === ''}>
          {RAIN_TEXT.tipRain}
        </Button>
      </form>
    </AppDialog>
  );
}

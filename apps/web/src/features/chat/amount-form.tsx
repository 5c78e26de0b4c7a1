import { type TipLimits, tipAmountLabel, tipLimitsSchema } from '@coinsite/shared/schemas/chat';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { formatUsd } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';

/** GET /chat/tip-limits: the operator's tip and rain-tip ranges (coins). */
function useTipLimits() {
  return useQuery({
    queryKey: ['chat', 'tip-limits'],
    queryFn: async (): Promise<TipLimits> =>
      tipLimitsSchema.parse(await http.get<unknown>('/chat/tip-limits')),
    staleTime: 60_000,
  });
}

/**
 * The amount form of the chat's money dialogs (tip, tip rain): one amount field labelled in coins
 * with the dollar value beside (the spec's '$1.00 - $100.00' read as dollars while amounts are
 * coins: issue 28 item 4), the typed amount's dollar value under it, what the dialog adds below,
 * and the submit button, disabled while empty. The amount is handed on as typed (trimmed): the
 * server checks limits and answers with a toast.
 */
export function ChatAmountForm({
  kind,
  initial = '',
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  /** whose limits label the field */
  kind: keyof TipLimits;
  initial?: string;
  submitLabel: string;
  onSubmit: (amount: string) => void;
  /** When set, a CLOSE button stands beside the submit button. */
  onClose?: () => void;
  children?: ReactNode;
}) {
  const [amount, setAmount] = useState(initial);
  const limits = useTipLimits().data;
  const typed = Number(amount.trim());
  const worth = amount.trim() !== '' && Number.isFinite(typed) && typed > 0 ? typed : null;
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (amount.trim() !== '') onSubmit(amount.trim());
  };
  const submit = (
    <Button type="submit" disabled={amount.trim() === ''}>
      {submitLabel}
    </Button>
  );
  return (
    <form onSubmit={send} className="flex flex-col gap-4">
      <Field
        label={tipAmountLabel(limits?.[kind])}
        hint={worth === null ? undefined : <span data-testid="tip-amount-usd">= {formatUsd(worth)}</span>}
        type="number"
        inputMode="decimal"
        step="0.01"
        min="0"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        placeholder="0.00"
        autoFocus
      />
      {children}
      {onClose ? (
        <div className="grid grid-cols-2 gap-3">
          <Button variant="secondary" onClick={onClose}>
            CLOSE
          </Button>
          {submit}
        </div>
      ) : (
        submit
      )}
    </form>
  );
}

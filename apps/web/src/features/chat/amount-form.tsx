import { CHAT_TEXT } from '@coinsite/shared/schemas/chat';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';

/**
 * The amount form of the chat's money dialogs (tip, tip rain): one amount field labelled
 * '$1.00 - $100.00', what the dialog adds below it, and the submit button, disabled while empty.
 * The amount is handed on as typed (trimmed): the server checks limits and answers with a toast.
 */
export function ChatAmountForm({
  initial = '',
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  initial?: string;
  submitLabel: string;
  onSubmit: (amount: string) => void;
  /** When set, a CLOSE button stands beside the submit button. */
  onClose?: () => void;
  children?: ReactNode;
}) {
  const [amount, setAmount] = useState(initial);
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

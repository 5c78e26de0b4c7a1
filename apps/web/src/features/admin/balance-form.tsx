import type { AdminUserView } from '@coinsite/shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { toastFailure } from '../../lib/errors.ts';
import { formatCoins } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { ADMIN_KEYS } from './admin-api.ts';

/**
 * Credits (positive) or debits (negative) one user's balance through the wallet with a reason
 * (POST /external/v1/users/:id/balance); shows the balance the server answers with.
 */
export function BalanceForm({ user }: { user: AdminUserView }) {
  const client = useQueryClient();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const { pending, run } = useAction();
  const [result, setResult] = useState<number | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        // sent as typed: the server parses and refuses what is not an amount
        const res = await http.post<{ balance: number }>(`/external/v1/users/${user._id}/balance`, {
          amount: amount.trim(),
          reason,
        });
        setResult(res.balance);
        setAmount('');
        setReason('');
        client.setQueryData<AdminUserView[]>(ADMIN_KEYS.users, (old) =>
          old?.map((u) => (u._id === user._id ? { ...u, wallet: res.balance } : u)),
        );
        toast.success(`Balance of ${user.username} is now ${formatCoins(res.balance)}.`);
      },
      (err) => toastFailure(err, 'There was an error adjusting the balance: '),
    );
  }

  return (
    <form
      onSubmit={submit}
      aria-label={`Adjust ${user.username}'s balance`}
      className="grid gap-3 rounded-xl bg-ink-900/70 p-3 ring-1 ring-ink-700 sm:grid-cols-[10rem_1fr_auto] sm:items-end"
    >
      <Field
        label="Amount"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        inputMode="decimal"
        placeholder="25 or -10"
        autoComplete="off"
      />
      <Field
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        placeholder="Support ticket #123"
        autoComplete="off"
        maxLength={200}
      />
      <Button type="submit" className="h-11" loading={pending} disabled={pending}>
        Apply
      </Button>
      {result === null ? null : (
        <p data-testid="balance-result" className="text-sm text-ink-300 sm:col-span-3">
          New balance: <span className="font-semibold text-white tabular-nums">{formatCoins(result)}</span>
        </p>
      )}
    </form>
  );
}

import {
  amountTextToCents,
  CASHIER_TEXT,
  type CashierConfigView,
  cashappFeeCents,
  withdrawSuccessText,
  type WithdrawResult,
} from '@coinsite/shared/schemas/cashier';
import { TWO_FACTOR_TEXT } from '@coinsite/shared/schemas/account';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { toastApiError } from '../../lib/errors.ts';
import { formatCoins } from '../../lib/format.ts';
import { HttpError, http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import { EmailConfirmNotice } from '../account/email-confirm-notice.tsx';
import { CASHIER_CONFIG_KEY } from './cashier-api.ts';
import { Converter, useAmountFromMinimum } from './converter.tsx';
import { CRYPTO_LOOK, FIAT_TILES } from './methods.ts';
import { MethodMark, Note, SandboxBadge } from './parts.tsx';
import { RecentWithdrawals, TXS_KEY } from './recent-withdrawals.tsx';

type Method = 'LTC' | 'CASH';

const METHODS: Array<{ key: Method; label: string }> = [
  { key: 'LTC', label: 'Litecoin' },
  { key: 'CASH', label: 'CashApp' },
];

/** What the player receives, for the form's summary and the success toast. */
function payout(method: Method, cents: number, config?: CashierConfigView): string {
  if (method === 'CASH') {
    const fee = cashappFeeCents(cents, Math.round((config?.cashappFeePercent ?? 3) * 100));
    return `$${((cents - fee) / 200).toFixed(2)} on CashApp`;
  }
  const rate = config?.rates.ltc;
  return rate ? `${(Math.floor((cents / 200 / rate) * 1e8) / 1e8).toString()} LTC` : 'Litecoin';
}

/**
 * Withdraw tab (spec-1 §2, §4, §5): Litecoin or CashApp, the coin/dollar converter, the address or
 * cashtag, and a terms box that must be ticked before Confirm works ('Confirming...' while it runs).
 */
export function WithdrawTab({ config }: { config?: CashierConfigView }) {
  const client = useQueryClient();
  const termsId = useId();
  const [method, setMethod] = useState<Method>('LTC');
  const [amount, setAmount] = useAmountFromMinimum(config?.minWithdraw, '10');
  const [address, setAddress] = useState('');
  const [terms, setTerms] = useState(false);
  const { pending, run } = useAction();
  // issue 16: an account with 2FA on confirms a withdrawal with a code
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const cents = amountTextToCents(amount.coins);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!terms) return;
    void run(
      async () => {
        const res = await http.post<WithdrawResult>('/cashier/crypto/withdraw', {
          currency: method,
          address: address.trim(),
          amount: cents / 100,
          ...(needsCode ? { twoFactorCode: code.trim() } : {}),
        });
        const paidOut =
          method === 'CASH' ? `$${res.usdValue.toFixed(2)} on CashApp` : `${res.cryptoValue ?? ''} LTC`;
        toast.success(withdrawSuccessText(res.siteValue, paidOut));
        setAddress('');
        setTerms(false);
        setCode('');
        void client.invalidateQueries({ queryKey: CASHIER_CONFIG_KEY });
        void client.invalidateQueries({ queryKey: TXS_KEY });
      },
      (err) => {
        if (err instanceof HttpError && (err.body as { twoFactor?: boolean } | null)?.twoFactor) {
          if (!needsCode) {
            setNeedsCode(true);
            toast.info(TWO_FACTOR_TEXT.required);
            return;
          }
          setCode('');
        }
        toastApiError(err, CASHIER_TEXT.withdrawGeneric, { sound: true });
      },
    );
  }

  const fee =
    method === 'CASH'
      ? `${config?.cashappFeePercent ?? 3}% CashApp fee taken out of the amount`
      : `${formatCoins(config?.networkFees.LTC ?? 0.2)} coins network fee added on top`;
  const sandbox = method === 'CASH' ? config?.sandbox.cashapp : config?.sandbox.crypto;

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <EmailConfirmNotice />
      <div role="radiogroup" aria-label="Withdrawal method" className="grid grid-cols-2 gap-2">
        {METHODS.map((m) => (
          <button
            key={m.key}
            type="button"
            role="radio"
            aria-checked={method === m.key}
            onClick={() => setMethod(m.key)}
            className={cn(
              'flex items-center gap-3 rounded-xl p-2.5 text-left ring-1 transition',
              method === m.key
                ? 'bg-accent-500/10 ring-accent-500'
                : 'bg-ink-950/50 ring-ink-700 hover:bg-ink-700/60',
            )}
          >
            <MethodMark look={m.key === 'LTC' ? CRYPTO_LOOK.ltc : (FIAT_TILES[2] ?? CRYPTO_LOOK.ltc)} />
            <span className="text-sm font-bold text-white">{m.label}</span>
          </button>
        ))}
      </div>
      <Converter value={amount} onChange={setAmount} disabled={pending} />
      <Field
        label={method === 'CASH' ? 'Cashtag' : 'Litecoin address'}
        placeholder={method === 'CASH' ? '$YourCashtag' : 'ltc1…'}
        value={address}
        autoComplete="off"
        onChange={(e) => setAddress(e.target.value)}
      />
      {needsCode ? (
        <Field
          label="Authentication code"
          inputMode="numeric"
          autoComplete="one-time-code"
          value={code}
          maxLength={32}
          placeholder="123456"
          onChange={(e) => setCode(e.target.value)}
        />
      ) : null}
      <div className="flex flex-col gap-1 rounded-lg bg-ink-950/60 px-3 py-2 text-xs text-ink-300 ring-1 ring-ink-700">
        <p className="flex items-center justify-between gap-2">
          <span>You receive</span>
          <span className="font-mono font-semibold text-white">
            {cents > 0 ? payout(method, cents, config) : '—'}
          </span>
        </p>
        <p>
          Minimum withdrawal $5.00 ({formatCoins(config?.minWithdraw ?? 10)} coins) · {fee}.
        </p>
        {config ? (
          <p>
            Daily limit {formatCoins(config.dailyWithdrawLimit)} coins{config.vip ? ' (VIP)' : ''}, used today{' '}
            {formatCoins(config.withdrawnToday)}.
          </p>
        ) : null}
      </div>
      {sandbox ? (
        <Note tone="warn">
          <SandboxBadge /> Sandbox payouts: an admin confirms the request, nothing is really sent.
        </Note>
      ) : null}
      <label htmlFor={termsId} className="flex cursor-pointer items-start gap-2 text-sm text-ink-300">
        <input
          id={termsId}
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
          className="mt-0.5 h-4 w-4 accent-accent-500"
        />
        I confirm the {method === 'CASH' ? 'cashtag' : 'address'} is correct and I agree to the Terms of
        Service.
      </label>
      <Button
        type="submit"
        size="lg"
        aria-disabled={!terms || pending}
        className={cn(!terms && 'pointer-events-none opacity-40 grayscale')}
      >
        {pending ? 'Confirming...' : 'Confirm'}
      </Button>
      <RecentWithdrawals />
    </form>
  );
}

import { amountTextToCents, CASHIER_TEXT, type CashierConfigView } from '@coinsite/shared/schemas/cashier';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/input.tsx';
import type { LegacyAnswer } from './cashier-api.ts';
import { Converter, useAmountFromMinimum } from './converter.tsx';
import { CASHAPP_SLIDE_MS, FIAT_TILES } from './methods.ts';
import { MethodMark, Note, SandboxBadge } from './parts.tsx';

interface Request {
  cashtag: string;
  note: string;
  amount: number;
}

/**
 * CashApp deposit (spec-1 §2, §4): Generate Request ('Generating...') slides in the instructions
 * with the cashtag and the note (500 ms); the web receipt link is then checked ('Checking...').
 */
export function CashAppPanel({ config }: { config?: CashierConfigView }) {
  const [amount, setAmount] = useAmountFromMinimum(config?.minCashappDeposit, '10');
  const [request, setRequest] = useState<Request | null>(null);
  const [link, setLink] = useState('');
  const [generating, setGenerating] = useState(false);
  const [checking, setChecking] = useState(false);
  const look = FIAT_TILES[2];

  async function generate() {
    if (generating) return;
    setGenerating(true);
    try {
      const res = await http.post<LegacyAnswer & Partial<Request>>('/cashapp/initialize', {
        // dollars (PROTOCOL §4)
        deposit_amount: amountTextToCents(amount.dollars) / 100,
      });
      if (res.success && res.cashtag && res.note) {
        setRequest({ cashtag: res.cashtag, note: res.note, amount: res.amount ?? 0 });
      } else toast.error(res.message ?? CASHIER_TEXT.cashappStartFailed);
    } catch (err) {
      toast.error(errorText(err, CASHIER_TEXT.cashappStartFailed));
    } finally {
      setGenerating(false);
    }
  }

  async function check() {
    if (checking) return;
    setChecking(true);
    try {
      const res = await http.post<LegacyAnswer>('/cashapp/check', { payment_link: link.trim() });
      if (res.success) {
        toast.success(res.message ?? 'Your CashApp deposit has been credited!');
        setLink('');
      } else toast.error(res.message ?? CASHIER_TEXT.cashappCheckFailed);
    } catch (err) {
      toast.error(errorText(err, CASHIER_TEXT.cashappCheckFailed));
    } finally {
      setChecking(false);
    }
  }

  const sandboxPay = request
    ? `/sandbox/cashapp/pay?${new URLSearchParams({ to: request.cashtag, amount: request.amount.toFixed(2), note: request.note })}`
    : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-3">
        {look ? <MethodMark look={look} /> : null}
        <div className="min-w-0 flex-1">
          <h3 className="font-bold text-white">Cash App</h3>
          <p className="text-xs text-ink-400">Send the exact amount using your Cash Balance</p>
        </div>
        {config?.sandbox.cashapp ? <SandboxBadge title="Sandbox Cash App: payments are simulated." /> : null}
      </div>
      <Converter value={amount} onChange={setAmount} disabled={generating} />
      <Button onClick={generate} disabled={generating}>
        {generating ? 'Generating...' : 'Generate Request'}
      </Button>
      <div
        className={cn(
          'grid transition-all ease-out',
          request ? 'grid-rows-[1fr] opacity-100' : 'grid-rows-[0fr] opacity-0',
        )}
        style={{ transitionDuration: `${CASHAPP_SLIDE_MS}ms` }}
        aria-hidden={!request}
      >
        <div className="overflow-hidden">
          {request ? (
            <div
              data-testid="cashapp-instructions"
              className="flex flex-col gap-2 rounded-xl bg-[#00d632]/10 p-3 ring-1 ring-[#00d632]/30"
            >
              <p className="text-sm text-ink-200">
                Send exactly <b className="text-white">${request.amount.toFixed(2)}</b> to{' '}
                <b className="text-white">{request.cashtag}</b> using your{' '}
                <b className="text-white">Cash Balance</b> with this note:
              </p>
              <code className="self-start rounded-md bg-ink-950 px-2 py-1 font-mono text-base font-bold text-[#4ade80]">
                {request.note}
              </code>
              {config?.sandbox.cashapp && sandboxPay ? (
                <a
                  href={sandboxPay}
                  target="_blank"
                  rel="noreferrer"
                  className="inline-flex items-center gap-1 self-start text-xs font-semibold text-accent-400 hover:underline"
                >
                  Open the sandbox Cash App <ExternalLink className="h-3 w-3" aria-hidden="true" />
                </a>
              ) : null}
            </div>
          ) : null}
        </div>
      </div>
      <Field
        label="Web receipt link"
        placeholder="https://cash.app/payments/…/receipt"
        value={link}
        onChange={(e) => setLink(e.target.value)}
      />
      <Button variant="secondary" onClick={check} disabled={checking || link.trim() === ''}>
        {checking ? 'Checking...' : 'Check Payment'}
      </Button>
      <Note>
        After paying, open the payment in Cash App, copy its web receipt link and paste it here. Each receipt
        can be used once.
      </Note>
    </div>
  );
}

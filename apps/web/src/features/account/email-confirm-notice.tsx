import { ACCOUNT_TEXT } from '@coinsite/shared/schemas/account';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { toastApiError } from '../../lib/errors.ts';
import { http } from '../../lib/http.ts';
import { Button } from '../../ui/button.tsx';
import { useSecurity } from './account-api.ts';

/**
 * Withdrawals need a confirmed email (issue 16 §2); the player learns it up front, where a
 * withdrawal starts (the cashier's Withdraw tab) and on the profile, with a "Send the link again"
 * button, rather than from a refusal after Confirm (issue 28 item 12). Nothing shows for a confirmed
 * address or an account without one (Steam).
 */
export function EmailConfirmNotice({ className }: { className?: string }) {
  const security = useSecurity();
  const [sending, setSending] = useState(false);
  const data = security.data;
  if (!data?.email || data.emailVerified) return null;
  const resend = async () => {
    if (sending) return;
    setSending(true);
    try {
      const res = await http.post<{ message: string }>('/account/verify-email/resend');
      toast.success(res.message);
    } catch (err) {
      toastApiError(err, 'Could not send the link. Please try again later.');
    } finally {
      setSending(false);
    }
  };
  return (
    <div
      role="note"
      data-testid="email-confirm-notice"
      className={cn(
        'flex flex-col gap-2 rounded-xl bg-gold-500/10 px-3 py-2.5 text-sm text-gold-200 ring-1 ring-gold-500/30 sm:flex-row sm:items-center',
        className,
      )}
    >
      <p className="flex min-w-0 flex-1 items-start gap-2">
        <MailWarning className="mt-0.5 h-4 w-4 shrink-0 text-gold-300" aria-hidden="true" />
        <span>
          {ACCOUNT_TEXT.confirmToWithdraw}{' '}
          <span className="font-semibold break-all text-white">{data.email}</span>.
        </span>
      </p>
      <Button
        size="sm"
        variant="secondary"
        className="shrink-0 self-start sm:self-auto"
        loading={sending}
        onClick={resend}
      >
        Send the link again
      </Button>
    </div>
  );
}

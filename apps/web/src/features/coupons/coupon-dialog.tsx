import { type CouponRedeemResult, REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { Field } from '../../ui/input.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { useAuthStore } from '../auth/auth-store.ts';

/** Coupon Code dialog (spec-1 §2). The wallet moves by the server's wallet-balance event. */
export function CouponDialog({ open, onOpenChange }: DialogProps) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const [code, setCode] = useState('');
  const { pending, run } = useAction();

  function redeem(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        const res = await http.post<CouponRedeemResult>('/coupon/redeem', { code: code.trim() });
        toast.success(res.message);
        setCode('');
        onOpenChange(false);
      },
      REWARDS_TEXT.couponGeneric,
      { sound: true },
    );
  }

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Coupon Code">
      {signedIn ? (
        <form onSubmit={redeem} className="flex flex-col gap-4">
          <Field
            label="Coupon Code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="Enter a code"
            autoComplete="off"
            maxLength={64}
          />
          <Button type="submit" loading={pending} disabled={pending || code.trim().length === 0}>
            Redeem
          </Button>
          <p className="text-center text-xs text-ink-400">
            Find new coupon codes on our Twitter and Discord.
          </p>
        </form>
      ) : (
        <LoginRequired message="Please log in to redeem a coupon." />
      )}
    </AppDialog>
  );
}

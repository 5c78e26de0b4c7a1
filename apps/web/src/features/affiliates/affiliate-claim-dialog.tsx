import {
  type AffiliateRedeemResult,
  affiliateBonusText,
  REWARDS_TEXT,
} from '@coinsite/shared/schemas/economy';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/input.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { AFFILIATES_KEY, useAffiliates } from './affiliates-api.ts';

interface ClaimProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialCode: string;
}

/** Claim Affiliate Code dialog (spec-1 §2): POST /api/user/affiliates/redeem {code}. */
export function AffiliateClaimDialog({ open, onOpenChange, initialCode }: ClaimProps) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const client = useQueryClient();
  const [code, setCode] = useState(initialCode);
  const { pending, run } = useAction();
  const summary = useAffiliates(open);
  const supporting = summary.data?.currentlySupporting ?? null;

  function claim(event: FormEvent) {
    event.preventDefault();
    void run(
      async () => {
        const res = await http.post<AffiliateRedeemResult>('/user/affiliates/redeem', { code: code.trim() });
        toast.success(affiliateBonusText(res.amount));
        void client.invalidateQueries({ queryKey: AFFILIATES_KEY });
        onOpenChange(false);
      },
      REWARDS_TEXT.affiliateGeneric,
      { sound: true },
    );
  }

  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Claim Affiliate Code">
      {signedIn ? (
        <form onSubmit={claim} className="flex flex-col gap-4">
          {supporting ? (
            <p className="rounded-lg bg-accent-500/10 px-3 py-2 text-sm text-accent-300 ring-1 ring-accent-500/30">
              You are currently supporting {supporting.username}
            </p>
          ) : null}
          <Field
            label="Affiliate Code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder="Enter a code"
            autoComplete="off"
            maxLength={64}
          />
          <Button type="submit" loading={pending} disabled={pending || code.trim().length === 0}>
            Claim Code
          </Button>
          <p className="text-center text-xs text-ink-400">
            Enter a code to support your affiliate and gain a free 0.25 in coins!
          </p>
        </form>
      ) : (
        <LoginRequired message="Please log in to claim an affiliate code." />
      )}
    </AppDialog>
  );
}

import { type AffiliatesView, affiliateClaimText, REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, HandCoins, Users } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { toast } from 'sonner';
import { openDialog } from '../../lib/dialog-store.ts';
import { formatCoins } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { inputClass } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { AffiliateCodeSettings } from './affiliate-code-settings.tsx';
import { AFFILIATES_KEY, useAffiliates } from './affiliates-api.ts';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-ink-950/60 p-4 ring-1 ring-ink-700">
      <p className="text-[11px] font-semibold tracking-wide text-ink-400 uppercase">{label}</p>
      <p className="mt-1 flex items-center gap-1.5 text-lg font-bold text-white tabular-nums">{children}</p>
    </div>
  );
}

function Box({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 rounded-2xl bg-ink-950/40 p-4 ring-1 ring-ink-700">
      <h3 className="text-sm font-bold text-white">{title}</h3>
      {children}
    </section>
  );
}

function ReferralLink({ link }: { link: string }) {
  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      toast.success(REWARDS_TEXT.linkCopied);
    } catch {
      toast.error(REWARDS_TEXT.linkCopyFailed);
    }
  }
  return (
    <div className="flex gap-2">
      <input
        readOnly
        value={link}
        aria-label="Your referral link"
        className={inputClass}
        onFocus={(e) => e.target.select()}
      />
      <Button variant="secondary" className="h-11" onClick={copy}>
        <Copy className="h-4 w-4" aria-hidden="true" /> Copy
      </Button>
    </div>
  );
}

function Earnings({ a }: { a: AffiliatesView }) {
  const client = useQueryClient();
  const { pending, run } = useAction();
  function claim() {
    void run(
      async () => {
        const res = await http.post<{ claimedAmount: number }>('/user/affiliates/claim');
        toast.success(affiliateClaimText(res.claimedAmount));
        client.setQueryData<AffiliatesView>(AFFILIATES_KEY, (old) =>
          old ? { ...old, affiliateMoneyAvailable: 0 } : old,
        );
        void client.invalidateQueries({ queryKey: AFFILIATES_KEY });
      },
      REWARDS_TEXT.affiliateClaimGeneric,
      { sound: true },
    );
  }
  return (
    <Box title="Affiliate earnings">
      <p className="flex items-center gap-2 text-3xl font-black text-white tabular-nums">
        <CoinIcon className="h-6 w-6" />
        <span data-testid="affiliate-available">{formatCoins(a.affiliateMoneyAvailable)}</span>
      </p>
      <Button variant="gold" onClick={claim} loading={pending} disabled={pending}>
        <HandCoins className="h-4 w-4" aria-hidden="true" /> Claim
      </Button>
      <p className="text-xs text-ink-400">
        Total earned from referrals:{' '}
        <span className="font-semibold text-white">{formatCoins(a.affiliateMoney)}</span> · minimum claim{' '}
        {formatCoins(a.minimumClaim)}
      </p>
    </Box>
  );
}

function AffiliatesBody({ a }: { a: AffiliatesView }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Stat label="Total deposits">
          <CoinIcon /> {formatCoins(a.totalDeposited)}
        </Stat>
        <Stat label="Total wagered">
          <CoinIcon /> {formatCoins(a.totalWagered)}
        </Stat>
        <Stat label="Current users">
          <Users className="h-4 w-4 text-ink-400" aria-hidden="true" /> {a.usersAffiliated}
        </Stat>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Box title="Share your referral link">
          <ReferralLink link={`${window.location.origin}/a/${encodeURIComponent(a.affiliateCode)}`} />
          <p className="text-xs text-ink-400">
            You earn 10% of the house edge on every bet of the players who use your code.
          </p>
          <AffiliateCodeSettings
            label="Your affiliate code"
            successText={REWARDS_TEXT.affiliateCodeUpdated}
          />
        </Box>
        <Earnings a={a} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-ink-700 pt-4 text-sm">
        {/* who the player supports is shown in the Claim Affiliate Code dialog (spec-1) */}
        <p className="text-ink-300">Were you invited by someone?</p>
        <Button variant="link" onClick={() => openDialog({ name: 'affiliateClaim', code: '' })}>
          {a.currentlySupporting ? 'Change your affiliate code' : 'Claim an affiliate code'}
        </Button>
      </div>
    </div>
  );
}

/** Affiliates dialog (max width 800px, spec-2): stats, referral link, earnings and claim. */
export function AffiliatesDialog({ open, onOpenChange }: DialogProps) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const affiliates = useAffiliates(open);
  const failed = affiliates.isError;
  useEffect(() => {
    if (open && failed) toast.error(REWARDS_TEXT.affiliateLoadFailed);
  }, [open, failed]);
  let body: ReactNode;
  if (!signedIn)
    body = <p className="py-8 text-center text-ink-200">Please log in to view your affiliates.</p>;
  else if (affiliates.data) body = <AffiliatesBody a={affiliates.data} />;
  else if (failed) body = <p className="py-8 text-center text-ink-300">{REWARDS_TEXT.affiliateLoadFailed}</p>;
  else
    body = (
      <div className="flex h-48 items-center justify-center text-accent-400">
        <Spinner className="h-7 w-7" />
      </div>
    );
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Affiliates" width="max-w-[800px]">
      {body}
    </AppDialog>
  );
}

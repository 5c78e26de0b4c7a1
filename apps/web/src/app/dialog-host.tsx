import { TipRainDialog } from '../features/rain/tip-rain-dialog.tsx';
import { BetConfirmHost } from '../features/bet-tools/bet-confirm.tsx';
import { BetDialog } from '../features/bet-details/bet-dialog.tsx';
import { AdminDialog } from '../features/account/admin-dialog.tsx';
import { CashierDialog } from '../features/cashier/cashier-dialog.tsx';
import { CouponDialog } from '../features/coupons/coupon-dialog.tsx';
import { AffiliateClaimDialog } from '../features/affiliates/affiliate-claim-dialog.tsx';
import { AffiliatesDialog } from '../features/affiliates/affiliates-dialog.tsx';
import { SignInDialog } from '../features/auth/sign-in-dialog.tsx';
import { useStripSignInParams } from '../features/auth/use-sign-in-from-url.ts';
import { ProfileDialog } from '../features/profile/profile-dialog.tsx';
import { TipDialog } from '../features/chat/tip-dialog.tsx';
import { DailyCaseView } from '../features/cases/daily-case-view.tsx';
import { RewardsDialog } from '../features/rewards/rewards-dialog.tsx';
import { SupportDialog } from '../features/site/support-dialog.tsx';
import { TermsDialog } from '../features/site/terms-dialog.tsx';
import { VipDialog } from '../features/vip/vip-dialog.tsx';
import { useDialogStore } from '../lib/dialog-store.ts';

/** Renders whichever dialog the dialog store asks for (one at a time), plus the profile dialog. */
export function DialogHost() {
  const current = useDialogStore((s) => s.current);
  const serial = useDialogStore((s) => s.serial);
  const close = useDialogStore((s) => s.close);
  const stripSignInParams = useStripSignInParams();

  const onOpenChange = (open: boolean) => {
    if (open) return;
    if (current?.name === 'signIn') stripSignInParams();
    close();
  };
  const is = (name: string) => current?.name === name;

  return (
    <>
      {current?.name === 'signIn' ? (
        <SignInDialog
          key={serial}
          open
          onOpenChange={onOpenChange}
          initialView={current.view}
          email={current.email}
          code={current.code}
        />
      ) : null}
      {current?.name === 'affiliateClaim' ? (
        <AffiliateClaimDialog key={serial} open onOpenChange={onOpenChange} initialCode={current.code} />
      ) : null}
      <CashierDialog key={`cashier-${serial}`} open={is('cashier')} onOpenChange={onOpenChange} />
      <CouponDialog key={`coupon-${serial}`} open={is('coupon')} onOpenChange={onOpenChange} />
      <RewardsDialog open={is('freeCoins')} onOpenChange={onOpenChange} dailyCase={<DailyCaseView />} />
      <AffiliatesDialog open={is('affiliates')} onOpenChange={onOpenChange} />
      <SupportDialog open={is('support')} onOpenChange={onOpenChange} />
      <TermsDialog open={is('terms')} onOpenChange={onOpenChange} />
      <AdminDialog open={is('admin')} onOpenChange={onOpenChange} />
      <BetDialog />
      <BetConfirmHost />
      <ProfileDialog />
      <TipDialog />
      <TipRainDialog />
      <VipDialog />
    </>
  );
}

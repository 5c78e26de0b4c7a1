import { useEffect, useState } from 'react';
import { ensureAgeAnswered, useAgeGate } from '../features/account/age-gate.ts';
import { useConfirmStore } from '../features/bet-tools/confirm-store.ts';
import { useStripSignInParams } from '../features/auth/use-sign-in-from-url.ts';
import { useTipDialog } from '../features/chat/tip-store.ts';
import { useProfileDialog } from '../features/profile/profile-store.ts';
import { useRainUi } from '../features/rain/rain-store.ts';
import { useVipDialog } from '../features/vip/vip-store.ts';
import { useDialogStore } from '../lib/dialog-store.ts';
import { lazyPage } from './lazy.tsx';

// each dialog is its own chunk, loaded the first time it opens (issue 18 item 3)
const TipRainDialog = lazyPage(() => import('../features/rain/tip-rain-dialog.tsx'), 'TipRainDialog', null);
const AgeDialog = lazyPage(() => import('../features/account/age-dialog.tsx'), 'AgeDialog', null);
const AdminDialog = lazyPage(() => import('../features/account/admin-dialog.tsx'), 'AdminDialog', null);
const CashierDialog = lazyPage(() => import('../features/cashier/cashier-dialog.tsx'), 'CashierDialog', null);
const CouponDialog = lazyPage(() => import('../features/coupons/coupon-dialog.tsx'), 'CouponDialog', null);
const AffiliateClaimDialog = lazyPage(
  () => import('../features/affiliates/affiliate-claim-dialog.tsx'),
  'AffiliateClaimDialog',
  null,
);
const AffiliatesDialog = lazyPage(
  () => import('../features/affiliates/affiliates-dialog.tsx'),
  'AffiliatesDialog',
  null,
);
const SignInDialog = lazyPage(() => import('../features/auth/sign-in-dialog.tsx'), 'SignInDialog', null);
const ProfileDialog = lazyPage(() => import('../features/profile/profile-dialog.tsx'), 'ProfileDialog', null);
const TipDialog = lazyPage(() => import('../features/chat/tip-dialog.tsx'), 'TipDialog', null);
const DailyCaseView = lazyPage(() => import('../features/cases/daily-case-view.tsx'), 'DailyCaseView');
const RewardsDialog = lazyPage(() => import('../features/rewards/rewards-dialog.tsx'), 'RewardsDialog', null);
const SupportDialog = lazyPage(() => import('../features/site/support-dialog.tsx'), 'SupportDialog', null);
const TermsDialog = lazyPage(() => import('../features/site/terms-dialog.tsx'), 'TermsDialog', null);
// a game page imports the confirmation dialog itself, so it is loaded before any bet can ask
const BetConfirmHost = lazyPage(
  () => import('../features/bet-tools/bet-confirm.tsx'),
  'BetConfirmHost',
  null,
);
const BetDialog = lazyPage(() => import('../features/bet-details/bet-dialog.tsx'), 'BetDialog', null);
const VipDialog = lazyPage(() => import('../features/vip/vip-dialog.tsx'), 'VipDialog', null);

/** Whether `open` has been true once: a dialog's chunk loads then and it stays mounted (its close animation). */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

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
  // issue 26 item 6: before the first deposit, an account without a date of birth is asked for it
  const ageAsking = useAgeGate((s) => s.asking);
  const age = useOpenedOnce(ageAsking);
  const ageRequired = useAgeGate((s) => s.required === true);
  const cashierWaits = is('cashier') && ageRequired;
  useEffect(() => {
    if (cashierWaits) void ensureAgeAnswered().then((ok) => ok || close());
  }, [cashierWaits, close]);
  const cashier = useOpenedOnce(is('cashier') && !cashierWaits);
  const coupon = useOpenedOnce(is('coupon'));
  const freeCoins = useOpenedOnce(is('freeCoins'));
  const affiliates = useOpenedOnce(is('affiliates'));
  const support = useOpenedOnce(is('support'));
  const terms = useOpenedOnce(is('terms'));
  const admin = useOpenedOnce(is('admin'));
  const profile = useOpenedOnce(useProfileDialog((s) => s.userId !== null));
  const tip = useOpenedOnce(useTipDialog((s) => s.target !== null));
  const tipRain = useOpenedOnce(useRainUi((s) => s.tipAmount !== null));
  const vip = useOpenedOnce(useVipDialog((s) => s.open));
  const bet = useOpenedOnce(is('bet'));
  const confirm = useOpenedOnce(useConfirmStore((s) => s.ask !== null));

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
      {cashier ? (
        <CashierDialog
          key={`cashier-${serial}`}
          open={is('cashier') && !cashierWaits}
          onOpenChange={onOpenChange}
        />
      ) : null}
      {coupon ? (
        <CouponDialog key={`coupon-${serial}`} open={is('coupon')} onOpenChange={onOpenChange} />
      ) : null}
      {freeCoins ? (
        <RewardsDialog open={is('freeCoins')} onOpenChange={onOpenChange} dailyCase={<DailyCaseView />} />
      ) : null}
      {affiliates ? <AffiliatesDialog open={is('affiliates')} onOpenChange={onOpenChange} /> : null}
      {support ? <SupportDialog open={is('support')} onOpenChange={onOpenChange} /> : null}
      {terms ? <TermsDialog open={is('terms')} onOpenChange={onOpenChange} /> : null}
      {admin ? <AdminDialog open={is('admin')} onOpenChange={onOpenChange} /> : null}
      {age ? <AgeDialog open={ageAsking} /> : null}
      {bet ? <BetDialog /> : null}
      {confirm ? <BetConfirmHost /> : null}
      {profile ? <ProfileDialog /> : null}
      {tip ? <TipDialog /> : null}
      {tipRain ? <TipRainDialog /> : null}
      {vip ? <VipDialog /> : null}
    </>
  );
}

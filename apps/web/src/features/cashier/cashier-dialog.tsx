import { CASHIER_TEXT } from '@coinsite/shared/schemas/cashier';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useCashierConfig } from './cashier-api.ts';
import { DepositTab } from './deposit-tab.tsx';
import type { MethodKey } from './methods.ts';
import { SandboxBadge } from './parts.tsx';
import { WithdrawTab } from './withdraw-tab.tsx';

/**
 * The Cashier dialog (spec-1 §2): Deposit and Withdraw tabs for signed-in players; visitors see the
 * spec's sentence. Methods running against a sandbox are marked so test money is never mistaken
 * for real money.
 */
export function CashierDialog({
  open,
  onOpenChange,
  initialMethod = null,
}: DialogProps & { initialMethod?: MethodKey | null }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const config = useCashierConfig(open);
  const sandbox = config.data ? Object.values(config.data.sandbox).some(Boolean) : false;
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      width="max-w-2xl"
      title={
        <span className="flex items-center gap-2">
          Cashier{' '}
          {sandbox ? (
            <SandboxBadge title="Some payment methods run in sandbox mode: no real money moves." />
          ) : null}
        </span>
      }
    >
      {signedIn ? (
        <Tabs defaultValue="deposit" className="flex flex-col gap-4">
          <TabsList>
            <TabsTrigger value="deposit">Deposit</TabsTrigger>
            <TabsTrigger value="withdraw">Withdraw</TabsTrigger>
          </TabsList>
          <TabsContent value="deposit" className="focus:outline-none">
            <DepositTab config={config.data} initial={initialMethod} />
          </TabsContent>
          <TabsContent value="withdraw" className="focus:outline-none">
            <WithdrawTab config={config.data} />
          </TabsContent>
        </Tabs>
      ) : (
        <LoginRequired message={CASHIER_TEXT.loginRequired} />
      )}
    </AppDialog>
  );
}

import type { ReactNode } from 'react';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { RakebackPanel } from '../vip/rakeback-panel.tsx';
import { DailyCasePlaceholder } from './daily-case-placeholder.tsx';
import { FaucetPanel } from './faucet-panel.tsx';

interface RewardsDialogProps extends DialogProps {
  /** The daily case view of the cases feature (composed by the app). */
  dailyCase?: ReactNode;
}

/** The Rewards dialog of spec-1 (opened by Free Coins): Daily Case, Faucet and Rakeback tabs. */
export function RewardsDialog({ open, onOpenChange, dailyCase }: RewardsDialogProps) {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Rewards" width="max-w-xl">
      {signedIn ? (
        <Tabs defaultValue="daily" className="flex flex-col gap-5">
          <TabsList>
            <TabsTrigger value="daily">Daily Case</TabsTrigger>
            <TabsTrigger value="faucet">Faucet</TabsTrigger>
            <TabsTrigger value="rakeback">Rakeback</TabsTrigger>
          </TabsList>
          <TabsContent value="daily">{dailyCase ?? <DailyCasePlaceholder />}</TabsContent>
          <TabsContent value="faucet">
            <FaucetPanel />
          </TabsContent>
          <TabsContent value="rakeback">
            <RakebackPanel />
          </TabsContent>
        </Tabs>
      ) : (
        <LoginRequired message="Please log in to view your rewards." />
      )}
    </AppDialog>
  );
}

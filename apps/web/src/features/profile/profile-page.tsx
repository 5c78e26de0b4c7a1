import { Gamepad2, Receipt, Settings } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '../../ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { CredentialsSettings } from '../account/credentials-settings.tsx';
import { EmailConfirmNotice } from '../account/email-confirm-notice.tsx';
import { ResponsibleGamingSettings } from '../account/responsible-gaming-settings.tsx';
import { SessionsSettings, TwoFactorSettings } from '../account/security-settings.tsx';
import { AffiliateCodeSettings } from '../affiliates/affiliate-code-settings.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { GamesTab } from './games-tab.tsx';
import { PrivacySettings } from './privacy-settings.tsx';
import { LevelBanner, ProfileHeader, ProfileStats } from './profile-header.tsx';
import { useProfile } from './profile-api.ts';
import { TransactionsTab } from './transactions-tab.tsx';

const TAB_ICON = 'hidden h-4 w-4 sm:block';

/** /profile (spec-2 §2): the signed-in player's own figures, games, transactions and settings. */
export function ProfilePage() {
  const user = useAuthStore((s) => s.user);
  const isLoading = useAuthStore((s) => s.isLoading);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const navigate = useNavigate();
  const profile = useProfile(user?._id ?? null);
  // ?tab=settings opens a tab directly (the reality check's "Take a break")
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const initialTab = tab === 'transactions' || tab === 'settings' ? tab : 'games';

  // spec-2 §2: a visitor is sent home once the session check has finished without a user
  useEffect(() => {
    if (!isLoading && !isAuthenticated) void navigate('/', { replace: true });
  }, [isLoading, isAuthenticated, navigate]);

  if (!user) {
    return (
      <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 p-6 text-center animate-fade-in">
        {isLoading ? <Spinner className="h-6 w-6 text-accent-400" /> : null}
        <p className="text-ink-200">To view this page please sign in.</p>
      </div>
    );
  }

  const wager = profile.data?.wager ?? user.wager;
  return (
    <div className="mx-auto flex w-full max-w-6xl animate-fade-in flex-col gap-5 p-3 sm:p-6">
      <ProfileHeader user={user} wager={wager} />
      <EmailConfirmNotice />
      <ProfileStats profile={profile.data} />
      <LevelBanner wager={wager} />
      <Tabs key={initialTab} defaultValue={initialTab} className="flex flex-col gap-4">
        <TabsList aria-label="Profile sections" className="sm:self-start">
          <TabsTrigger value="games" className="flex items-center justify-center gap-2 px-2 sm:px-4">
            <Gamepad2 className={TAB_ICON} aria-hidden="true" /> Games
          </TabsTrigger>
          <TabsTrigger value="transactions" className="flex items-center justify-center gap-2 px-2 sm:px-4">
            <Receipt className={TAB_ICON} aria-hidden="true" /> Transactions
          </TabsTrigger>
          <TabsTrigger value="settings" className="flex items-center justify-center gap-2 px-2 sm:px-4">
            <Settings className={TAB_ICON} aria-hidden="true" /> Settings
          </TabsTrigger>
        </TabsList>
        <TabsContent value="games">
          <GamesTab />
        </TabsContent>
        <TabsContent value="transactions">
          <TransactionsTab />
        </TabsContent>
        <TabsContent value="settings">
          <div className="flex max-w-2xl flex-col gap-4">
            <section className="rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700 sm:p-5">
              <AffiliateCodeSettings />
            </section>
            <section
              aria-label="Privacy"
              className="rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700 sm:p-5"
            >
              <PrivacySettings userId={user._id} />
            </section>
            <TwoFactorSettings />
            <CredentialsSettings />
            <SessionsSettings />
            <ResponsibleGamingSettings />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}

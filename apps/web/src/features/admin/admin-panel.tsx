import { Link } from 'react-router';
import { closeDialog } from '../../lib/dialog-store.ts';
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { AdminCouponForm } from '../coupons/admin-coupon-form.tsx';
import { SlotsAdminPanel } from '../slots/slots-admin-panel.tsx';
import { useAdminFeatures } from './admin-api.ts';
import { AuditPanel } from './audit-panel.tsx';
import { CommunityPanel } from './community-panel.tsx';
import { ControlsPanel } from './controls-panel.tsx';
import { GiveawayForm, RaceForm, TriviaForm } from './event-forms.tsx';
import { TransactionsPanel } from './transactions-panel.tsx';
import { UsersPanel } from './users-panel.tsx';

/** The back office is a page of its own (charts need the width): a link to it. */
function BackofficeLink() {
  return (
    <div className="flex flex-col items-start gap-3 text-sm text-ink-200">
      <p>
        The figures of the site (GGR, bonus cost, NGR, deposits, players), every game's realised RTP against
        its design, and the player view with staff notes.
      </p>
      <Link
        to="/admin/overview"
        onClick={closeDialog}
        className="rounded-lg bg-accent-500 px-4 py-2 font-semibold text-ink-950 hover:brightness-110"
      >
        Open the back office
      </Link>
    </div>
  );
}

interface Panel {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * The admin dialog's tabs. Trivia, giveaway and race creation appear only when the server has their routes
 * (GET /external/v1/features); a panel for a route that does not exist would only ever fail.
 */
export function AdminPanel() {
  const features = useAdminFeatures().data;
  const panels: Panel[] = [
    { value: 'coupon', label: 'Coupon', content: <AdminCouponForm /> },
    ...(features?.trivia ? [{ value: 'trivia', label: 'Trivia', content: <TriviaForm /> }] : []),
    ...(features?.giveaway ? [{ value: 'giveaway', label: 'Giveaway', content: <GiveawayForm /> }] : []),
    { value: 'controls', label: 'Site controls', content: <ControlsPanel /> },
    { value: 'community', label: 'Chat & rain', content: <CommunityPanel /> },
    { value: 'users', label: 'Users', content: <UsersPanel /> },
    { value: 'slots', label: 'Slots', content: <SlotsAdminPanel /> },
    { value: 'transactions', label: 'Transactions', content: <TransactionsPanel /> },
    ...(features?.race ? [{ value: 'race', label: 'Race', content: <RaceForm /> }] : []),
    { value: 'audit', label: 'Audit', content: <AuditPanel /> },
    { value: 'backoffice', label: 'Back office', content: <BackofficeLink /> },
  ];
  return (
    <Tabs defaultValue="coupon" className="flex flex-col gap-4 sm:min-h-[24rem]">
      <TabsList aria-label="Admin sections" className="max-sm:grid max-sm:grid-cols-2">
        {panels.map((p) => (
          <TabsTrigger key={p.value} value={p.value} className="whitespace-nowrap">
            {p.label}
          </TabsTrigger>
        ))}
      </TabsList>
      {panels.map((p) => (
        <TabsContent key={p.value} value={p.value}>
          {p.content}
        </TabsContent>
      ))}
    </Tabs>
  );
}

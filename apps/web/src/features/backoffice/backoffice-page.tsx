import { RANK } from '@coinsite/shared/constants';
import { ShieldAlert } from 'lucide-react';
import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { PanelMessage } from '../admin/panel-parts.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import type { StatsWindow } from './backoffice-api.ts';
import { GamesPanel } from './games-panel.tsx';
import { OverviewPanel } from './overview-panel.tsx';
import { PlayerPanel } from './player-panel.tsx';
import { WindowPicker } from './window-picker.tsx';

/** /admin/overview (issue 31): the operator's back office, rank 5 only, in its own chunk with its charts. */
export function BackofficePage() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const rank = useAuthStore((s) => s.user?.rank);
  const [window, setWindow] = useState<StatsWindow>({ days: 7 });
  const [tab, setTab] = useState('overview');
  if (!signedIn) return <LoginRequired message="Please log in to view the back office." />;
  if (rank === undefined) return <PanelMessage loading />;
  if (rank !== RANK.admin)
    return (
      <div className="flex flex-col items-center gap-3 py-10 text-center text-ink-200">
        <ShieldAlert className="h-8 w-8 text-red-400" aria-hidden="true" />
        <p>Only admins can view the back office.</p>
      </div>
    );
  return (
    <div className="mx-auto flex w-full max-w-[1400px] flex-col gap-4 px-3 py-4 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-black text-white">Back office</h1>
        {tab === 'player' ? null : <WindowPicker value={window} onChange={setWindow} />}
      </div>
      <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-4">
        <TabsList aria-label="Back office sections" className="sm:max-w-md">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="games">Games</TabsTrigger>
          <TabsTrigger value="player">Player</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewPanel window={window} />
        </TabsContent>
        <TabsContent value="games">
          <GamesPanel window={window} />
        </TabsContent>
        <TabsContent value="player">
          <PlayerPanel />
        </TabsContent>
      </Tabs>
    </div>
  );
}

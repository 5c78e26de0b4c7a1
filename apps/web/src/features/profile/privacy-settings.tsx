import type { GhostView, PrivacyView, ProfileView } from '@coinsite/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { EyeOff, Ghost } from 'lucide-react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { useProfile } from './profile-api.ts';

function PrivacySwitch({
  icon,
  title,
  text,
  on,
  disabled,
  onToggle,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  on: boolean;
  disabled: boolean;
  onToggle: () => void;
  testId: string;
}) {
  const labelId = `${testId}-label`;
  return (
    <div className="flex items-center gap-4">
      {icon}
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-semibold text-white">
          {title}
        </p>
        <p className="text-xs text-ink-400">{text}</p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={labelId}
        disabled={disabled}
        onClick={onToggle}
        data-testid={testId}
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full ring-1 transition disabled:cursor-not-allowed disabled:opacity-60',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400',
          on ? 'bg-accent-500 ring-accent-400' : 'bg-ink-700 ring-ink-600',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            on ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

/**
 * Settings → Privacy: hide the profile figures (Wagered, Profit, Bets Placed, Bets Won) and ghost
 * mode ("Hidden" to other players everywhere). The player and admins still see everything. Reads the
 * state from the own profile.
 */
export function PrivacySettings({ userId }: { userId: string }) {
  const client = useQueryClient();
  const profile = useProfile(userId);
  const save = useAction();
  const saving = save.pending;
  const hidden = profile.data?.statsHidden ?? false;
  const ghost = profile.data?.ghost ?? false;
  const patch = (p: Partial<ProfileView>) =>
    client.setQueryData<ProfileView>(['profile', userId], (old) => (old ? { ...old, ...p } : old));

  function toggleStats() {
    if (!profile.data) return;
    void save.run(async () => {
      const next = await http.post<PrivacyView>('/user/settings/privacy', { hideStats: !hidden });
      patch({ statsHidden: next.hideStats });
      toast.success(next.hideStats ? 'Your stats are now hidden.' : 'Your stats are now public.');
    }, 'Could not save your privacy setting.');
  }

  function toggleGhost() {
    if (!profile.data) return;
    void save.run(async () => {
      const next = await http.post<GhostView>('/user/settings/ghost', { ghost: !ghost });
      patch({ ghost: next.ghost });
      // every feed, race and bet list shows the change at its next read
      void client.invalidateQueries();
      toast.success(next.ghost ? 'Ghost mode is on: others see you as Hidden.' : 'Ghost mode is off.');
    }, 'Could not save ghost mode.');
  }

  return (
    <div className="flex flex-col gap-5">
      <PrivacySwitch
        icon={<EyeOff className="h-5 w-5 shrink-0 text-ink-400" aria-hidden="true" />}
        title="Hide my stats"
        text="Other players see your profile without Wagered, Profit, Bets Placed and Bets Won."
        on={hidden}
        disabled={!profile.data || saving}
        onToggle={toggleStats}
        testId="privacy-hide-stats"
      />
      <PrivacySwitch
        icon={<Ghost className="h-5 w-5 shrink-0 text-ink-400" aria-hidden="true" />}
        title="Ghost mode"
        text="Other players see you as Hidden in the live bets, bet pages, the race, battle seats and your profile, past bets included."
        on={ghost}
        disabled={!profile.data || saving}
        onToggle={toggleGhost}
        testId="privacy-ghost"
      />
    </div>
  );
}

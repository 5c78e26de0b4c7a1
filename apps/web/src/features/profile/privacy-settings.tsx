import type { PrivacyView, ProfileView } from '@coinsite/shared/schemas/auth';
import { useQueryClient } from '@tanstack/react-query';
import { EyeOff } from 'lucide-react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { useProfile } from './profile-api.ts';

/**
 * Settings → Privacy: hide Wagered, Profit, Bets Placed and Bets Won from other players' view of the
 * profile dialog (the player and admins still see them). Reads the state from the own profile.
 */
export function PrivacySettings({ userId }: { userId: string }) {
  const client = useQueryClient();
  const profile = useProfile(userId);
  const save = useAction();
  const saving = save.pending;
  const hidden = profile.data?.statsHidden ?? false;

  function toggle() {
    if (!profile.data) return;
    void save.run(async () => {
      const next = await http.post<PrivacyView>('/user/settings/privacy', { hideStats: !hidden });
      client.setQueryData<ProfileView>(['profile', userId], (old) =>
        old ? { ...old, statsHidden: next.hideStats } : old,
      );
      toast.success(next.hideStats ? 'Your stats are now hidden.' : 'Your stats are now public.');
    }, 'Could not save your privacy setting.');
  }

  return (
    <div className="flex items-center gap-4">
      <EyeOff className="h-5 w-5 shrink-0 text-ink-400" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p id="privacy-hide-stats" className="font-semibold text-white">
          Hide my stats
        </p>
        <p className="text-xs text-ink-400">
          Other players see your profile without Wagered, Profit, Bets Placed and Bets Won.
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={hidden}
        aria-labelledby="privacy-hide-stats"
        disabled={!profile.data || saving}
        onClick={toggle}
        data-testid="privacy-hide-stats"
        className={cn(
          'relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full ring-1 transition disabled:cursor-not-allowed disabled:opacity-60',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400',
          hidden ? 'bg-accent-500 ring-accent-400' : 'bg-ink-700 ring-ink-600',
        )}
      >
        <span
          className={cn(
            'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
            hidden ? 'translate-x-5.5' : 'translate-x-0.5',
          )}
        />
      </button>
    </div>
  );
}

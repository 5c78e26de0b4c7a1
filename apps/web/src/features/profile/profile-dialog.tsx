import type { ProfileView } from '@coinsite/shared/schemas/auth';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { errorText } from '../../lib/errors.ts';
import { formatCoins, formatLongDateTime } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Button } from '../../ui/button.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { openTip } from '../chat/tip-store.ts';
import { useProfileDialog } from './profile-store.ts';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-ink-950/60 p-3 ring-1 ring-ink-700">
      <dt className="text-[11px] font-semibold tracking-wide text-ink-400 uppercase">{label}</dt>
      <dd className="mt-1 flex min-w-0 items-center gap-1.5 font-semibold break-words text-white">
        {children}
      </dd>
    </div>
  );
}

/** Wagered, Profit, Bets Placed and Bets Won, or one "hidden" card when the player keeps them private. */
function StatsOrHidden({ profile: p }: { profile: ProfileView }) {
  if (p.wager === null || p.profit === null || p.gamesPlayed === null || p.gamesWon === null) {
    return (
      <div
        className="col-span-2 flex items-center gap-3 rounded-xl bg-ink-950/60 p-4 text-sm text-ink-300 ring-1 ring-ink-700"
        data-testid="profile-stats-hidden"
      >
        <EyeOff className="h-5 w-5 shrink-0 text-ink-400" aria-hidden="true" />
        {p.username} keeps their stats private.
      </div>
    );
  }
  const profitColor = p.profit > 0 ? 'text-accent-400' : p.profit < 0 ? 'text-red-400' : 'text-white';
  return (
    <>
      <Stat label="Wagered">
        <CoinIcon /> {formatCoins(p.wager)}
      </Stat>
      <Stat label="Profit">
        <CoinIcon /> <span className={profitColor}>{formatCoins(p.profit)}</span>
      </Stat>
      <Stat label="Bets Placed">{p.gamesPlayed.toLocaleString('en-US')}</Stat>
      <Stat label="Bets Won">{p.gamesWon.toLocaleString('en-US')}</Stat>
    </>
  );
}

function useProfile(userId: string | null): UseQueryResult<ProfileView> {
  return useQuery({
    queryKey: ['profile', userId],
    queryFn: () => http.post<ProfileView>('/user/profile', { userid: userId }),
    enabled: userId !== null,
    staleTime: 10_000,
  });
}

function ProfileBody({ query }: { query: UseQueryResult<ProfileView> }) {
  if (query.isPending) {
    return (
      <div className="flex h-48 items-center justify-center text-accent-400">
        <Spinner className="h-7 w-7" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <p className="py-8 text-center text-ink-300">
        {errorText(query.error, 'Could not load this profile.')}
      </p>
    );
  }
  const p = query.data;
  // a player in ghost mode seen by someone else: no account id, no join date (session-tools.md)
  const hidden = p._id === '';
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <Avatar src={p.avatar} name={p.username} className="h-16 w-16 text-2xl ring-2 ring-accent-500/40" />
        <div className="min-w-0">
          <p className="truncate text-xl font-bold text-white">{p.username}</p>
          {hidden ? null : (
            <p className="text-xs text-ink-400">Member since {formatLongDateTime(p.created)}</p>
          )}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-3" data-testid="profile-stats">
        <StatsOrHidden profile={p} />
        {hidden ? null : (
          <>
            <Stat label="Registered">
              <span className="text-sm leading-snug" data-testid="profile-registered">
                {formatLongDateTime(p.created)}
              </span>
            </Stat>
            <Stat label="UserID">
              <span className="font-mono text-sm break-all">{p._id}</span>
            </Stat>
          </>
        )}
      </dl>
      {p.statsHidden && p.wager !== null ? (
        <p className="flex items-center gap-2 text-xs text-ink-400">
          <EyeOff className="h-3.5 w-3.5" aria-hidden="true" /> These stats are hidden from other players.
        </p>
      ) : null}
      <TipButton profile={p} />
    </div>
  );
}

/** Signed-in players can tip anyone but themselves (spec-2 §2 tip dialog). */
function TipButton({ profile }: { profile: ProfileView }) {
  const me = useAuthStore((s) => s.user?._id ?? null);
  const close = useProfileDialog((s) => s.closeProfile);
  if (me === null || profile._id === '' || String(me) === String(profile._id)) return null;
  const tip = () => {
    close();
    openTip({ id: String(profile._id), username: profile.username, avatar: profile.avatar });
  };
  return (
    <Button variant="gold" onClick={tip} className="w-full">
      <CoinIcon /> Tip {profile.username}
    </Button>
  );
}

/** "{username}'s Profile" for any user by id (spec-1 §2). */
export function ProfileDialog() {
  const userId = useProfileDialog((s) => s.userId);
  const close = useProfileDialog((s) => s.closeProfile);
  const query = useProfile(userId);
  const title = query.data ? `${query.data.username}'s Profile` : 'Profile';
  return (
    <AppDialog
      open={userId !== null}
      onOpenChange={(open) => !open && close()}
      title={title}
      width="max-w-lg"
    >
      {userId ? <ProfileBody query={query} /> : null}
    </AppDialog>
  );
}

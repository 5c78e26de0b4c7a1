import { RANK } from '@coinsite/shared/constants';
import type { AdminUserView } from '@coinsite/shared/schemas/admin';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText, toastFailure } from '../../lib/errors.ts';
import { formatCoins, formatShortDate } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { inputClass } from '../../ui/input.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { ADMIN_KEYS, useAdminUsers } from './admin-api.ts';
import { BalanceForm } from './balance-form.tsx';
import { PanelMessage, ScrollArea } from './panel-parts.tsx';

/** How long a Ban button waits for its confirming second click. */
const CONFIRM_MS = 4000;

export function BanButton({ user }: { user: AdminUserView }) {
  const client = useQueryClient();
  const [armed, setArmed] = useState(false);
  const { pending, run } = useAction();
  useEffect(() => {
    if (!armed) return;
    const timer = setTimeout(() => setArmed(false), CONFIRM_MS);
    return () => clearTimeout(timer);
  }, [armed]);

  function apply() {
    const banned = !user.banned;
    // banning ends the player's sessions: ask for a second click first
    if (banned && !armed) {
      setArmed(true);
      return;
    }
    setArmed(false);
    void run(
      async () => {
        await http.post(`/external/v1/users/${user._id}/ban`, { banned });
        client.setQueryData<AdminUserView[]>(ADMIN_KEYS.users, (old) =>
          old?.map((u) => (u._id === user._id ? { ...u, banned } : u)),
        );
        toast.success(banned ? `${user.username} has been banned.` : `${user.username} has been unbanned.`);
      },
      (err) => toastFailure(err, `There was an error ${banned ? 'banning' : 'unbanning'} the user: `),
    );
  }

  return (
    <Button
      variant={user.banned ? 'secondary' : 'danger'}
      size="sm"
      loading={pending}
      disabled={pending}
      onClick={apply}
    >
      {user.banned ? 'Unban' : armed ? 'Confirm ban' : 'Ban'}
    </Button>
  );
}

function UserLine({ user, isSelf }: { user: AdminUserView; isSelf: boolean }) {
  const [adjusting, setAdjusting] = useState(false);
  return (
    <li data-testid="admin-user" className="flex flex-col gap-3 border-t border-ink-800 p-3 first:border-t-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="flex min-w-0 flex-1 basis-52 items-center gap-3">
          <Avatar src={user.avatar} name={user.username} className="h-9 w-9" />
          <div className="min-w-0">
            <p className="flex items-center gap-2 truncate font-semibold text-white">
              {user.username}
              {user.rank >= RANK.admin ? (
                <span className="rounded bg-red-500/15 px-1.5 text-[10px] font-bold text-red-300 uppercase">
                  Admin
                </span>
              ) : null}
              {user.banned ? (
                <span className="rounded bg-ink-600 px-1.5 text-[10px] font-bold text-ink-200 uppercase">
                  Banned
                </span>
              ) : null}
              {user.responsibleGaming?.block ? (
                <span className="rounded bg-gold-500/15 px-1.5 text-[10px] font-bold text-gold-300 uppercase">
                  {user.responsibleGaming.block.kind === 'cool_off' ? 'Cool-off' : 'Self-excluded'}
                  {user.responsibleGaming.block.until
                    ? ` until ${formatShortDate(user.responsibleGaming.block.until)}`
                    : ' (permanent)'}
                </span>
              ) : null}
              {user.responsibleGaming?.limits ? (
                <span className="rounded bg-ink-600 px-1.5 text-[10px] font-bold text-ink-200 uppercase">
                  Limits
                </span>
              ) : null}
            </p>
            <p className="text-xs text-ink-400">
              UID {user._id} · rank {user.rank}
            </p>
          </div>
        </div>
        <p
          className="flex w-32 items-center gap-1.5 font-semibold text-white tabular-nums"
          data-testid="admin-user-wallet"
        >
          <CoinIcon /> {formatCoins(user.wallet)}
        </p>
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={adjusting}
            onClick={() => setAdjusting((a) => !a)}
          >
            Adjust balance
          </Button>
          {isSelf || user.rank >= RANK.admin ? null : <BanButton user={user} />}
        </div>
      </div>
      {adjusting ? <BalanceForm user={user} /> : null}
    </li>
  );
}

/** The user list (newest first, 500 at most) with balance adjustments and bans. */
export function UsersPanel() {
  const query = useAdminUsers();
  const selfId = useAuthStore((s) => s.user?._id);
  const [search, setSearch] = useState('');
  if (query.isPending) return <PanelMessage loading />;
  if (query.isError)
    return <PanelMessage>{errorText(query.error, 'Could not load the users.')}</PanelMessage>;
  const needle = search.trim().toLowerCase();
  const users = needle
    ? query.data.filter((u) => u.username.toLowerCase().includes(needle) || u._id === needle)
    : query.data;
  return (
    <div className="flex flex-col gap-3">
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-ink-400"
          aria-hidden="true"
        />
        <input
          type="search"
          aria-label="Search users"
          placeholder="Search by username or UID"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className={cn(inputClass, 'pl-9')}
        />
      </div>
      <ScrollArea>
        {users.length === 0 ? (
          <PanelMessage>No users found.</PanelMessage>
        ) : (
          <ul>
            {users.map((u) => (
              <UserLine key={u._id} user={u} isSelf={u._id === selfId} />
            ))}
          </ul>
        )}
      </ScrollArea>
    </div>
  );
}

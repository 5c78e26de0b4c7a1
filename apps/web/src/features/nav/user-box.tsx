import { coinsToCents } from '@coinsite/shared/money';
import { levelForWagerCents } from '@coinsite/shared/vip';
import { ChevronDown, Crown, Gift, LogOut, Ticket, Trophy, User, UserSearch, Users } from 'lucide-react';
import { DropdownMenu } from '../../ui/lazy-dropdown.tsx';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { openDialog } from '../../lib/dialog-store.ts';
import { Avatar } from '../../ui/avatar.tsx';
import { Progress } from '../../ui/progress.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { openProfile } from '../profile/profile-store.ts';
import { openVipDialog } from '../vip/vip-store.ts';

function Item({ icon, children, onSelect }: { icon: ReactNode; children: ReactNode; onSelect: () => void }) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm font-medium text-ink-200 outline-none data-[highlighted]:bg-ink-700 data-[highlighted]:text-white"
    >
      <span className="text-ink-400" aria-hidden="true">
        {icon}
      </span>
      {children}
    </DropdownMenu.Item>
  );
}

/** Avatar, username, level name and wager progress, with the account menu (spec-2 nav bar). */
export function UserBox({ compact = false }: { compact?: boolean }) {
  const user = useAuthStore((s) => s.user);
  const logout = useAuthStore((s) => s.logout);
  const navigate = useNavigate();
  if (!user) return null;
  const level = levelForWagerCents(coinsToCents(user.wager));
  const icon = 'h-4 w-4';

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={compact ? 'Account menu' : `Account menu: ${user.username} ${level.levelName}`}
        className="group flex shrink-0 items-center gap-2.5 rounded-xl p-1 text-left sm:pr-2 transition outline-none hover:bg-ink-700/60 data-[state=open]:bg-ink-700/60"
      >
        <Avatar src={user.avatar} name={user.username} className="h-9 w-9 ring-2 ring-ink-600" />
        {compact ? null : (
          <span className="flex w-36 min-w-0 flex-col gap-1">
            <span data-testid="username" className="truncate text-sm leading-tight font-bold text-white">
              {user.username}
            </span>{' '}
            <span className="flex items-center gap-2">
              <span
                className="shrink-0 text-[10px] leading-none font-bold uppercase"
                style={{ color: level.levelColor }}
              >
                {level.levelName}
              </span>
              <Progress
                value={level.progress}
                color={level.levelColor}
                label={`Level ${level.level} progress`}
              />
            </span>
          </span>
        )}
        {compact ? null : (
          <ChevronDown
            className="h-4 w-4 text-ink-400 transition group-data-[state=open]:rotate-180"
            aria-hidden="true"
          />
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 w-60 rounded-2xl border border-ink-600 bg-ink-800/95 p-1.5 shadow-2xl shadow-black/50 backdrop-blur"
        >
          <div className="mb-1 border-b border-ink-700 px-3 pt-2 pb-3">
            {/* on small screens the box shows only the avatar: the name lives here */}
            <p data-testid={compact ? 'username' : undefined} className="truncate font-bold text-white">
              {user.username}
            </p>
            <p className="text-xs text-ink-400">
              Level {level.level} · <span style={{ color: level.levelColor }}>{level.levelName}</span>
            </p>
          </div>
          <Item icon={<User className={icon} />} onSelect={() => void navigate('/profile')}>
            Profile
          </Item>
          <Item icon={<UserSearch className={icon} />} onSelect={() => openProfile(user._id)}>
            Public Profile
          </Item>
          <Item icon={<Gift className={icon} />} onSelect={() => void navigate('/rewards')}>
            Rewards
          </Item>
          <Item icon={<Crown className={icon} />} onSelect={openVipDialog}>
            VIP
          </Item>
          <Item icon={<Ticket className={icon} />} onSelect={() => openDialog({ name: 'coupon' })}>
            Coupon
          </Item>
          {compact ? (
            <>
              <Item icon={<Users className={icon} />} onSelect={() => openDialog({ name: 'affiliates' })}>
                Affiliates
              </Item>
              <Item icon={<Gift className={icon} />} onSelect={() => openDialog({ name: 'freeCoins' })}>
                Free Coins
              </Item>
              <Item icon={<Trophy className={icon} />} onSelect={() => void navigate('/leaderboard')}>
                Leaderboard
              </Item>
              <Item icon={<LogOut className={icon} />} onSelect={() => void logout()}>
                Log Out
              </Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import { RANK } from '@coinsite/shared/constants';
import {
  FileText,
  Gift,
  House,
  LifeBuoy,
  LogOut,
  ShieldCheck,
  Shield,
  Trophy,
  Users,
  ChartLine,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { GAMES, gamePath } from '../../app/games.tsx';
import { cn } from '../../lib/cn.ts';
import { type DialogRequest, openDialog } from '../../lib/dialog-store.ts';
import { Sheet } from '../../ui/lazy-sheet.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { SocialLinks } from '../site/social-links.tsx';
import { GameSubtitle } from '../../app/game-subtitle.tsx';
import { GameThumb, useGameArt } from './games-menu.tsx';

const row =
  'flex w-full items-center gap-3 rounded-xl px-3 py-2.5 text-left text-sm font-semibold text-ink-200 transition hover:bg-ink-700 hover:text-white';

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The mobile sheet holding every link of the bar. */
export function MobileMenu({ open, onOpenChange }: MobileMenuProps) {
  useGameArt(); // the thumbnails' art, asked for before the menu opens
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isAdmin = useAuthStore((s) => s.user?.rank === RANK.admin);
  const logout = useAuthStore((s) => s.logout);
  const close = () => onOpenChange(false);
  const dialog = (request: DialogRequest) => () => {
    close();
    openDialog(request);
  };
  const link = (to: string, icon: ReactNode, label: string) => (
    <NavLink
      to={to}
      onClick={close}
      className={({ isActive }) => cn(row, isActive && 'bg-ink-700 text-white')}
    >
      {icon}
      {label}
    </NavLink>
  );
  const button = (onClick: () => void, icon: ReactNode, label: string) => (
    <button type="button" onClick={onClick} className={row}>
      {icon}
      {label}
    </button>
  );
  const i = 'h-5 w-5 text-ink-400';

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Menu">
      <nav aria-label="Mobile" className="flex flex-col gap-1 p-3">
        {link('/home', <House className={i} aria-hidden="true" />, 'Home')}
        <p className="mt-3 px-3 pb-1 text-[11px] font-bold tracking-widest text-ink-400 uppercase">Games</p>
        <div className="grid grid-cols-1 gap-1">
          {GAMES.map((game) => (
            <NavLink key={game.key} to={gamePath(game)} onClick={close} className={cn(row, 'py-2')}>
              <GameThumb game={game.key} />
              <span className="min-w-0">
                <span className="block">{game.name}</span>
                <span className="block text-xs leading-snug font-normal text-ink-400">
                  <GameSubtitle game={game} />
                </span>
              </span>
            </NavLink>
          ))}
        </div>
        <p className="mt-3 px-3 pb-1 text-[11px] font-bold tracking-widest text-ink-400 uppercase">More</p>
        {link('/rewards', <Gift className={i} aria-hidden="true" />, 'Rewards')}
        {link('/leaderboard', <Trophy className={i} aria-hidden="true" />, 'Leaderboard')}
        {button(dialog({ name: 'affiliates' }), <Users className={i} aria-hidden="true" />, 'Affiliates')}
        {button(
          dialog({ name: 'freeCoins' }),
          <Gift className="h-5 w-5 text-gold-400" aria-hidden="true" />,
          'Free Coins',
        )}
        {link('/provably-fair', <ShieldCheck className={i} aria-hidden="true" />, 'Fairness')}
        {link('/transparency', <ChartLine className={i} aria-hidden="true" />, 'Transparency')}
        {button(dialog({ name: 'support' }), <LifeBuoy className={i} aria-hidden="true" />, 'Support')}
        {button(dialog({ name: 'terms' }), <FileText className={i} aria-hidden="true" />, 'TOS')}
        {isAuthenticated && isAdmin
          ? button(
              dialog({ name: 'admin' }),
              <Shield className="h-5 w-5 text-red-400" aria-hidden="true" />,
              'Admin',
            )
          : null}
        {isAuthenticated
          ? button(
              () => {
                close();
                void logout();
              },
              <LogOut className={i} aria-hidden="true" />,
              'Log Out',
            )
          : null}
        <SocialLinks withLabels className="mt-4 px-1" />
      </nav>
    </Sheet>
  );
}

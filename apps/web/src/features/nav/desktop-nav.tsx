import { RANK } from '@coinsite/shared/constants';
import { Gift, LogOut, Shield, Trophy, Users } from 'lucide-react';
import { Link } from 'react-router';
import { openDialog } from '../../lib/dialog-store.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { Button } from '../../ui/button.tsx';
import { HOME_LINK_LABEL, Logo } from '../../ui/logo.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { SocialLinks } from '../site/social-links.tsx';
import { SoundControl } from '../bet-tools/sound-control.tsx';
import { Balance } from '../wallet/balance.tsx';
import { GamesMenu } from './games-menu.tsx';
import { BarButton, BarLink, StripButton, StripLink } from './nav-items.tsx';
import { UserBox } from './user-box.tsx';

/** Between lg and xl the bar is short of room: Leaderboard and Affiliates move to the strip. */
const WIDE_QUERY = '(min-width: 1280px)';

function UtilityStrip({ wide }: { wide: boolean }) {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isAdmin = useAuthStore((s) => s.user?.rank === RANK.admin);
  const logout = useAuthStore((s) => s.logout);
  return (
    <div className="flex h-9 items-center justify-between border-b border-ink-800 bg-ink-950 px-4">
      <nav aria-label="Site" className="flex items-center gap-1">
        {wide ? null : (
          <>
            <StripLink to="/leaderboard">Leaderboard</StripLink>
            <StripButton onClick={() => openDialog({ name: 'affiliates' })}>Affiliates</StripButton>
          </>
        )}
        <StripLink to="/provably-fair">Fairness</StripLink>
        <StripLink to="/transparency">Transparency</StripLink>
        <StripButton onClick={() => openDialog({ name: 'support' })}>Support</StripButton>
        <StripButton onClick={() => openDialog({ name: 'terms' })}>TOS</StripButton>
        <span className="mx-1 h-4 w-px bg-ink-700" aria-hidden="true" />
        <SocialLinks />
      </nav>
      <div className="flex items-center gap-1">
        <SoundControl />
        <span className="mx-1 h-4 w-px bg-ink-700" aria-hidden="true" />
        {isAuthenticated && isAdmin ? (
          <StripButton onClick={() => openDialog({ name: 'admin' })}>
            <Shield className="h-3.5 w-3.5 text-red-400" aria-hidden="true" />
            Admin
          </StripButton>
        ) : null}
        {isAuthenticated ? (
          <StripButton onClick={() => void logout()}>
            <LogOut className="h-3.5 w-3.5" aria-hidden="true" />
            Log Out
          </StripButton>
        ) : (
          <span className="text-xs text-ink-400">18+ · Play responsibly</span>
        )}
      </div>
    </div>
  );
}

function AccountArea() {
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const user = useAuthStore((s) => s.user);
  if (isAuthenticated && !user) {
    return (
      <div
        className="h-10 w-72 animate-pulse rounded-xl bg-ink-800"
        role="status"
        aria-label="Loading account"
      />
    );
  }
  if (!isAuthenticated) {
    return (
      <Button onClick={() => openDialog({ name: 'signIn', view: 'login' })} className="px-6">
        Sign in
      </Button>
    );
  }
  return (
    <div className="flex items-center gap-3">
      <Balance />
      <UserBox />
    </div>
  );
}

/** The full navigation bar for large screens (spec-2). */
export function DesktopNav() {
  const wide = useMediaQuery(WIDE_QUERY);
  const icon = 'h-4 w-4 text-ink-400';
  // nothing scrolls under the desktop header (the page scrolls below it): no backdrop blur, which the
  // compositor would redo whenever the balance in it changes
  return (
    <header className="shrink-0 bg-ink-900/95">
      <UtilityStrip wide={wide} />
      <div className="flex h-16 items-center gap-2 border-b border-ink-700 px-4">
        <Link to="/home" className="mr-3 rounded-lg" aria-label={HOME_LINK_LABEL}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="flex min-w-0 items-center gap-0.5">
          <GamesMenu />
          <BarLink to="/rewards" icon={<Gift className={icon} aria-hidden="true" />}>
            Rewards
          </BarLink>
          {wide ? (
            <>
              <BarLink to="/leaderboard" icon={<Trophy className={icon} aria-hidden="true" />}>
                Leaderboard
              </BarLink>
              <BarButton
                onClick={() => openDialog({ name: 'affiliates' })}
                icon={<Users className={icon} aria-hidden="true" />}
              >
                Affiliates
              </BarButton>
            </>
          ) : null}
          <BarButton
            onClick={() => openDialog({ name: 'freeCoins' })}
            className="text-gold-300 hover:text-gold-300"
            icon={<Gift className="h-4 w-4 text-gold-400" aria-hidden="true" />}
          >
            Free Coins
          </BarButton>
        </nav>
        <div className="ml-auto">
          <AccountArea />
        </div>
      </div>
    </header>
  );
}

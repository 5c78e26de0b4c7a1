import { Menu } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { openDialog } from '../../lib/dialog-store.ts';
import { Button } from '../../ui/button.tsx';
import { HOME_LINK_LABEL, Logo } from '../../ui/logo.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { SoundControl } from '../bet-tools/sound-control.tsx';
import { Balance } from '../wallet/balance.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { UserBox } from './user-box.tsx';

/** The compact bar of medium and smaller screens: menu, home, balance, account. */
export function MobileNav() {
  const [menuOpen, setMenuOpen] = useState(false);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const user = useAuthStore((s) => s.user);

  return (
    <header className="sticky top-0 z-40 flex h-14 shrink-0 items-center gap-1 border-b border-ink-700 bg-ink-900/95 px-2 backdrop-blur sm:px-3">
      <button
        type="button"
        aria-label="Open menu"
        onClick={() => setMenuOpen(true)}
        className="rounded-lg p-2 text-ink-200 hover:bg-ink-700 hover:text-white"
      >
        <Menu className="h-5 w-5" />
      </button>
      <Link to="/home" aria-label={HOME_LINK_LABEL} className="rounded-lg p-1">
        <span className={isAuthenticated ? 'min-[400px]:hidden' : 'min-[340px]:hidden'}>
          <Logo iconOnly />
        </span>
        <span className={isAuthenticated ? 'hidden min-[400px]:inline' : 'hidden min-[340px]:inline'}>
          <Logo />
        </span>
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1.5">
        <span className="hidden min-[360px]:flex">
          <SoundControl compact />
        </span>
        {isAuthenticated && user ? (
          <>
            <Balance compact />
            <UserBox compact />
          </>
        ) : isAuthenticated ? (
          <div
            className="h-9 w-40 animate-pulse rounded-xl bg-ink-800"
            role="status"
            aria-label="Loading account"
          />
        ) : (
          <Button
            size="sm"
            onClick={() => openDialog({ name: 'signIn', view: 'login' })}
            className="h-9 px-4"
          >
            Sign in
          </Button>
        )}
      </div>
      <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
    </header>
  );
}

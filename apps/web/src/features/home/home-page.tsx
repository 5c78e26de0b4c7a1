import { ShieldCheck, Sparkles, Zap } from 'lucide-react';
import { openDialog } from '../../lib/dialog-store.ts';
import { SITE_NAME } from '../../lib/site-config.ts';
import { Button } from '../../ui/button.tsx';
import { GameArt } from '../../ui/game-art.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { RainBanner } from '../rain/rain-banner.tsx';
import { GameTiles } from './game-tiles.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { LiveFeed } from '../live-feed/live-feed.tsx';

function Hero() {
  const user = useAuthStore((s) => s.user);
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  return (
    <section className="@container relative overflow-hidden rounded-3xl bg-[radial-gradient(ellipse_at_top_left,#1d3a2c,transparent_55%),linear-gradient(120deg,#141b31,#0b1020)] p-6 ring-1 ring-ink-700 sm:p-8">
      <div
        className="pointer-events-none absolute inset-y-0 right-0 hidden w-80 @[58rem]:block"
        aria-hidden="true"
      >
        <GameArt game="cases" className="absolute top-4 right-28 h-36 w-44 animate-float" />
        <GameArt
          game="coinflip"
          className="absolute right-2 bottom-2 h-32 w-36 animate-float [animation-delay:1.5s]"
        />
      </div>
      <div className="relative max-w-xl">
        <p className="mb-2 inline-flex items-center gap-1.5 rounded-full bg-accent-500/10 px-3 py-1 text-xs font-semibold text-accent-300 ring-1 ring-accent-500/30">
          <Sparkles className="h-3.5 w-3.5" aria-hidden="true" /> Provably fair games
        </p>
        <h1 className="text-3xl font-black tracking-tight text-white sm:text-4xl">
          {user ? `Welcome back, ${user.username}!` : `Welcome to ${SITE_NAME}`}
        </h1>
        <p className="mt-3 text-ink-300">
          Case battles, slots, crash, roulette and more. Chat with the community, catch the rain and climb the
          weekly $1,000 race.
        </p>
        <div className="mt-5 flex flex-wrap items-center gap-3">
          {isAuthenticated ? (
            <Button variant="gold" size="lg" onClick={() => openDialog({ name: 'cashier' })}>
              Deposit
            </Button>
          ) : (
            <Button size="lg" onClick={() => openDialog({ name: 'signIn', view: 'register' })}>
              Create an account
            </Button>
          )}
          <span className="flex items-center gap-4 text-xs text-ink-400">
            <span className="flex items-center gap-1">
              <ShieldCheck className="h-4 w-4 text-accent-400" aria-hidden="true" /> Verifiable results
            </span>
            <span className="flex items-center gap-1">
              <Zap className="h-4 w-4 text-gold-400" aria-hidden="true" /> Instant play
            </span>
          </span>
        </div>
      </div>
    </section>
  );
}

/** /home (spec-2): hero, game tiles (4 columns wide, 2 narrow) and payment methods. */
export function HomePage() {
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 p-3 animate-fade-in sm:p-6">
      <Hero />
      <RainBanner />
      <section aria-labelledby="games-heading" className="flex flex-col gap-3">
        <h2 id="games-heading" className="text-lg font-bold text-white">
          Games
        </h2>
        <GameTiles />
      </section>
      <LiveFeed />
      <PaymentMethods />
    </div>
  );
}

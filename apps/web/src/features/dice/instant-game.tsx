import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { cn } from '../../lib/cn.ts';
import { openDialog } from '../../lib/dialog-store.ts';
import { Button } from '../../ui/button.tsx';
import { GameArt } from '../../ui/game-art.tsx';
import { GAME_THEME, type GameKey } from '../../ui/game-theme.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { GameKeys, GameToolbar } from '../bet-tools/game-toolbar.tsx';
import { GAME_HOTKEYS } from '../bet-tools/hotkeys.ts';
import { ProvablyFairButton } from '../fairness-dialog/provably-fair-button.tsx';
import { LiveFeed } from '../live-feed/live-feed.tsx';

/**
 * The frame every instant game screen shares (dice, limbo, mines, blackjack, plinko, wheel): title and Provably Fair button,
 * the bet panel beside the stage (below it on a phone), and the live feed of the game underneath.
 */
export function InstantGameScreen({
  title,
  game,
  panel,
  stage,
}: {
  title: string;
  game: 'dice' | 'limbo' | 'mines' | 'blackjack' | 'plinko' | 'wheel' | 'keno' | 'hilo';
  panel: ReactNode;
  stage: ReactNode;
}) {
  const [from, to] = GAME_THEME[game satisfies GameKey];
  return (
    <div className="mx-auto flex w-full max-w-[1250px] flex-col gap-4 p-3 animate-fade-in sm:p-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="flex items-center gap-2 text-xl font-black tracking-tight text-white sm:text-2xl">
          <GameArt game={game} className="h-9 w-12" />
          {title}
        </h1>
        <div className="flex items-center gap-1.5">
          {/* blackjack has its own action hotkeys (S stands there); the bet tools' keys would clash */}
          {game === 'blackjack' ? (
            <GameKeys
              rows={GAME_HOTKEYS.blackjack}
              note="Blackjack's keys work during a hand whether or not hotkeys are on (H S D P are the table's own words)."
            />
          ) : (
            <GameToolbar game={game} />
          )}
          <ProvablyFairButton />
        </div>
      </header>
      <section className="flex flex-col-reverse overflow-hidden rounded-2xl bg-ink-850 ring-1 ring-ink-700 md:flex-row">
        <aside
          aria-label={`${title} bet`}
          className="flex shrink-0 flex-col gap-4 border-t border-ink-700 bg-ink-800/80 p-4 md:w-80 md:border-t-0 md:border-r"
        >
          {panel}
        </aside>
        <div
          className="relative min-h-[20rem] min-w-0 flex-1 overflow-hidden"
          style={{ background: `radial-gradient(ellipse at 50% 0%, ${from}cc, ${to} 80%)` }}
        >
          {stage}
        </div>
      </section>
      <LiveFeed game={game} />
    </div>
  );
}

/**
 * The bet button of a game, or for a visitor the sign-in prompt that replaces it
 * (spec-3 §1: betting requires sign-in). On a phone it moves to the top of the panel, right under
 * the stage, so playing again never needs a scroll.
 */
export function PlayButton({ className, children, ...props }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  const loading = useAuthStore((s) => s.isLoading);
  if (!signedIn) {
    return (
      <div className="flex flex-col gap-2 max-md:order-first">
        <Button
          size="lg"
          className={cn('w-full', className)}
          disabled={loading}
          onClick={() => openDialog({ name: 'signIn', view: 'login' })}
        >
          Sign in to play
        </Button>
        <p className="text-center text-xs text-ink-400">Sign in or create an account to place bets.</p>
      </div>
    );
  }
  return (
    <div className="flex flex-col max-md:order-first">
      <Button size="lg" className={cn('w-full', className)} {...props}>
        {children}
      </Button>
    </div>
  );
}

/** A labelled value the player reads but does not type (profit on win, chance…). */
/**
 * The max-profit rule under a game's bet button, as crash shows its own. `over` marks the current
 * bet as one the server will refuse.
 */
export function MaxProfitNote({ children, over = false }: { children: ReactNode; over?: boolean }) {
  return (
    <p data-testid="max-profit-note" className={cn('text-xs', over ? 'text-red-400' : 'text-ink-400')}>
      {children}
    </p>
  );
}

export function Readout({
  label,
  value,
  tone,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  tone?: 'win' | 'lose';
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <span id={id} className="text-xs font-semibold text-ink-300">
        {label}
      </span>
      <output
        aria-labelledby={id}
        data-testid={testId}
        className={cn(
          'flex h-11 items-center rounded-lg bg-ink-950/40 px-3 font-mono text-sm font-bold tabular-nums ring-1 ring-ink-700',
          tone === 'win' ? 'text-accent-400' : tone === 'lose' ? 'text-red-400' : 'text-white',
        )}
      >
        {value}
      </output>
    </div>
  );
}

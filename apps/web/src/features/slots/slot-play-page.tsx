import { ArrowLeft, Heart, Maximize2 } from 'lucide-react';
import { GameKeys } from '../bet-tools/game-toolbar.tsx';
import { GAME_HOTKEYS } from '../bet-tools/hotkeys.ts';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { cn } from '../../lib/cn.ts';
import { errorText } from '../../lib/errors.ts';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Logo } from '../../ui/logo.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { holdReveal } from '../../lib/reveal-hold.ts';
import { launchGame, useFavourite, useSlotGame } from './slots-api.ts';
import { SlotArt } from './slot-tile.tsx';

/**
 * The built-in sandbox slot tells the page (postMessage, same origin) when a spin starts and when its
 * reels stop: the win's balance change and feed row wait for the stop (issue 28 item 5). A provider's
 * own frame sends nothing, and nothing is held.
 */
function useSpinHold(frame: React.RefObject<HTMLIFrameElement | null>) {
  useEffect(() => {
    let release: (() => void) | null = null;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      const data = e.data as { type?: unknown; phase?: unknown } | null;
      if (data?.type !== 'slot-spin') return;
      release?.();
      release = data.phase === 'start' ? holdReveal('slots') : null;
    };
    window.addEventListener('message', onMessage);
    return () => {
      window.removeEventListener('message', onMessage);
      release?.();
    };
  }, [frame]);
}

/** /slots/{game_code} (spec-3 §2.13): the launched game in a frame, with the footer logo. */
export function SlotPlayPage() {
  const code = useParams().identifier2 ?? '';
  const game = useSlotGame(code);
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const authLoading = useAuthStore((s) => s.isLoading);
  const userId = useAuthStore((s) => s.user?._id ?? null);
  const [launch, setLaunch] = useState<{ url: string; sandbox: boolean } | null>(null);
  const [launchError, setLaunchError] = useState<string | null>(null);
  const favourite = useFavourite();
  const frameBox = useRef<HTMLDivElement>(null);
  const enabled = game.data?.status === 1;
  const frame = useRef<HTMLIFrameElement>(null);
  useSpinHold(frame);

  useEffect(() => {
    setLaunch(null);
    setLaunchError(null);
    if (!userId || !enabled) return;
    let cancelled = false;
    const wallet = useAuthStore.getState().user?.wallet ?? 0;
    launchGame(code, wallet).then(
      (res) => !cancelled && setLaunch({ url: res.launch_url, sandbox: res.sandbox }),
      (err) => !cancelled && setLaunchError(errorText(err, 'The game could not be opened.')),
    );
    return () => {
      cancelled = true;
    };
  }, [code, userId, enabled]);

  let body: React.ReactNode;
  if (game.isPending || authLoading)
    body = (
      <Centered>
        <Spinner className="h-9 w-9" />
      </Centered>
    );
  else if (game.isError || !game.data)
    body = <Notice title="Game not found." text="This game is not in our catalogue." />;
  else if (!enabled)
    body = <Notice title="This game is currently disabled." text="Please pick another game." />;
  else if (!signedIn)
    body = (
      <Centered>
        <LoginRequired message="Please sign in to play slots." />
      </Centered>
    );
  else if (launchError)
    body = <Notice title={launchError} text="Please try again later or pick another game." />;
  else if (!launch)
    body = (
      <Centered>
        <Spinner className="h-9 w-9" />
      </Centered>
    );
  else
    body = (
      <iframe
        key={launch.url}
        ref={frame}
        title={game.data.game_name}
        src={launch.url}
        allow="autoplay; fullscreen"
        allowFullScreen
        className="absolute inset-0 h-full w-full border-0 bg-black"
      />
    );

  return (
    <div className="mx-auto flex w-full max-w-7xl animate-fade-in flex-col gap-3 p-3 sm:p-6">
      <header className="flex items-center gap-3">
        <Link
          to="/slots"
          aria-label="Back to slots"
          className="flex h-9 w-9 items-center justify-center rounded-full bg-ink-800 text-ink-300 ring-1 ring-ink-700 hover:text-white"
        >
          <ArrowLeft className="h-4 w-4" />
        </Link>
        {game.data ? <SlotArt game={game.data} className="h-9 w-12 shrink-0 rounded-md" /> : null}
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-lg font-black text-white">{game.data?.game_name ?? 'Slot'}</h1>
          <p className="truncate text-xs text-ink-400">{game.data?.provider ?? 'Pragmatic Play'}</p>
        </div>
        <GameKeys
          rows={GAME_HOTKEYS.slots}
          note="A slot runs in its provider's frame: its keys are its own, and ours stay off while it has the focus."
        />
        {launch?.sandbox ? (
          <span
            title="No provider credentials are set: this is the built-in sandbox slot, playing with your real balance through the same wallet calls."
            className="hidden rounded-md bg-gold-400 px-2 py-1 text-[10px] font-black tracking-widest text-ink-950 sm:inline"
          >
            SANDBOX
          </span>
        ) : null}
        {signedIn && game.data ? (
          <button
            type="button"
            aria-pressed={game.data.favourite}
            aria-label={game.data.favourite ? 'Remove from favourites' : 'Add to favourites'}
            onClick={() =>
              favourite.mutate(
                { code, favourite: !game.data?.favourite },
                { onError: (err) => toast.error(errorText(err, 'Could not update your favourites.')) },
              )
            }
            className={cn(
              'flex h-9 w-9 items-center justify-center rounded-full bg-ink-800 ring-1 ring-ink-700 hover:text-white',
              game.data.favourite ? 'text-red-400' : 'text-ink-300',
            )}
          >
            <Heart className="h-4 w-4" fill={game.data.favourite ? 'currentColor' : 'none'} />
          </button>
        ) : null}
        {launch ? (
          <button
            type="button"
            aria-label="Full screen"
            onClick={() => void frameBox.current?.requestFullscreen?.().catch(() => undefined)}
            className="hidden h-9 w-9 items-center justify-center rounded-full bg-ink-800 text-ink-300 ring-1 ring-ink-700 hover:text-white sm:flex"
          >
            <Maximize2 className="h-4 w-4" />
          </button>
        ) : null}
      </header>
      <div className="overflow-hidden rounded-2xl bg-ink-950 ring-1 ring-ink-700">
        <div
          ref={frameBox}
          className="relative h-[calc(100dvh-13rem)] min-h-[26rem] w-full sm:h-auto sm:min-h-0 sm:aspect-video"
        >
          {body}
        </div>
        <footer className="flex items-center justify-between gap-3 border-t border-ink-800 bg-ink-900 px-4 py-2.5">
          <Logo className="scale-90" />
          <span className="text-xs text-ink-400">Play responsibly · 18+</span>
        </footer>
      </div>
    </div>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return <div className="absolute inset-0 flex items-center justify-center p-6 text-ink-300">{children}</div>;
}

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <Centered>
      <div className="flex max-w-sm flex-col items-center gap-3 text-center">
        <p className="text-lg font-bold text-white">{title}</p>
        <p className="text-sm text-ink-300">{text}</p>
        <Link to="/slots" className="text-sm font-bold text-accent-400 hover:underline">
          Back to all slots
        </Link>
      </div>
    </Centered>
  );
}

import { Logo } from '../../ui/logo.tsx';

interface LoadingScreenProps {
  /** Seconds until the page reloads after a failed site check. */
  retryInSeconds?: number | null;
}

/** The start screen: a 1-second countdown ring around the coin, then the site check's answer. */
export function LoadingScreen({ retryInSeconds = null }: LoadingScreenProps) {
  const retrying = retryInSeconds !== null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="flex h-dvh flex-col items-center justify-center gap-6 bg-[radial-gradient(ellipse_at_center,var(--color-ink-800),var(--color-ink-950))]"
    >
      <div className="relative h-28 w-28">
        <svg viewBox="0 0 100 100" className="absolute inset-0 -rotate-90" aria-hidden="true">
          <circle cx="50" cy="50" r="44" fill="none" stroke="var(--color-ink-700)" strokeWidth="6" />
          {retrying ? null : (
            <circle
              className="countdown-ring"
              cx="50"
              cy="50"
              r="44"
              fill="none"
              stroke="var(--color-accent-400)"
              strokeWidth="6"
              strokeLinecap="round"
            />
          )}
        </svg>
        <div className="absolute inset-0 flex items-center justify-center">
          <Logo iconOnly className="scale-150" />
        </div>
      </div>
      <p className="text-sm font-medium text-ink-300">
        {retrying ? `Can't reach the server. Retrying in ${retryInSeconds}s...` : 'Loading...'}
      </p>
    </div>
  );
}

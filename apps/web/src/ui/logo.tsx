import { SITE_NAME } from '../lib/site-config.ts';
import { cn } from '../lib/cn.ts';
import { CoinIcon } from './coin-icon.tsx';

/**
 * The name of the logo link to the home page: it starts with the word mark's own text, so a voice
 * user who says what they see ("click CoinSite") reaches it (WCAG 2.5.3, label in name).
 */
export const HOME_LINK_LABEL = `${SITE_NAME} home`;

/** The word mark: a coin and the site name. */
export function Logo({ className, iconOnly = false }: { className?: string; iconOnly?: boolean }) {
  return (
    <span
      className={cn('inline-flex items-center gap-2 font-extrabold tracking-tight text-white', className)}
    >
      <CoinIcon className="h-7 w-7 drop-shadow-[0_0_10px_rgba(251,191,36,0.45)]" />
      {iconOnly ? (
        <span className="sr-only">{SITE_NAME}</span>
      ) : (
        <span className="text-lg">
          Coin<span className="text-accent-400">Site</span>
        </span>
      )}
    </span>
  );
}

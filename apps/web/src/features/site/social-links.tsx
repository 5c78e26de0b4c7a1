import { cn } from '../../lib/cn.ts';
import { SOCIAL_LINKS } from '../../lib/site-config.ts';

function DiscordIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4" fill="currentColor">
      <path d="M19.3 5.3A16.6 16.6 0 0 0 15.2 4l-.5 1a15.4 15.4 0 0 0-5.4 0l-.5-1a16.5 16.5 0 0 0-4.1 1.3C2 9.2 1.3 13 1.7 16.8a16.7 16.7 0 0 0 5 2.5l1.1-1.7a10.8 10.8 0 0 1-1.7-.8l.4-.3a11.9 11.9 0 0 0 11 0l.4.3c-.5.3-1.1.6-1.7.8l1.1 1.7a16.6 16.6 0 0 0 5-2.5c.5-4.4-.8-8.2-3-11.5ZM8.7 14.5c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Zm6.6 0c-1 0-1.8-.9-1.8-2s.8-2 1.8-2 1.8.9 1.8 2-.8 2-1.8 2Z" />
    </svg>
  );
}

function XIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="h-3.5 w-3.5" fill="currentColor">
      <path d="M17.8 2.5h3.2l-7 8 8.2 11h-6.4l-5-6.6-5.8 6.6H1.8l7.5-8.6L1.4 2.5h6.6l4.5 6 5.3-6Zm-1.1 17h1.8L7.3 4.4H5.4l11.3 15.1Z" />
    </svg>
  );
}

/** External social links, opened in a new tab. */
export function SocialLinks({ className, withLabels = false }: { className?: string; withLabels?: boolean }) {
  return (
    <div className={cn('flex items-center gap-1', className)}>
      {SOCIAL_LINKS.map((link) => (
        <a
          key={link.name}
          href={link.href}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={withLabels ? undefined : link.name}
          className="inline-flex h-8 items-center gap-2 rounded-lg px-2 text-ink-300 transition hover:bg-ink-700 hover:text-white"
        >
          {link.name === 'Discord' ? <DiscordIcon /> : <XIcon />}
          {withLabels ? <span className="text-sm font-medium">{link.name}</span> : null}
        </a>
      ))}
    </div>
  );
}

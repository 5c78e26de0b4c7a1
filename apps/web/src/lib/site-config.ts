import { useSiteStore } from './site-store.ts';

/** Deployment facts the spec leaves to us. */
export const SITE_NAME = 'CoinSite';

export const SOCIAL_LINKS = [
  { name: 'Discord', href: 'https://discord.com/' },
  { name: 'Twitter', href: 'https://x.com/' },
] as const;

export function supportEmail(): string {
  const fromServer = useSiteStore.getState().supportEmail;
  if (fromServer) return fromServer;
  const host = typeof window === 'undefined' ? 'localhost' : window.location.hostname.replace(/^www\./, '');
  return `support@${host}`;
}

import { TEXT } from '@coinsite/shared/messages';
import { ShieldBan } from 'lucide-react';
import { Logo } from '../../ui/logo.tsx';
import { SocialLinks } from './social-links.tsx';

/** /banned (spec-2): where the server's ban announcement sends the user. */
export function BannedPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-[radial-gradient(ellipse_at_top,rgba(239,68,68,0.12),transparent_60%)] p-6 text-center animate-fade-in">
      <Logo className="text-xl" />
      <ShieldBan className="h-16 w-16 text-red-400" aria-hidden="true" />
      <h1 className="text-3xl font-black tracking-wide text-white sm:text-4xl">{TEXT.banned}</h1>
      <p className="max-w-md text-ink-300">{TEXT.bannedAppeal}</p>
      <SocialLinks withLabels />
    </main>
  );
}

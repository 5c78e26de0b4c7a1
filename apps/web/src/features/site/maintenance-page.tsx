import { TEXT } from '@coinsite/shared/messages';
import { Wrench } from 'lucide-react';
import type { ReactNode } from 'react';
import { Logo } from '../../ui/logo.tsx';
import { SocialLinks } from './social-links.tsx';

/** Shown instead of the app while the site is under maintenance (spec-2). */
export function MaintenancePage({ chat }: { chat?: ReactNode }) {
  return (
    <div className="flex h-dvh bg-ink-900">
      <main className="flex flex-1 flex-col items-center justify-center gap-6 p-6 text-center animate-fade-in">
        <Logo className="text-2xl" />
        <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-gold-400/10 text-gold-400 ring-1 ring-gold-400/30">
          <Wrench className="h-8 w-8" aria-hidden="true" />
        </div>
        <h1 className="max-w-xl text-xl font-bold text-white sm:text-2xl">{TEXT.maintenance}</h1>
        <SocialLinks withLabels className="gap-3" />
      </main>
      {chat}
    </div>
  );
}

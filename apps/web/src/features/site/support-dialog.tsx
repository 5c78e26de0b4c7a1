import { LifeBuoy, Mail, MessagesSquare } from 'lucide-react';
import { SOCIAL_LINKS, supportEmail } from '../../lib/site-config.ts';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';

/** Support: a ticket in the community chat or an email (spec-1 §2). */
export function SupportDialog({ open, onOpenChange }: DialogProps) {
  const email = supportEmail();
  const discord = SOCIAL_LINKS.find((l) => l.name === 'Discord')?.href ?? '#';
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Support"
      description="We usually answer within a few hours."
    >
      <div className="flex flex-col gap-3">
        <div className="flex items-center gap-3 rounded-xl bg-ink-950/60 p-4 ring-1 ring-ink-700">
          <LifeBuoy className="h-8 w-8 shrink-0 text-accent-400" aria-hidden="true" />
          <p className="text-sm text-ink-300">
            Need help with a deposit, a withdrawal, a game or your account? Reach us either way:
          </p>
        </div>
        <a
          href={discord}
          target="_blank"
          rel="noopener noreferrer"
          className="flex items-center gap-3 rounded-xl bg-ink-700/60 p-4 ring-1 ring-ink-600 transition hover:bg-ink-700"
        >
          <MessagesSquare className="h-5 w-5 text-indigo-300" aria-hidden="true" />
          <span>
            <span className="block font-semibold text-white">Open a ticket in our community chat</span>
            <span className="text-xs text-ink-400">
              Join the Discord and open a ticket in the support channel.
            </span>
          </span>
        </a>
        <a
          href={`mailto:${email}`}
          className="flex items-center gap-3 rounded-xl bg-ink-700/60 p-4 ring-1 ring-ink-600 transition hover:bg-ink-700"
        >
          <Mail className="h-5 w-5 text-gold-400" aria-hidden="true" />
          <span>
            <span className="block font-semibold text-white">Email us</span>
            <span className="text-xs text-ink-400">{email}</span>
          </span>
        </a>
      </div>
    </AppDialog>
  );
}

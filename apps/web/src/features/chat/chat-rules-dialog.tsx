import { CHAT_COMMANDS_HELP, CHAT_RULES, CHAT_TEXT } from '@coinsite/shared/schemas/chat';
import { Button } from '../../ui/button.tsx';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';

/** The chat rules (spec-2 §5); "I Agree" is remembered under `chat-rules-agreed`. */
export function ChatRulesDialog({ open, onOpenChange, onAgree }: DialogProps & { onAgree: () => void }) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={CHAT_TEXT.rulesTitle}>
      <ol className="flex list-decimal flex-col gap-2 pl-5 text-sm text-ink-200 marker:font-bold marker:text-accent-400">
        {CHAT_RULES.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ol>
      <p className="mt-4 text-xs text-ink-400">Breaking the rules can get you muted or banned.</p>
      <Button className="mt-5 w-full" onClick={onAgree}>
        I Agree
      </Button>
    </AppDialog>
  );
}

/** The documented chat commands (spec-2 §2). */
export function ChatCommandsDialog({ open, onOpenChange }: DialogProps) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title={CHAT_TEXT.commandsTitle}>
      <dl className="flex flex-col gap-3">
        {CHAT_COMMANDS_HELP.map((c) => (
          <div key={c.command} className="rounded-xl bg-ink-950/60 p-3 ring-1 ring-ink-700">
            <dt className="font-mono text-sm font-semibold text-accent-400">{c.command}</dt>
            <dd className="mt-1 text-sm text-ink-300">{c.description}</dd>
          </div>
        ))}
      </dl>
    </AppDialog>
  );
}

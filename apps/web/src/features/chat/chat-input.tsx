import { CircleHelp, ScrollText, SendHorizontal } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage.ts';
import { ChatCommandsDialog, ChatRulesDialog } from './chat-rules-dialog.tsx';
import { sendChat } from './use-chat-events.ts';

const iconButton =
  'flex h-9 w-9 shrink-0 items-center justify-center rounded-lg text-ink-400 transition hover:bg-ink-700 hover:text-white';

/**
 * The message box of a signed-in player: sent on Enter, then cleared (no client length check,
 * spec-2 §5; the server refuses with `notify-error`). The rules open on the first focus.
 */
export function ChatInput() {
  const [text, setText] = useState('');
  const [rulesOpen, setRulesOpen] = useState(false);
  const [commandsOpen, setCommandsOpen] = useState(false);
  // shown at most once per page even if not agreed to, so closing it does not reopen it on refocus
  const rulesShown = useRef(false);

  const onFocus = () => {
    if (rulesShown.current || readStorage(STORAGE_KEYS.chatRulesAgreed) !== null) return;
    rulesShown.current = true;
    setRulesOpen(true);
  };
  const agree = () => {
    writeStorage(STORAGE_KEYS.chatRulesAgreed, 'true');
    setRulesOpen(false);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const content = text.trim();
    if (content === '') return;
    sendChat(content);
    setText('');
  };

  return (
    <>
      <form onSubmit={submit} className="flex items-center gap-1.5">
        <div className="flex min-w-0 flex-1 items-center rounded-lg border border-ink-600 bg-ink-900/80 pr-1 transition focus-within:border-accent-500 focus-within:ring-2 focus-within:ring-accent-500/30">
          <input
            value={text}
            onChange={(e) => setText(e.target.value)}
            onFocus={onFocus}
            placeholder="Say something..."
            aria-label="Chat message"
            autoComplete="off"
            enterKeyHint="send"
            className="h-10 min-w-0 flex-1 bg-transparent px-3 text-sm text-white placeholder:text-ink-400 focus:outline-none"
          />
          <button type="submit" aria-label="Send message" className={`${iconButton} h-8 w-8 text-accent-400`}>
            <SendHorizontal className="h-4 w-4" />
          </button>
        </div>
      </form>
      <div className="mt-2 flex items-center justify-end gap-1 text-xs">
        <button
          type="button"
          onClick={() => setRulesOpen(true)}
          className="flex items-center gap-1 rounded-md px-2 py-1 text-ink-400 transition hover:bg-ink-700 hover:text-white"
        >
          <ScrollText className="h-3.5 w-3.5" aria-hidden="true" /> Rules
        </button>
        <button
          type="button"
          onClick={() => setCommandsOpen(true)}
          className="flex items-center gap-1 rounded-md px-2 py-1 text-ink-400 transition hover:bg-ink-700 hover:text-white"
        >
          <CircleHelp className="h-3.5 w-3.5" aria-hidden="true" /> Commands
        </button>
      </div>
      <ChatRulesDialog open={rulesOpen} onOpenChange={setRulesOpen} onAgree={agree} />
      <ChatCommandsDialog open={commandsOpen} onOpenChange={setCommandsOpen} />
    </>
  );
}

import { Avatar } from '../../ui/avatar.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { ChatAmountForm } from './amount-form.tsx';
import { tipCommand } from './chat-format.ts';
import { useTipDialog } from './tip-store.ts';
import { sendChat } from './use-chat-events.ts';

/**
 * Tip user (spec-2 §2): avatar, name, ID, an amount field labelled in coins with the dollar value beside, SEND and
 * CLOSE. The amount is sent as typed; the server checks the limits and level and answers with a
 * toast (spec-2 §5).
 */
export function TipDialog() {
  const target = useTipDialog((s) => s.target);
  const close = useTipDialog((s) => s.closeTip);

  return (
    <AppDialog
      open={target !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Tip User"
      width="max-w-sm"
    >
      {target ? (
        <div className="flex flex-col gap-5">
          <div className="flex items-center gap-3">
            <Avatar src={target.avatar} name={target.username} className="h-12 w-12 text-lg" />
            <div className="min-w-0">
              <p className="truncate font-bold text-white">{target.username}</p>
              <p className="font-mono text-xs text-ink-400">ID: {target.id}</p>
            </div>
          </div>
          <ChatAmountForm
            kind="tip"
            key={target.id}
            submitLabel="SEND"
            onClose={close}
            onSubmit={(amount) => {
              sendChat(tipCommand(target.id, amount));
              close();
            }}
          />
        </div>
      ) : null}
    </AppDialog>
  );
}

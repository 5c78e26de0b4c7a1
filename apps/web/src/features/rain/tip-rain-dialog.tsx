import { CHAT_TEXT } from '@coinsite/shared/schemas/chat';
import { RAIN_TEXT } from '@coinsite/shared/schemas/rain';
import { AppDialog } from '../../ui/dialog.tsx';
import { ChatAmountForm } from '../chat/amount-form.tsx';
import { sendChat } from '../chat/use-chat-events.ts';
import { useRainUi } from './rain-store.ts';

/**
 * Tip Rain (spec-2 §2): a numeric amount and a Tip Rain button; the note 'Your amount will be added
 * to the current pot.' The amount travels as typed in `/tip-rain {amount}`; the server answers with
 * a toast.
 */
export function TipRainDialog() {
  const initial = useRainUi((s) => s.tipAmount);
  const close = useRainUi((s) => s.closeTipRain);

  return (
    <AppDialog
      open={initial !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={RAIN_TEXT.tipRain}
      width="max-w-sm"
    >
      {initial !== null ? (
        <ChatAmountForm
          kind="tipRain"
          initial={initial}
          submitLabel={RAIN_TEXT.tipRain}
          onSubmit={(amount) => {
            sendChat(`/tip-rain ${amount}`);
            close();
          }}
        >
          <p className="text-sm text-ink-400">{CHAT_TEXT.tipRainNote}</p>
        </ChatAmountForm>
      ) : null}
    </AppDialog>
  );
}

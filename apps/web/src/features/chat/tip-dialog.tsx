import { CHAT_TEXT } from '@coinsite/shared/schemas/chat';
import { type FormEvent, useState } from 'react';
import { Avatar } from '../../ui/avatar.tsx';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/input.tsx';
import { tipCommand } from './chat-format.ts';
import { useTipDialog } from './tip-store.ts';
import { sendChat } from './use-chat-events.ts';

/**
 * Tip user (spec-2 §2): avatar, name, ID, an amount field labelled '$1.00 - $100.00', SEND and
 * CLOSE. The amount is sent as typed; the server checks the limits and level and answers with a
 * toast (spec-2 §5).
 */
export function TipDialog() {
  const target = useTipDialog((s) => s.target);
  const close = useTipDialog((s) => s.closeTip);
  const [amount, setAmount] = useState('');

  const onOpenChange = (open: boolean) => {
    if (open) return;
    setAmount('');
    close();
  };
  const send = (e: FormEvent) => {
    e.preventDefault();
    if (!target || amount.trim() === '') return;
    sendChat(tipCommand(target.id, amount));
    onOpenChange(false);
  };

  return (
    <AppDialog open={target !== null} onOpenChange={onOpenChange} title="Tip User" width="max-w-sm">
      {target ? (
        <form onSubmit={send} className="flex flex-col gap-5">
          <div className="flex items-center gap-3">
            <Avatar src={target.avatar} name={target.username} className="h-12 w-12 text-lg" />
            <div className="min-w-0">
              <p className="truncate font-bold text-white">{target.username}</p>
              <p className="font-mono text-xs text-ink-400">ID: {target.id}</p>
            </div>
          </div>
          <Field
            label={CHAT_TEXT.tipAmountLabel}
            type="number"
            inputMode="decimal"
            step="0.01"
            min="0"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            placeholder="0.00"
            autoFocus
          />
          <div className="grid grid-cols-2 gap-3">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              CLOSE
            </Button>
            <Button type="submit" disabled={amount.trim() === ''}>
              SEND
            </Button>
          </div>
        </form>
      ) : null}
    </AppDialog>
  );
}

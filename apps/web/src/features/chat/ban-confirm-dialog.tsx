import type { ChatUser } from '@coinsite/shared/schemas/chat';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import { sendChat } from './use-chat-events.ts';

interface BanConfirmDialogProps {
  user: ChatUser | null;
  onClose: () => void;
}

/** A ban signs the player out everywhere: the CONTROLS menu's BAN USER asks once more. */
export function BanConfirmDialog({ user, onClose }: BanConfirmDialogProps) {
  const ban = () => {
    if (user) sendChat(`.ban-user ${user.id}`);
    onClose();
  };
  return (
    <AppDialog
      open={user !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Ban user"
      width="max-w-sm"
    >
      <p className="text-sm text-ink-200">
        Ban <span className="font-bold text-white">{user?.username}</span> (ID {user?.id})? Their sessions end
        at once.
      </p>
      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button variant="secondary" onClick={onClose}>
          CANCEL
        </Button>
        <Button variant="danger" onClick={ban}>
          BAN USER
        </Button>
      </div>
    </AppDialog>
  );
}

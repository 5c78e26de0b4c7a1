import { CHAT_TEXT, type ChatMessage, type ChatUser, rankColor } from '@coinsite/shared/schemas/chat';
import { Ban, MicOff, Trash2 } from 'lucide-react';
import { ContextMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messageTime, splitBattleLinks } from './chat-format.ts';
import { sendChat } from './use-chat-events.ts';
import { UserAvatarLink, UserNameLink } from '../profile/user-link.tsx';

/** The message text: React text nodes only, with `/battles/{id}` as a 'Case Battle' link. */
function MessageContent({ content }: { content: string }) {
  return (
    <p className="text-sm leading-snug break-words whitespace-pre-wrap text-ink-200">
      {splitBattleLinks(content).map((part, i) =>
        part.kind === 'text' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
          <span key={i}>{part.text}</span>
        ) : (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text never reorder
            key={i}
            to={`/battles/${part.battleId}`}
            className="font-semibold text-accent-400 underline-offset-2 hover:underline"
          >
            {CHAT_TEXT.caseBattleLink}
          </Link>
        ),
      )}
    </p>
  );
}

function MessageBody({ message }: { message: ChatMessage }) {
  const { user } = message;
  return (
    <div className="flex gap-2.5 rounded-lg px-2 py-1.5 transition hover:bg-ink-800/70">
      <span className="shrink-0 self-start">
        <UserAvatarLink id={user.id} name={user.username} avatar={user.avatar} className="h-8 w-8 text-sm" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-1.5">
          <UserNameLink
            id={user.id}
            name={user.username}
            className="text-sm font-bold"
            style={{ color: rankColor(user.rank) }}
            testId="chat-username"
          />
          <span
            className="shrink-0 rounded px-1 text-[10px] font-bold leading-4 text-ink-950"
            style={{ background: user.level.levelColor || '#9CA3AF' }}
            title={user.level.levelName}
          >
            {user.level.name}
          </span>
          <time className="ml-auto shrink-0 text-[10px] text-ink-500" dateTime={message.created}>
            {messageTime(message.created)}
          </time>
        </div>
        <MessageContent content={message.content} />
      </div>
    </div>
  );
}

function ControlItem({
  icon,
  children,
  onSelect,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
}) {
  return (
    <ContextMenu.Item
      onSelect={onSelect}
      className="flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-xs font-bold tracking-wide text-ink-200 outline-none data-[highlighted]:bg-ink-700 data-[highlighted]:text-white"
    >
      {icon}
      {children}
    </ContextMenu.Item>
  );
}

interface ChatMessageRowProps {
  message: ChatMessage;
  /** The viewer may moderate: a right-click opens the CONTROLS menu (spec-2 §2). */
  moderator: boolean;
  /** BAN USER asks for a confirmation first. */
  onBan: (user: ChatUser) => void;
}

/** One chat line. Moderators' right-click sends the same commands they could type. */
export function ChatMessageRow({ message, moderator, onBan }: ChatMessageRowProps) {
  const row = (
    <li data-testid="chat-message" data-msg-id={message.msgId}>
      <MessageBody message={message} />
    </li>
  );
  if (!moderator) return row;
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>{row}</ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className="z-50 min-w-44 rounded-lg border border-ink-600 bg-ink-850 p-1 shadow-2xl shadow-black/60">
          <ContextMenu.Label className="px-2.5 py-1.5 text-[10px] font-bold tracking-widest text-ink-400">
            CONTROLS
          </ContextMenu.Label>
          <ControlItem
            icon={<Trash2 className="h-4 w-4 text-red-400" />}
            onSelect={() => sendChat(`.remove-message ${message.msgId}`)}
          >
            DELETE MESSAGE
          </ControlItem>
          <ControlItem
            icon={<MicOff className="h-4 w-4 text-amber-400" />}
            onSelect={() => sendChat(`.mute-user ${message.user.id}`)}
          >
            MUTE USER
          </ControlItem>
          <ControlItem icon={<Ban className="h-4 w-4 text-red-500" />} onSelect={() => onBan(message.user)}>
            BAN USER
          </ControlItem>
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

import { CHAT_TEXT, type ChatMessage, type ChatUser, rankColor } from '@coinsite/shared/schemas/chat';
import { Ban, MicOff, MoreVertical, Trash2 } from 'lucide-react';
import { ContextMenu, DropdownMenu } from 'radix-ui';
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

function MessageBody({ message, controls }: { message: ChatMessage; controls?: ReactNode }) {
  const { user } = message;
  return (
    <div className="group flex gap-2.5 rounded-lg px-2 py-1.5 transition hover:bg-ink-800/70 focus-within:bg-ink-800/70">
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
          <time className="ml-auto shrink-0 text-[10px] text-ink-400" dateTime={message.created}>
            {messageTime(message.created)}
          </time>
          {controls}
        </div>
        <MessageContent content={message.content} />
      </div>
    </div>
  );
}

const ITEM_CLASS =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-xs font-bold tracking-wide text-ink-200 outline-none data-[highlighted]:bg-ink-700 data-[highlighted]:text-white';
const CONTENT_CLASS =
  'z-50 min-w-44 rounded-lg border border-ink-600 bg-ink-850 p-1 shadow-2xl shadow-black/60';
const LABEL_CLASS = 'px-2.5 py-1.5 text-[10px] font-bold tracking-widest text-ink-400';

/**
 * The CONTROLS menu's items, for the right-click menu and for the keyboard's menu button alike
 * (Radix menus: arrow keys move, Enter selects, Escape closes and gives focus back).
 */
function ControlItems({
  Menu,
  message,
  onBan,
}: {
  Menu: typeof ContextMenu | typeof DropdownMenu;
  message: ChatMessage;
  onBan: (user: ChatUser) => void;
}) {
  return (
    <>
      <Menu.Label className={LABEL_CLASS}>CONTROLS</Menu.Label>
      <Menu.Item className={ITEM_CLASS} onSelect={() => sendChat(`.remove-message ${message.msgId}`)}>
        <Trash2 className="h-4 w-4 text-red-400" aria-hidden="true" />
        DELETE MESSAGE
      </Menu.Item>
      <Menu.Item className={ITEM_CLASS} onSelect={() => sendChat(`.mute-user ${message.user.id}`)}>
        <MicOff className="h-4 w-4 text-amber-400" aria-hidden="true" />
        MUTE USER
      </Menu.Item>
      <Menu.Item className={ITEM_CLASS} onSelect={() => onBan(message.user)}>
        <Ban className="h-4 w-4 text-red-500" aria-hidden="true" />
        BAN USER
      </Menu.Item>
    </>
  );
}

interface ChatMessageRowProps {
  message: ChatMessage;
  /** The viewer may moderate: a right-click opens the CONTROLS menu (spec-2 §2). */
  moderator: boolean;
  /** BAN USER asks for a confirmation first. */
  onBan: (user: ChatUser) => void;
}

/**
 * One chat line. Moderators' right-click sends the same commands they could type; the same menu
 * opens from a focusable button on the line (shown on hover and on keyboard focus), so it is
 * reachable without a mouse.
 */
export function ChatMessageRow({ message, moderator, onBan }: ChatMessageRowProps) {
  if (!moderator)
    return (
      <li data-testid="chat-message" data-msg-id={message.msgId}>
        <MessageBody message={message} />
      </li>
    );
  const button = (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Moderate ${message.user.username}'s message`}
        data-testid="chat-controls"
        className="shrink-0 self-center rounded p-0.5 text-ink-400 opacity-0 outline-none transition group-hover:opacity-100 hover:text-white focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-accent-400 data-[state=open]:opacity-100"
      >
        <MoreVertical className="h-4 w-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" className={CONTENT_CLASS}>
          <ControlItems Menu={DropdownMenu} message={message} onBan={onBan} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
  return (
    <ContextMenu.Root>
      <ContextMenu.Trigger asChild>
        <li data-testid="chat-message" data-msg-id={message.msgId}>
          <MessageBody message={message} controls={button} />
        </li>
      </ContextMenu.Trigger>
      <ContextMenu.Portal>
        <ContextMenu.Content className={CONTENT_CLASS}>
          <ControlItems Menu={ContextMenu} message={message} onBan={onBan} />
        </ContextMenu.Content>
      </ContextMenu.Portal>
    </ContextMenu.Root>
  );
}

import { ACCOUNT_EVENTS, CHAT_EVENTS, CHAT_TEXT, sendChatMessagePayload } from '@coinsite/shared';
import type { Ctx } from '../platform/context.ts';
import { AppError } from '../platform/errors.ts';
import { handleChatLine } from './chat.service.ts';

/** The /chat namespace: `send-chat-message` (messages and commands); refusals as notify-error. */
export function chatSocket(ctx: Ctx): void {
  ctx.realtime.handle(
    'chat',
    CHAT_EVENTS.send,
    sendChatMessagePayload,
    ACCOUNT_EVENTS.notifyError,
    async (socket, [content]) => {
      const user = socket.data.user;
      if (!user) throw new AppError('unauthorized', CHAT_TEXT.chatRequiresLogin, 401);
      const reply = await handleChatLine(ctx, user.id, content);
      if (reply) socket.emit(ACCOUNT_EVENTS.notifySuccess, reply);
    },
    // guests get the chat's own sentence rather than the games' "Please log in to play!"
    { auth: false },
  );
}

import { useChatEvents } from './use-chat-events.ts';

/** The chat's site-wide listeners as a component, so the session can load them lazily. */
export function ChatEvents() {
  useChatEvents();
  return null;
}

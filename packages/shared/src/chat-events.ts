/**
 * The live chat's event names (namespace /chat): spec-2 §2–§9, PROTOCOL.md §5–6. Apart from the
 * schemas (schemas/chat.ts re-exports them) so a client can name them without loading zod.
 */
export const CHAT_EVENTS = {
  // client → server
  send: 'send-chat-message',
  enterRain: 'enter-rain',
  /** ours (giveaways are not shown in the spec) */
  joinGiveaway: 'join-giveaway',
  // server → client
  newMessage: 'new-chat-message',
  removeMessage: 'remove-message',
  usersOnline: 'users-online',
  rainStateChanged: 'rain-state-changed',
  rainUpdateAmount: 'rain-update-amount',
  rainJoinSuccess: 'rain-join-success',
  rainJoinError: 'rain-join-error',
  triviaStateChanged: 'trivia-state-changed',
  triviaJoinWinner: 'trivia-join-winner',
  countdownStartedTrivia: 'countdown-started-trivia',
  giveawayStateChanged: 'giveaway-state-changed',
  /** ours, in the style of the rain events */
  giveawayJoinSuccess: 'giveaway-join-success',
  giveawayJoinError: 'giveaway-join-error',
  /** an info toast with a sound (announcements, a received tip) */
  notification: 'notification',
} as const;

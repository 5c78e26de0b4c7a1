import { z } from 'zod';
import { MODERATOR_RANK } from '../constants.ts';
import { COINS_PER_DOLLAR, type Cents, coinsToCents, formatCents } from '../money.ts';
import { MONEY_STRING, text, wireId } from './common.ts';
import type { PlayerLevel } from './crash.ts';

/**
 * The live chat (namespace /chat): spec-2 §2–§9, PROTOCOL.md §5–6, economy.md "Chat".
 * Every event argument is positional; no acknowledgement callbacks.
 */
export { CHAT_EVENTS } from '../chat-events.ts';

// ---- limits (economy.md "Chat"; operator settings may override the server-side ones) -----------

/** Messages GET /chat/history returns and the client keeps. */
export const CHAT_HISTORY_SIZE = 30;
export const CHAT_SKELETON_ROWS = 15;
export const CHAT_MAX_LENGTH = 200;
/** Default slow mode: one message per user per this many ms (operator setting chat.slowModeMs). */
export const CHAT_SLOW_MODE_MS = 1500;
/** The same text from the same user within this window is refused as spam. */
export const CHAT_DUPLICATE_WINDOW_MS = 30_000;
export const CHAT_MIN_LEVEL = 2;
export const TIP_MIN_LEVEL = 15;
export const TIP_RAIN_MIN_LEVEL = 10;
export const TIP_MIN_CENTS = 100;
export const TIP_MAX_CENTS = 10_000;
/** `.mute-user {userId}` without minutes mutes this long. */
export const MUTE_DEFAULT_MINUTES = 10;
/** A mute is at most 30 days. */
export const MUTE_MAX_MINUTES = 30 * 24 * 60;
/** The online count shown is the server's plus this. */
export const ONLINE_DISPLAY_OFFSET = 10;
/** Browser storage key remembering the rules dialog was agreed to. */
export const CHAT_RULES_STORAGE_KEY = 'chat-rules-agreed';
/** Trivia countdown default (spec-2 §9). */
export const TRIVIA_DEFAULT_MS = 60_000;
/** Rain cadence and join window (economy.md "Rain"; operator settings on the server). */
export const RAIN_EVERY_MS = 30 * 60_000;
export const RAIN_JOIN_WINDOW_MS = 2 * 60_000;
export { MODERATOR_RANK };

/** Username colour by rank (spec-2 §6): 5 red, 4 blue, 3 amber, others white. */
export function rankColor(rank: number): string {
  if (rank >= 5) return '#EF4444';
  if (rank === 4) return '#3B82F6';
  if (rank === 3) return '#F59E0B';
  return '#FFFFFF';
}

/** `/battles/{hex id}` inside a message is shown as a 'Case Battle' link (spec-2 §2). */
export const BATTLE_LINK_RE = /\/battles\/([0-9a-fA-F]+)\b/g;

// ---- texts ------------------------------------------------------------------------------------

/** Chat texts. The spec shows none of the server's refusals; these are ours, one per rule. */
export const CHAT_TEXT = {
  signIn: 'Sign in or Sign up to chat',
  chatRequiresLogin: 'Please sign in to chat.',
  empty: 'Please enter a message.',
  tooLong: `Your message can be at most ${CHAT_MAX_LENGTH} characters long.`,
  printable: 'The message may only contain printable characters.',
  duplicate: 'Please do not send the same message again.',
  unknownCommand: 'Unknown command. Available commands: /tip {userId} {amount}, /tip-rain {amount}.',
  notModerator: 'You do not have permission to use this command.',
  tipUsage: 'Usage: /tip {userId} {amount}',
  tipRainUsage: 'Usage: /tip-rain {amount}',
  removeUsage: 'Usage: .remove-message {msgId}',
  muteUsage: 'Usage: .mute-user {userId} [minutes]',
  banUsage: 'Usage: .ban-user {userId}',
  tipSelf: 'You cannot tip yourself.',
  tipUnavailable: 'This player cannot receive tips right now.',
  userNotFound: 'User not found.',
  messageNotFound: 'Message not found.',
  cannotModerate: 'You cannot moderate this user.',
  rainUnavailable: 'Rain is not available right now.',
  messageRemoved: 'Message removed.',
  rulesTitle: 'Chat Rules',
  commandsTitle: 'Chat Commands',
  tipRainNote: 'Your amount will be added to the current pot.',
  caseBattleLink: 'Case Battle',
} as const;

/** The chat rules of spec-2 §5, one per line of the rules dialog. */
export const CHAT_RULES = [
  'No spam or excessive capitals.',
  'No harassment of users or staff.',
  'No sharing personal information or socials.',
  'No alt accounts.',
  'No suspicious or scam behaviour.',
  'No advertising, trading, selling or buying.',
  "Use only the channel's language.",
  'Do not ask for items, trivia or giveaways.',
] as const;

/** The Chat Commands dialog (spec-2 §2). */
export const CHAT_COMMANDS_HELP = [
  { command: '/tip userid amount', description: 'Send coins to another player.' },
  { command: '/tip-rain amount', description: 'Add coins to the current rain pot.' },
] as const;

export const chatText = {
  levelRequired: (level: number) => `You need to reach level ${level} to chat.`,
  tipLevelRequired: (level: number) => `You need to reach level ${level} to tip.`,
  tipRainLevelRequired: (level: number) => `You need to reach level ${level} to tip the rain.`,
  slowMode: (ms: number) => `Slow mode is on: please wait ${Math.ceil(ms / 100) / 10} seconds.`,
  muted: (minutesLeft: number) =>
    `You are muted for ${minutesLeft} more minute${minutesLeft === 1 ? '' : 's'}.`,
  tipRange: (minCents: Cents, maxCents: Cents) =>
    `Tips must be between ${formatCents(minCents)} and ${formatCents(maxCents)}.`,
  tipSent: (username: string, cents: Cents) => `You tipped ${username} ${formatCents(cents)} coins!`,
  tipReceived: (username: string, cents: Cents) => `${username} tipped you ${formatCents(cents)} coins!`,
  muteDone: (username: string, minutes: number) =>
    `${username} is muted for ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  banDone: (username: string) => `${username} has been banned.`,
};

/** A half of a UTF-16 surrogate pair on its own: not a character, and refused by PostgreSQL's jsonb. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

// ---- client → server payloads -----------------------------------------------------------------

/** send-chat-message `content`: one line, trimmed, 1–200 characters. */
export const chatContent = text('message', CHAT_TEXT.empty)
  .min(1, CHAT_TEXT.empty)
  .max(CHAT_MAX_LENGTH, CHAT_TEXT.tooLong)
  .refine(wellFormed, CHAT_TEXT.printable);
export const sendChatMessagePayload = z.tuple([chatContent]);
/** enter-rain `recaptchaResponse` (may be absent when no captcha is configured). */
export const enterRainPayload = z.tuple([
  z.string({ error: 'Invalid captcha.' }).max(4096, 'Invalid captcha.').optional(),
]);
/** join-giveaway `giveawayId` */
export const joinGiveawayPayload = z.tuple([wireId('Invalid giveaway.')]);

/** POST /api/external/v1/chat/announce (A): an info toast to everyone. */
export const announcementBody = z.object({
  text: text('announcement')
    .min(1, 'Please enter the announcement.')
    .max(500, 'The announcement is too long.')
    .refine(wellFormed, 'The announcement may only contain printable characters.'),
});
export type AnnouncementBody = z.infer<typeof announcementBody>;

// ---- server → client shapes (PROTOCOL.md §6) --------------------------------------------------

export const playerLevelSchema: z.ZodType<PlayerLevel> = z.object({
  name: z.string(),
  levelName: z.string(),
  levelColor: z.string(),
});

/** Msg: content is plain text; clients render it as text, never as HTML. */
export const chatMessageSchema = z.object({
  msgId: z.string(),
  content: z.string(),
  /** ISO date */
  created: z.string(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    avatar: z.string(),
    rank: z.number(),
    level: playerLevelSchema,
  }),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;
export type ChatUser = ChatMessage['user'];

/** RainState: always an object, `active: false` and zeros when no rain runs. Times are ms. */
export const rainStateSchema = z.object({
  active: z.boolean(),
  joinable: z.boolean(),
  /** the pot, coins */
  prize: z.number(),
  /** until the rain pays out */
  timeLeft: z.number(),
  /** until the join window closes (0 when not joinable) */
  timeLeftToJoin: z.number(),
  /** user ids that joined */
  players: z.array(z.string()),
  /** ISO date of the last paid rain, or null */
  lastRain: z.string().nullable(),
});
export type RainState = z.infer<typeof rainStateSchema>;

export const EMPTY_RAIN: RainState = {
  active: false,
  joinable: false,
  prize: 0,
  timeLeft: 0,
  timeLeftToJoin: 0,
  players: [],
  lastRain: null,
};

/** Trivia (null when none): the answer never leaves the server. */
export const triviaStateSchema = z.object({
  _id: z.string(),
  active: z.boolean(),
  question: z.string(),
  /** per winner, coins */
  prize: z.number(),
  winnerAmount: z.number(),
  /** user ids of the winners so far */
  winners: z.array(z.string()),
});
export type TriviaState = z.infer<typeof triviaStateSchema>;

/**
 * Giveaway (ours; PROTOCOL.md §5 names `{active, prize, timeLeft, players}`): provably fair — the
 * server seed's hash is published at start, the seed at the draw, and `publicSeed` is fixed after
 * entries close; the winning entry is derived from both.
 */
export const giveawayStateSchema = z.object({
  _id: z.string(),
  active: z.boolean(),
  /** coins */
  prize: z.number(),
  /** ms until entries close */
  timeLeft: z.number(),
  /** user ids that entered, in join order (the draw's positions) */
  players: z.array(z.string()),
  /** the entry rule: wagered in the last 7 days, coins (0 = anyone signed in) */
  minWager: z.number(),
  /** SHA-256 (hex) of serverSeed, published at start */
  serverSeedHash: z.string(),
  /** revealed at the draw */
  serverSeed: z.string().nullable(),
  /**
   * The public value, fixed after entries close: the id of EOS block `blockNumber` ('eos'), or when
   * the beacon stayed away the SHA-256 (hex) of the entry list ('entries'; docs/decisions/chat.md
   * "Giveaways")
   */
  publicSeed: z.string().nullable(),
  publicSource: z.enum(['eos', 'entries']).nullable().optional(),
  /** the EOS block fixed when entries closed (head + 3); null before */
  blockNumber: z.number().nullable().optional(),
  /** 0-based position in `players` of the winning entry */
  winnerIndex: z.number().nullable(),
  winner: z.object({ id: z.string(), username: z.string(), avatar: z.string() }).nullable(),
});
export type GiveawayState = z.infer<typeof giveawayStateSchema>;

/** GET /api/chat/tip-limits: what a tip and a rain tip may be, in coins (the operator's settings). */
export const tipLimitsSchema = z.object({
  tip: z.object({ min: z.number(), max: z.number() }),
  tipRain: z.object({ min: z.number(), max: z.number() }),
});
export type TipLimits = z.infer<typeof tipLimitsSchema>;

/**
 * The amount label of the tip and tip-rain dialogs: amounts are coins, so the range is in coins with
 * its dollar value beside (2 coins = 1 dollar; issue 28 item 4), e.g. "Amount: 1.00 – 100.00 coins
 * ($0.50 – $50.00)". Without limits (not loaded yet) just "Amount (coins)".
 */
export function tipAmountLabel(range?: { min: number; max: number } | null): string {
  if (!range) return 'Amount (coins)';
  const coins = (v: number) => formatCents(coinsToCents(v));
  const usd = (v: number) => `$${formatCents(Math.floor(coinsToCents(v) / COINS_PER_DOLLAR))}`;
  return `Amount: ${coins(range.min)} – ${coins(range.max)} coins (${usd(range.min)} – ${usd(range.max)})`;
}

/** GET /api/chat/history */
export const chatHistorySchema = z.object({
  /** ≤ 30, oldest first */
  messages: z.array(chatMessageSchema),
  rain: rainStateSchema,
  trivia: triviaStateSchema.nullable(),
  giveaway: giveawayStateSchema.nullable(),
  /** ms left of the trivia countdown (0 when none) */
  triviaTime: z.number(),
  triviaCountdownStarted: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistorySchema>;

// ---- commands (pure) --------------------------------------------------------------------------

export type ChatCommand =
  | { kind: 'message' }
  | { kind: 'tip'; userId: string; cents: Cents }
  | { kind: 'tip-rain'; cents: Cents }
  | { kind: 'remove-message'; msgId: string }
  | { kind: 'mute-user'; userId: string; minutes: number }
  | { kind: 'ban-user'; userId: string }
  | { kind: 'invalid'; error: string; moderator: boolean };

const ID = /^[0-9]{1,18}$/;
const MINUTES = /^[0-9]{1,6}$/;

/** Whether a parsed command is one only moderators (rank ≥ 5) may use. */
export function isModeratorCommand(cmd: ChatCommand): boolean {
  return (
    cmd.kind === 'remove-message' ||
    cmd.kind === 'mute-user' ||
    cmd.kind === 'ban-user' ||
    (cmd.kind === 'invalid' && cmd.moderator)
  );
}

function amountCents(s: string | undefined): Cents | null {
  if (s === undefined || !MONEY_STRING.test(s)) return null;
  return coinsToCents(Number(s));
}

/**
 * Reads a chat line (already trimmed). `/tip`, `/tip-rain`, `.remove-message`, `.mute-user` and
 * `.ban-user` followed by a space or the end are commands; any other `/word` is an unknown command
 * (answered, never posted: issue 28 item 3); anything else, `/battles/ab12`, `.lol` and "..."
 * included, is a message. Amounts are range-checked by the server, not here.
 */
export function parseChatCommand(content: string): ChatCommand {
  const m = /^([/.])([A-Za-z][A-Za-z0-9_-]*)(?:\s+(.*))?$/s.exec(content);
  if (!m) return { kind: 'message' };
  const [, prefix, name, rest = ''] = m;
  const args = rest.trim() === '' ? [] : rest.trim().split(/\s+/);
  if (prefix === '/') {
    if (name === 'tip') {
      const cents = amountCents(args[1]);
      if (args.length !== 2 || !ID.test(args[0] ?? '') || cents === null)
        return { kind: 'invalid', error: CHAT_TEXT.tipUsage, moderator: false };
      return { kind: 'tip', userId: String(BigInt(args[0] as string)), cents };
    }
    if (name === 'tip-rain') {
      const cents = amountCents(args[0]);
      if (args.length !== 1 || cents === null)
        return { kind: 'invalid', error: CHAT_TEXT.tipRainUsage, moderator: false };
      return { kind: 'tip-rain', cents };
    }
    return { kind: 'invalid', error: CHAT_TEXT.unknownCommand, moderator: false };
  }
  if (name === 'remove-message') {
    if (args.length !== 1 || !ID.test(args[0] ?? ''))
      return { kind: 'invalid', error: CHAT_TEXT.removeUsage, moderator: true };
    return { kind: 'remove-message', msgId: String(BigInt(args[0] as string)) };
  }
  if (name === 'mute-user') {
    const minutes =
      args[1] === undefined ? MUTE_DEFAULT_MINUTES : MINUTES.test(args[1]) ? Number(args[1]) : 0;
    if (
      args.length < 1 ||
      args.length > 2 ||
      !ID.test(args[0] ?? '') ||
      minutes < 1 ||
      minutes > MUTE_MAX_MINUTES
    )
      return { kind: 'invalid', error: CHAT_TEXT.muteUsage, moderator: true };
    return { kind: 'mute-user', userId: String(BigInt(args[0] as string)), minutes };
  }
  if (name === 'ban-user') {
    if (args.length !== 1 || !ID.test(args[0] ?? ''))
      return { kind: 'invalid', error: CHAT_TEXT.banUsage, moderator: true };
    return { kind: 'ban-user', userId: String(BigInt(args[0] as string)) };
  }
  return { kind: 'message' };
}

/** Whether a user of `rank` may moderate (spec-2 §6). */
export function canModerate(rank: number): boolean {
  return rank >= MODERATOR_RANK;
}

import { z } from 'zod';
import { coinAmount, INTEGER_STRING, text, wireNumber } from './common.ts';

/** spec-3 §9: the catalogue's provider, language and page size. */
export const SLOT_PROVIDER = 'PRAGMATIC';
export const SLOT_LANG = 'en';
export const SLOT_PAGE_SIZE = 30;
/** spec-3 §2.13: the list's loader runs for 1 second. */
export const SLOT_LOADER_MS = 1000;

/** A provider game code (letters, digits, underscore; "vs20doghouse"). */
export const slotGameCode = z
  .string({ error: 'Invalid game code.' })
  .regex(/^[A-Za-z0-9_]{1,64}$/, 'Invalid game code.');

/** GET /api/slots?search=&offset=&limit= */
export const slotListQuery = z.object({
  search: text('search').max(64, 'Search is too long.').optional(),
  offset: wireNumber(z.number().int().min(0).max(100_000), INTEGER_STRING).optional(),
  limit: wireNumber(z.number().int().min(1).max(100), INTEGER_STRING).optional(),
  /** 'favourites' or 'recent': only the signed-in player's own */
  only: z.enum(['favourites', 'recent'], { error: 'Unknown list.' }).optional(),
});

/** One game as the list and play screens see it (spec-3 §3 "Slot game"). */
export interface SlotGameView {
  id: number;
  game_code: string;
  game_name: string;
  banner: string;
  provider: string;
  providerCode: string;
  lang: string;
  sort: number;
  status: number;
  favourite: boolean;
}

export interface SlotListView {
  games: SlotGameView[];
  total: number;
}

/** POST /api/slots/:code/favourite {favourite} */
export const slotFavouriteBody = z.object({
  favourite: z.boolean({ error: 'Please say whether to add or remove the favourite.' }),
});

/** POST /api/mm2/launch-game (spec-3 §7); user_code and user_balance are accepted and ignored. */
export const launchGameBody = z.object({
  provider_code: z.literal(SLOT_PROVIDER, { error: 'Unknown provider.' }).optional(),
  game_type: z.literal('slot', { error: 'Unknown game type.' }).optional(),
  game_code: slotGameCode,
  user_code: z.unknown().optional(),
  user_balance: z.unknown().optional(),
});

export interface LaunchGameView {
  launch_url: string;
  /** true when the URL opens the built-in sandbox slot instead of the provider's game */
  sandbox: boolean;
  /** a launch without a session (the original client's bare request): play money, no account */
  demo?: boolean;
}

/** POST /api/external/v1/slots/:code {status?, sort?} (admin). */
export const adminSlotBody = z
  .object({
    status: z.union([z.literal(0), z.literal(1)], { error: 'Status must be 0 or 1.' }).optional(),
    sort: wireNumber(z.number().int().min(-1_000_000).max(1_000_000), INTEGER_STRING).optional(),
  })
  .refine((b) => b.status !== undefined || b.sort !== undefined, 'Nothing to change.');

/** POST /sandbox/slots/spin {session, amount}: the sandbox game's own front end (not the provider protocol). */
export const sandboxSpinBody = z.object({
  session: z.string().regex(/^[a-f0-9]{48}$/, 'Invalid session.'),
  amount: coinAmount,
});

/** POST /api/slots/sandbox/demo-spin {game, amount}: a demo spin, play money (issue 27). */
export const sandboxDemoSpinBody = z.object({ game: slotGameCode, amount: coinAmount });

export interface SandboxSpinView {
  roundId: string;
  stops: number[];
  window: string[][];
  wins: Array<{ line: number; symbol: string; count: number; pays: number }>;
  stake: number;
  payout: number;
  multiplier: number;
  balance: number;
  /** the seed pair the spin came from (provably fair) */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

import { z } from 'zod';
import { type Cents, formatCents } from '../money.ts';
import { coinAmount, INTEGER_STRING, playOptions, text, wireNumber } from './common.ts';

/** Rarity colours of items (spec-3 §3), by name. */
export const RARITY_COLORS = {
  grey: '#91A0B1',
  blue: '#4159CF',
  purple: '#703ECF',
  red: '#BF4141',
  gold: '#B69768',
} as const;
export const RARITIES = ['grey', 'blue', 'purple', 'red', 'gold'] as const;
export type Rarity = (typeof RARITIES)[number];

export const CASE_EVENTS = {
  open: 'cases:open',
  free: 'cases:free',
  opened: 'cases:opened',
  error: 'cases:error',
  success: 'cases:success',
} as const;

/** The case page's reel runs 5.75 s: the win's update-wallet and cases:success wait for it. */
export const CASE_OPEN_ANIMATION_MS = 5750;
/** The daily case's reel runs about 6–7 s (spec-1 §9); its update-wallet waits 7 s. */
export const DAILY_CASE_ANIMATION_MS = 7000;
/**
 * The case page's reel in instant mode (cases:open with `{instant: true}`): long enough to read as a
 * stop, not a spin. The win's update-wallet and cases:success wait this long instead.
 */
export const CASE_INSTANT_ANIMATION_MS = 300;
export const DAILY_CASE_COOLDOWN_MS = 24 * 60 * 60 * 1000;
export const DAILY_CASE_SLUG = 'daily';

/** Reels (spec-3 §4, §9 and spec-1 §4, §9). Indexes are 0-based positions in the strip. */
export const CASE_REEL = {
  /** Live open: 21 items drawn from the case, then the strip continues to the winner at 25. */
  liveItems: 21,
  liveWinnerIndex: 25,
  /** Demo spin: a 70-item strip drawn locally. */
  demoItems: 70,
  demoWinnerIndex: 60,
  /** Daily case: 60 items per spin with the winner at 15; 15 items while idle. */
  dailyItems: 60,
  dailyWinnerIndex: 15,
  dailyIdleItems: 15,
  /** Case count selector of the case page (display only). */
  maxCount: 4,
} as const;

export const caseSlug = z
  .string({ error: 'Please choose a case.' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9-]{0,47}$/, 'Unknown case.');

/**
 * cases:open — the slug, or the case object the original client sends; then, from our client, the
 * optional play options (`{instant: true}`: the reel is skipped, the win is announced at once).
 */
export const casesOpenPayload = z.tuple([
  z.union([caseSlug, z.object({ slug: caseSlug }).transform((c) => c.slug)], { error: 'Unknown case.' }),
  playOptions,
]);

/** cases:free — only the daily case is free. */
export const casesFreePayload = z.tuple([
  z.literal(DAILY_CASE_SLUG, { error: 'This case cannot be opened for free.' }),
]);

export const caseSlugBody = z.object({ slug: caseSlug });
export const caseSlugParams = z.object({ slug: caseSlug });

const ticket = wireNumber(
  z.number({ error: 'Tickets must be numbers.' }).int('Tickets must be whole numbers.'),
  INTEGER_STRING,
);

/** Admin: create or replace a case and its loot table (ranges must tile 1..100000). */
export const caseSaveBody = z.object({
  slug: caseSlug,
  name: text('name', 'Please enter a name.').min(1, 'Please enter a name.').max(60, 'The name is too long.'),
  price: coinAmount,
  image: text('image').max(300).optional(),
  kind: z.enum(['paid', 'daily', 'level'], { error: 'Unknown case kind.' }).default('paid'),
  active: z.boolean().default(true),
  items: z
    .array(
      z.object({
        name: text('item name', 'Every item needs a name.')
          .min(1, 'Every item needs a name.')
          .max(60, 'An item name is too long.'),
        price: coinAmount.refine((v) => v >= 0.01, 'Every item must be worth at least 0.01.'),
        color: z.enum(RARITIES, { error: 'Unknown item colour.' }),
        image: text('item image').max(300).optional(),
        ticketsStart: ticket,
        ticketsEnd: ticket,
      }),
      { error: 'Please add the items.' },
    )
    .min(1, 'A case needs at least one item.')
    .max(100, 'A case has at most 100 items.'),
});
export type CaseSaveBody = z.infer<typeof caseSaveBody>;

/** An item of a case (PROTOCOL.md §6); price in coins. */
export interface CaseItemView {
  id: string;
  name: string;
  price: number;
  color: Rarity;
  image: string;
  ticketsStart: number;
  ticketsEnd: number;
}

export interface CaseView {
  id: string;
  slug: string;
  name: string;
  image: string;
  price: number;
  items: CaseItemView[];
}

/** The list's tile: a case without its loot table. */
export type CaseSummaryView = Omit<CaseView, 'items'>;

/** cases:opened — the case and the item won (with its ticket and the bet to verify it by). */
export interface CaseOpenedEvent {
  case: CaseView;
  caseResult: CaseItemView & { ticket: number };
  betId: string | null;
  nonce: number;
  serverSeedHash: string;
  clientSeed: string;
}

/** The rewards page's case grid: the daily case and the locked level cases. */
export interface RewardCaseView extends CaseSummaryView {
  kind: 'daily' | 'level';
  level: number | null;
}

/**
 * The toast of a finished case opening (cases:success): what the item is worth against what the
 * case cost (issue 28 item 9: a 0.10 item from a 2.50 case is not "won"). A free case (no price
 * paid) says what it is worth.
 */
export function caseResultText(itemName: string, itemCents: Cents, paidCents: Cents): string {
  const worth = formatCents(itemCents);
  if (paidCents <= 0) return `You won ${itemName} worth ${worth}!`;
  const diff = formatCents(Math.abs(itemCents - paidCents));
  const price = formatCents(paidCents);
  if (itemCents >= paidCents) return `You won ${itemName} worth ${worth} from a ${price} case (+${diff})!`;
  return `You got ${itemName} worth ${worth} from a ${price} case (−${diff}).`;
}

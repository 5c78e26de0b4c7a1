import { coinsToCents, type Rarity } from '@coinsite/shared';
import { caseImagePath, distinctVariants, type Glyph, itemImagePath } from './case-art.ts';
import { allocateTickets, rarityFor, toRanges } from './case-tables.ts';

/**
 * The starting catalogue, seeded when the cases table is empty (operators edit it later through
 * PUT /api/external/v1/cases/save). Prices in coins; tickets are allocated so that every paid case
 * returns PAID_CASE_RTP of its price, the free cases a small expected value.
 */
export const PAID_CASE_RTP = 0.92;

type Row = readonly [name: string, coins: number, glyph: Glyph];
interface CaseDef {
  slug: string;
  name: string;
  price: number;
  theme: readonly [string, string];
  glyph: Glyph;
  items: readonly Row[];
  kind?: 'paid' | 'daily' | 'level';
  /** Free cases: the expected value to aim at, in coins. */
  target?: number;
}

const PAID: CaseDef[] = [
  {
    slug: 'penny-pusher',
    name: 'Penny Pusher',
    price: 0.25,
    theme: ['#91A0B1', '#3b4252'],
    glyph: 'coin',
    items: [
      ['Bottle Cap', 0.02, 'coin'],
      ['Copper Chip', 0.06, 'coin'],
      ['Brass Token', 0.15, 'coin'],
      ['Lucky Penny', 0.35, 'coin'],
      ['Silver Bar', 0.9, 'gem'],
      ['Gold Nugget', 3, 'gem'],
      ['Piggy Bank Crown', 12, 'crown'],
    ],
  },
  {
    slug: 'pocket-change',
    name: 'Pocket Change',
    price: 0.5,
    theme: ['#6b7b8f', '#2b3340'],
    glyph: 'key',
    items: [
      ['Paper Clip', 0.05, 'key'],
      ['Bent Key', 0.15, 'key'],
      ['Silver Dime', 0.3, 'coin'],
      ['Four-Leaf Clover', 0.6, 'star'],
      ['Pocket Watch', 1.5, 'watch'],
      ['Emerald Chip', 4, 'gem'],
      ['Golden Crown', 25, 'crown'],
    ],
  },
  {
    slug: 'starter-crate',
    name: 'Starter Crate',
    price: 1,
    theme: ['#4159CF', '#1d2a6b'],
    glyph: 'star',
    items: [
      ['Paper Shuriken', 0.1, 'star'],
      ['Wooden Dagger', 0.25, 'knife'],
      ['Rubber Boots', 0.5, 'shoe'],
      ['Iron Key', 0.9, 'key'],
      ['Steel Dagger', 2, 'knife'],
      ['Emerald', 6, 'gem'],
      ['Phoenix Feather', 50, 'bolt'],
    ],
  },
  {
    slug: 'neon-nights',
    name: 'Neon Nights',
    price: 2.5,
    theme: ['#d946ef', '#4c1d95'],
    glyph: 'bolt',
    items: [
      ['Glow Stick', 0.3, 'bolt'],
      ['Neon Dice', 0.8, 'dice'],
      ['Synth Gloves', 1.8, 'glove'],
      ['Laser Pistol', 3.5, 'pistol'],
      ['Holo Visor', 8, 'helmet'],
      ['Neon Katana', 25, 'sword'],
      ['Cyber Crown', 120, 'crown'],
    ],
  },
  {
    slug: 'toxic-waste',
    name: 'Toxic Waste',
    price: 3,
    theme: ['#84cc16', '#1a2e05'],
    glyph: 'skull',
    items: [
      ['Rusty Can', 0.25, 'potion'],
      ['Gas Mask', 1, 'helmet'],
      ['Acid Vial', 2, 'potion'],
      ['Hazmat Gloves', 3.5, 'glove'],
      ['Radium Rifle', 9, 'rifle'],
      ['Mutant Skull', 30, 'skull'],
      ['Plutonium Core', 150, 'gem'],
    ],
  },
  {
    slug: 'frostbite',
    name: 'Frostbite',
    price: 5,
    theme: ['#7dd3fc', '#0c4a6e'],
    glyph: 'gem',
    items: [
      ['Icicle', 0.5, 'knife'],
      ['Snow Globe', 1.5, 'gem'],
      ['Frost Gloves', 3, 'glove'],
      ['Ice Pick', 6, 'knife'],
      ['Glacier Blade', 15, 'sword'],
      ['Frozen Heart', 60, 'heart'],
      ['Ice Queen Crown', 300, 'crown'],
    ],
  },
  {
    slug: 'lucky-sevens',
    name: 'Lucky Sevens',
    price: 7.77,
    theme: ['#facc15', '#7c2d12'],
    glyph: 'dice',
    items: [
      ['Loose Chip', 0.77, 'coin'],
      ['Red Dice', 2.22, 'dice'],
      ['Horseshoe Key', 4.44, 'key'],
      ['Jackpot Token', 7.77, 'coin'],
      ['Triple Seven', 17.77, 'star'],
      ['Golden Dice', 77.7, 'dice'],
      ['Casino Crown', 777, 'crown'],
    ],
  },
  {
    slug: 'inferno',
    name: 'Inferno',
    price: 10,
    theme: ['#f97316', '#7f1d1d'],
    glyph: 'bolt',
    items: [
      ['Ember', 1, 'bolt'],
      ['Charcoal Dice', 2.5, 'dice'],
      ['Fire Boots', 6, 'shoe'],
      ['Flame Pistol', 11, 'pistol'],
      ['Lava Blade', 30, 'sword'],
      ['Dragon Skull', 100, 'skull'],
      ['Phoenix Crown', 500, 'crown'],
    ],
  },
  {
    slug: 'jungle-run',
    name: 'Jungle Run',
    price: 12.5,
    theme: ['#22c55e', '#14532d'],
    glyph: 'knife',
    items: [
      ['Bamboo Dart', 1.2, 'knife'],
      ['Explorer Boots', 3.5, 'shoe'],
      ['Machete', 8, 'knife'],
      ['Jade Idol', 14, 'gem'],
      ['Hunter Rifle', 35, 'rifle'],
      ['Temple Skull', 110, 'skull'],
      ['Lost Emerald', 600, 'gem'],
    ],
  },
  {
    slug: 'desert-storm',
    name: 'Desert Storm',
    price: 15,
    theme: ['#d6a756', '#5c3d12'],
    glyph: 'rifle',
    items: [
      ['Sand Flask', 1.5, 'potion'],
      ['Scout Boots', 4, 'shoe'],
      ['Dune Dagger', 9, 'knife'],
      ['Sandstorm Pistol', 17, 'pistol'],
      ['Mirage Rifle', 40, 'rifle'],
      ['Pharaoh Mask', 140, 'skull'],
      ['Sun Crown', 750, 'crown'],
    ],
  },
  {
    slug: 'ocean-depths',
    name: 'Ocean Depths',
    price: 20,
    theme: ['#14b8a6', '#083344'],
    glyph: 'heart',
    items: [
      ['Sea Shell', 2, 'heart'],
      ['Diver Helmet', 5, 'helmet'],
      ['Coral Blade', 12, 'knife'],
      ['Pearl Necklace', 22, 'gem'],
      ['Harpoon Rifle', 55, 'rifle'],
      ['Kraken Heart', 180, 'heart'],
      ['Trident Crown', 1000, 'crown'],
    ],
  },
  {
    slug: 'samurai',
    name: 'Samurai',
    price: 25,
    theme: ['#ef4444', '#111827'],
    glyph: 'sword',
    items: [
      ['Paper Fan', 2.5, 'star'],
      ['Tabi Boots', 6, 'shoe'],
      ['Tanto', 15, 'knife'],
      ['Kabuto', 28, 'helmet'],
      ['Wakizashi', 70, 'sword'],
      ['Oni Mask', 220, 'skull'],
      ['Dragon Katana', 1250, 'sword'],
    ],
  },
  {
    slug: 'cyberpunk',
    name: 'Cyberpunk',
    price: 35,
    theme: ['#22d3ee', '#581c87'],
    glyph: 'pistol',
    items: [
      ['Data Chip', 3.5, 'key'],
      ['Smart Gloves', 9, 'glove'],
      ['Plasma Pistol', 20, 'pistol'],
      ['Neural Visor', 40, 'helmet'],
      ['Rail Rifle', 95, 'rifle'],
      ['Chrome Skull', 300, 'skull'],
      ['Mainframe Core', 1750, 'gem'],
    ],
  },
  {
    slug: 'royal-vault',
    name: 'Royal Vault',
    price: 50,
    theme: ['#B69768', '#3f2d12'],
    glyph: 'crown',
    items: [
      ['Silver Goblet', 5, 'potion'],
      ['Signet Ring', 12, 'coin'],
      ['Royal Dagger', 28, 'knife'],
      ['Gold Bullion', 55, 'gem'],
      ['Scepter Key', 140, 'key'],
      ['Queen Tiara', 450, 'crown'],
      ['King Crown', 2500, 'crown'],
    ],
  },
  {
    slug: 'midnight-heist',
    name: 'Midnight Heist',
    price: 65,
    theme: ['#6366f1', '#0f172a'],
    glyph: 'key',
    items: [
      ['Lock Pick', 6.5, 'key'],
      ['Night Gloves', 16, 'glove'],
      ['Silenced Pistol', 36, 'pistol'],
      ['Vault Key', 72, 'key'],
      ['Diamond Watch', 180, 'watch'],
      ['Black Diamond', 600, 'gem'],
      ['Heist Jackpot', 3200, 'coin'],
    ],
  },
  {
    slug: 'galaxy',
    name: 'Galaxy',
    price: 80,
    theme: ['#a78bfa', '#1e1b4b'],
    glyph: 'star',
    items: [
      ['Stardust Vial', 8, 'potion'],
      ['Comet Boots', 20, 'shoe'],
      ['Meteor Blade', 45, 'sword'],
      ['Nebula Gem', 90, 'gem'],
      ['Pulsar Rifle', 220, 'rifle'],
      ['Supernova Star', 720, 'star'],
      ['Cosmic Crown', 4000, 'crown'],
    ],
  },
  {
    slug: 'dragons-hoard',
    name: "Dragon's Hoard",
    price: 100,
    theme: ['#dc2626', '#B69768'],
    glyph: 'skull',
    items: [
      ['Dragon Scale', 10, 'gem'],
      ['Claw Dagger', 25, 'knife'],
      ['Wyrm Helm', 55, 'helmet'],
      ['Ruby Heart', 115, 'heart'],
      ['Dragonbone Sword', 280, 'sword'],
      ['Elder Skull', 900, 'skull'],
      ['Hoard Crown', 5000, 'crown'],
    ],
  },
  {
    slug: 'diamond-rush',
    name: 'Diamond Rush',
    price: 150,
    theme: ['#67e8f9', '#155e75'],
    glyph: 'gem',
    items: [
      ['Quartz', 15, 'gem'],
      ['Sapphire', 38, 'gem'],
      ['Diamond Knife', 85, 'knife'],
      ['Prism Watch', 170, 'watch'],
      ['Blue Diamond', 420, 'gem'],
      ['Pink Star', 1400, 'star'],
      ['Hope Diamond', 7500, 'gem'],
    ],
  },
  {
    slug: 'high-roller',
    name: 'High Roller',
    price: 250,
    theme: ['#fbbf24', '#0b0b0f'],
    glyph: 'dice',
    items: [
      ['House Chip', 25, 'coin'],
      ['Velvet Gloves', 62, 'glove'],
      ['Golden Dice', 140, 'dice'],
      ['Platinum Watch', 280, 'watch'],
      ['Gold Revolver', 700, 'pistol'],
      ['Diamond Skull', 2300, 'skull'],
      ['Whale Crown', 12500, 'crown'],
    ],
  },
  {
    slug: 'mount-olympus',
    name: 'Mount Olympus',
    price: 500,
    theme: ['#f8fafc', '#B69768'],
    glyph: 'bolt',
    items: [
      ['Laurel Leaf', 50, 'star'],
      ['Winged Sandals', 125, 'shoe'],
      ['Hermes Key', 280, 'key'],
      ['Athena Helm', 560, 'helmet'],
      ['Ares Sword', 1400, 'sword'],
      ['Zeus Bolt', 4600, 'bolt'],
      ['Olympian Crown', 25000, 'crown'],
    ],
  },
];

const FREE: CaseDef[] = [
  {
    slug: 'daily',
    name: 'Daily Case',
    price: 0,
    kind: 'daily',
    target: 0.1,
    theme: ['#22c55e', '#B69768'],
    glyph: 'star',
    items: [
      ['Penny', 0.01, 'coin'],
      ['Two Pennies', 0.02, 'coin'],
      ['Nickel', 0.05, 'coin'],
      ['Dime', 0.1, 'coin'],
      ['Quarter', 0.25, 'coin'],
      ['Half Dollar', 0.5, 'coin'],
      ['Silver Dollar', 1, 'gem'],
      ['Gold Dollar', 5, 'gem'],
      ['Daily Jackpot', 25, 'crown'],
    ],
  },
  ...[10, 20, 30, 40, 50].map(
    (level, k): CaseDef => ({
      slug: `level-${level}`,
      name: `Level ${level} Case`,
      price: 0,
      kind: 'level',
      target: 0.25 * 2 ** k,
      theme: ['#4159CF', '#703ECF'],
      glyph: 'crown',
      items: [
        ['Bronze Coin', 0.05 * 2 ** k, 'coin'],
        ['Silver Coin', 0.15 * 2 ** k, 'coin'],
        ['Gold Coin', 0.4 * 2 ** k, 'coin'],
        ['Ruby', 1.5 * 2 ** k, 'gem'],
        ['Level Crown', 10 * 2 ** k, 'crown'],
      ],
    }),
  ),
];

export interface SeedItem {
  name: string;
  price: number;
  color: Rarity;
  image: string;
  ticketsStart: number;
  ticketsEnd: number;
}
export interface SeedCase {
  slug: string;
  name: string;
  price: number;
  image: string;
  kind: 'paid' | 'daily' | 'level';
  items: SeedItem[];
}

/** The catalogue with tickets allocated and prices in cents, ready for saveCase. */
export function seedCatalogue(): SeedCase[] {
  return [...PAID, ...FREE].map((def) => {
    const price = coinsToCents(def.price);
    const prices = def.items.map(([, coins]) => coinsToCents(coins));
    const target = def.target === undefined ? price * PAID_CASE_RTP : coinsToCents(def.target);
    const ranges = toRanges(allocateTickets(prices, target));
    const reference = price > 0 ? price : target;
    const top = Math.max(...prices);
    const variants = distinctVariants(def.items.map(([name, , glyph]) => ({ name, glyph })));
    return {
      slug: def.slug,
      name: def.name,
      price,
      image: caseImagePath(def.theme[0], def.theme[1], def.glyph),
      kind: def.kind ?? 'paid',
      items: def.items.map(([name, , glyph], i) => {
        const itemPrice = prices[i] ?? 0;
        const color = rarityFor(itemPrice, reference, itemPrice === top);
        const range = ranges[i] ?? { ticketsStart: 0, ticketsEnd: 0 };
        const image = itemImagePath(color, glyph, variants[i]);
        return { name, price: itemPrice, color, image, ...range };
      }),
    };
  });
}

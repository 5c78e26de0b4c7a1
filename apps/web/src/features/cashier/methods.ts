import type { CryptoCurrency, SkinGame } from '@coinsite/shared/schemas/cashier';
import type { PaymentMarkId } from '../../ui/payment-marks.tsx';

/** Tile keys of spec-1 §2 ('gifts' is an alias of 'giftcard'; doge has a panel but no tile). */
export type FiatKey = 'card' | 'giftcard' | 'cashapp';
export type MethodKey = FiatKey | CryptoCurrency;

export function normaliseMethodKey(key: string): MethodKey | null {
  const k = key === 'gifts' ? 'giftcard' : key;
  return (ALL_KEYS as readonly string[]).includes(k) ? (k as MethodKey) : null;
}

const ALL_KEYS = ['card', 'giftcard', 'cashapp', 'btc', 'eth', 'ltc', 'doge', 'usdt', 'usdc', 'sol'] as const;

export interface TileLook {
  label: string;
  sub: string;
  /** our drawn mark (ui/payment-marks.tsx) */
  mark: PaymentMarkId;
  color: string;
}

export const FIAT_TILES: Array<{ key: FiatKey } & TileLook> = [
  { key: 'card', label: 'Card', sub: 'Visa · Mastercard', mark: 'card', color: '#1a1f71' },
  { key: 'giftcard', label: 'Gift Card', sub: 'Kinguin codes', mark: 'giftcard', color: '#8b5cf6' },
  { key: 'cashapp', label: 'Cash App', sub: 'Cash Balance', mark: 'cashapp', color: '#00d632' },
];

export const SKIN_TILES: Array<{ game: SkinGame } & TileLook> = [
  { game: 'csgo', label: 'CSGO', sub: 'Skins', mark: 'csgo', color: '#de9b35' },
  { game: 'rust', label: 'Rust', sub: 'Skins', mark: 'rust', color: '#cd412b' },
  { game: 'dota2', label: 'DOTA2', sub: 'Items', mark: 'dota2', color: '#a12b1f' },
];

export const CRYPTO_LOOK: Record<CryptoCurrency, TileLook> = {
  btc: { label: 'Bitcoin', sub: 'BTC', mark: 'btc', color: '#f7931a' },
  eth: { label: 'Ethereum', sub: 'ETH', mark: 'eth', color: '#627eea' },
  ltc: { label: 'Litecoin', sub: 'LTC', mark: 'ltc', color: '#345d9d' },
  doge: { label: 'Dogecoin', sub: 'DOGE', mark: 'doge', color: '#c2a633' },
  usdt: { label: 'USDT', sub: 'BSC-20', mark: 'usdt', color: '#26a17b' },
  usdc: { label: 'USDC', sub: 'ERC-20', mark: 'usdc', color: '#2775ca' },
  sol: { label: 'Solana', sub: 'SOL', mark: 'sol', color: '#9945ff' },
};

/** The crypto tiles, in the spec's order (no doge tile). */
export const CRYPTO_TILES: CryptoCurrency[] = ['btc', 'eth', 'ltc', 'usdt', 'usdc', 'sol'];

/** Timings of spec-1 §9. */
export const PANE_CLOSE_MS = 750;
export const CASHAPP_SLIDE_MS = 500;

import type { FieldKey, FieldValues } from '../provably-fair/verifier-games.ts';
import type { BetDetailsView } from '../profile/profile-api.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (o: Json, key: string): number | null => (typeof o[key] === 'number' ? (o[key] as number) : null);

/** The verifier's inputs for a bet: its seeds (only once revealed) and the game's own settings. */
export function verifyValues(bet: BetDetailsView): FieldValues {
  const v: FieldValues = {};
  const { seeds } = bet;
  if (seeds.serverSeed) v.serverSeed = seeds.serverSeed;
  if (seeds.clientSeed) v.clientSeed = seeds.clientSeed;
  if (seeds.nonce !== null) v.nonce = String(seeds.nonce);
  const o = isObject(bet.outcome) ? bet.outcome : {};
  const edge = num(o, 'edgePct');
  switch (bet.game) {
    case 'dice': {
      const target = num(o, 'target');
      if (target !== null) v.target = (target / 100).toFixed(2);
      if (edge !== null) v.edgePct = String(edge);
      break;
    }
    case 'limbo':
      if (edge !== null) v.edgePct = String(edge);
      break;
    case 'mines': {
      const count = num(o, 'minesCount');
      if (count !== null) v.mines = String(count);
      break;
    }
    case 'upgrader': {
      const price = isObject(o.item) ? num(o.item, 'price') : null;
      if (price !== null) {
        v.amount = bet.amount.toFixed(2);
        v.price = (price / 100).toFixed(2);
      }
      if (o.side === 'over' || o.side === 'under') v.side = o.side;
      break;
    }
  }
  return v;
}

/** /provably-fair opened on the bet's game with the verifier filled in. */
export function verifyHref(bet: BetDetailsView): string {
  const params = new URLSearchParams({ tab: bet.game });
  for (const [key, value] of Object.entries(verifyValues(bet))) if (value) params.set(key, value);
  return `/provably-fair?${params.toString()}`;
}

const PREFILL_KEYS: readonly FieldKey[] = [
  'serverSeed',
  'clientSeed',
  'nonce',
  'target',
  'edgePct',
  'mines',
  'amount',
  'price',
  'side',
];

/** The verifier values a /provably-fair address carries (from a bet's Verify link). */
export function prefillFrom(params: URLSearchParams): FieldValues {
  const v: FieldValues = {};
  for (const key of PREFILL_KEYS) {
    const value = params.get(key);
    if (value !== null) v[key] = value.slice(0, 200);
  }
  return v;
}

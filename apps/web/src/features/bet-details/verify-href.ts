import type { FieldKey, FieldValues } from '../provably-fair/verifier-games.ts';
import type { BetDetailsView } from '../profile/profile-api.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (o: Json, key: string): number | null => (typeof o[key] === 'number' ? (o[key] as number) : null);

/** Crash and roulette bets draw from their round's seeds (a chain), not the player's pair. */
export const isRoundGame = (game: string): boolean => game === 'crash' || game === 'roulette';

/** The verifier's inputs for a bet: its seeds (only once revealed) and the game's own settings. */
export function verifyValues(bet: BetDetailsView): FieldValues {
  const v: FieldValues = {};
  const { seeds } = bet;
  if (isRoundGame(bet.game)) {
    // a crash or roulette round: the round's private seed and the chain's salt
    if (seeds.serverSeed) v.privateSeed = seeds.serverSeed;
    if (seeds.publicSeed) v.publicSeed = seeds.publicSeed;
    return v;
  }
  if (seeds.serverSeed) v.serverSeed = seeds.serverSeed;
  if (bet.game === 'coinflip') {
    // a flip: its own server seed and the EOS block, no client seed
    if (seeds.blockId) v.blockId = seeds.blockId;
    return v;
  }
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
    case 'plinko': {
      const rows = num(o, 'rows');
      if (rows !== null) v.rows = String(rows);
      if (typeof o.risk === 'string') v.risk = o.risk;
      break;
    }
    case 'wheel': {
      const segments = num(o, 'segments');
      if (segments !== null) v.segments = String(segments);
      if (typeof o.risk === 'string') v.risk = o.risk;
      break;
    }
    case 'keno': {
      if (typeof o.risk === 'string') v.risk = o.risk;
      if (Array.isArray(o.picks)) v.picks = o.picks.join(', ');
      break;
    }
    case 'hilo': {
      const steps = Array.isArray(o.steps) ? o.steps.filter(isObject) : [];
      if (steps.length > 0) v.choices = steps.map((s) => String(s.choice)).join(', ');
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
  // a case bet names its case: the verifier loads its loot table and names the item
  const o = isObject(bet.outcome) ? bet.outcome : {};
  if (bet.game === 'cases' && isObject(o.case) && typeof o.case.slug === 'string')
    params.set('case', o.case.slug);
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
  'rows',
  'risk',
  'segments',
  'picks',
  'choices',
  'privateSeed',
  'publicSeed',
  'blockId',
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

import {
  PLINKO_RISKS,
  type PlinkoRisk,
  type VerifyInput,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  type WheelRisk,
  type WheelSegments,
  HILO_CHOICES,
  type HiloChoice,
  KENO_RISKS,
  kenoPicksError,
} from '@coinsite/shared/fairness';
import { coinsToCents } from '@coinsite/shared/money';

/** The games with a verifier tab; the key is also the tab's value in the address (?tab=dice). */
export type VerifyGame = VerifyInput['game'];

export type FieldKey =
  | 'serverSeed'
  | 'clientSeed'
  | 'nonce'
  | 'target'
  | 'edgePct'
  | 'mines'
  | 'amount'
  | 'price'
  | 'side'
  | 'blockId'
  | 'rounds'
  | 'seats'
  | 'privateSeed'
  | 'publicSeed'
  | 'actions'
  | 'rows'
  | 'risk'
  | 'segments'
  | 'picks'
  | 'choices';

export interface FieldDef {
  key: FieldKey;
  label: string;
  initial: string;
  placeholder?: string;
  numeric?: boolean;
  options?: ReadonlyArray<{ value: string; label: string }>;
  hint?: string;
}

export type FieldValues = Partial<Record<FieldKey, string>>;

/** Which kind of seeds a game draws from: the player's pair, a battle's seed and block, or a chain. */
export type SeedKind = 'pair' | 'block' | 'chain';

export interface GameVerifier {
  game: VerifyGame;
  kind: SeedKind;
  fields: readonly FieldDef[];
  /** The input for verifyOutcome, or the sentence that says what to fix. */
  build: (v: FieldValues) => VerifyInput | string;
}

const PAIR_FIELDS: readonly FieldDef[] = [
  { key: 'serverSeed', label: 'Server Seed', initial: '', placeholder: 'Revealed server seed (64 hex)' },
  { key: 'clientSeed', label: 'Client Seed', initial: '', placeholder: 'Your client seed' },
  {
    key: 'nonce',
    label: 'Nonce',
    initial: '0',
    numeric: true,
    hint: 'The bet number with this pair, from 0.',
  },
];
const BLOCK_FIELDS: readonly FieldDef[] = [
  { key: 'serverSeed', label: 'Server Seed', initial: '', placeholder: 'Revealed when the game ended' },
  { key: 'blockId', label: 'EOS Block Hash', initial: '', placeholder: 'The full id of the announced block' },
];
const CHAIN_FIELDS: readonly FieldDef[] = [
  { key: 'privateSeed', label: 'Private Seed', initial: '', placeholder: "The round's revealed seed" },
  { key: 'publicSeed', label: 'Public Seed (salt)', initial: '', placeholder: "The chain's salt" },
];

const text = (v: FieldValues, key: FieldKey) => (v[key] ?? '').trim();

/** A whole number in [min, max], or null. */
function whole(value: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(value)) return null;
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : null;
}

/** A decimal number in [min, max], or null. */
function decimal(value: string, min: number, max: number): number | null {
  if (!/^\d+(\.\d+)?$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

function pairSeeds(v: FieldValues): { serverSeed: string; clientSeed: string; nonce: number } | string {
  const serverSeed = text(v, 'serverSeed');
  const clientSeed = text(v, 'clientSeed');
  if (!serverSeed) return 'Enter the server seed.';
  if (!clientSeed) return 'Enter the client seed.';
  const nonce = whole(text(v, 'nonce'), 0, Number.MAX_SAFE_INTEGER);
  if (nonce === null) return 'The nonce must be a whole number from 0.';
  return { serverSeed, clientSeed, nonce };
}

function edge(v: FieldValues): number | string {
  const e = decimal(text(v, 'edgePct'), 0, 99.99);
  return e === null ? 'The house edge must be a percentage from 0 to 99.99.' : e;
}

function blockSeeds(v: FieldValues): { serverSeed: string; blockId: string } | string {
  const serverSeed = text(v, 'serverSeed');
  const blockId = text(v, 'blockId');
  if (!serverSeed) return 'Enter the server seed.';
  if (!blockId) return 'Enter the EOS block hash.';
  return { serverSeed, blockId };
}

function chainSeeds(v: FieldValues): { privateSeed: string; publicSeed: string } | string {
  const privateSeed = text(v, 'privateSeed');
  const publicSeed = text(v, 'publicSeed');
  if (!privateSeed) return 'Enter the private seed.';
  if (!publicSeed) return 'Enter the public seed.';
  return { privateSeed, publicSeed };
}

const EDGE_FIELD: FieldDef = {
  key: 'edgePct',
  label: 'House edge %',
  initial: '1',
  numeric: true,
  hint: 'The edge the bet was made with (1 unless the site says otherwise).',
};

const RISK_OPTIONS = PLINKO_RISKS.map((r) => ({ value: r, label: r[0]?.toUpperCase() + r.slice(1) }));

/** The risk field's value as one of the three risks, or null. */
function risk<R extends string>(v: FieldValues, risks: readonly R[]): R | null {
  const value = text(v, 'risk');
  return (risks as readonly string[]).includes(value) ? (value as R) : null;
}

export const VERIFIERS: Record<VerifyGame, GameVerifier> = {
  dice: {
    game: 'dice',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      { key: 'target', label: 'Roll under', initial: '50', numeric: true, hint: '0.10 to 99.90' },
      EDGE_FIELD,
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const target = decimal(text(v, 'target'), 0.1, 99.9);
      if (target === null) return 'Roll under must be between 0.10 and 99.90.';
      const edgePct = edge(v);
      if (typeof edgePct === 'string') return edgePct;
      return { game: 'dice', ...seeds, target, edgePct };
    },
  },
  limbo: {
    game: 'limbo',
    kind: 'pair',
    fields: [...PAIR_FIELDS, EDGE_FIELD],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const edgePct = edge(v);
      if (typeof edgePct === 'string') return edgePct;
      return { game: 'limbo', ...seeds, edgePct };
    },
  },
  mines: {
    game: 'mines',
    kind: 'pair',
    fields: [...PAIR_FIELDS, { key: 'mines', label: 'Mines', initial: '3', numeric: true, hint: '1 to 24' }],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const mines = whole(text(v, 'mines'), 1, 24);
      if (mines === null) return 'The number of mines must be from 1 to 24.';
      return { game: 'mines', ...seeds, mines };
    },
  },
  blackjack: {
    game: 'blackjack',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      {
        key: 'actions',
        label: 'Actions',
        initial: '',
        placeholder: 'Optional, e.g. split, double, stand',
        hint: 'Your moves in order, as My bets lists them; empty lists the first 12 cards.',
      },
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const raw = text(v, 'actions');
      if (!raw) return { game: 'blackjack', ...seeds };
      const words = raw.split(/[\s,]+/).filter(Boolean);
      const known = ['hit', 'stand', 'double', 'split', 'insurance', 'noInsurance'] as const;
      const actions = words.map((w) => known.find((k) => k.toLowerCase() === w.toLowerCase()));
      if (actions.some((a) => a === undefined))
        return 'Actions are hit, stand, double, split, insurance and noInsurance.';
      return { game: 'blackjack', ...seeds, actions: actions as Array<(typeof known)[number]> };
    },
  },
  keno: {
    game: 'keno',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      {
        key: 'risk',
        label: 'Risk',
        initial: 'classic',
        options: KENO_RISKS.map((r) => ({ value: r, label: r.charAt(0).toUpperCase() + r.slice(1) })),
      },
      {
        key: 'picks',
        label: 'Picks',
        initial: '',
        placeholder: 'Optional, e.g. 3, 14, 27',
        hint: 'Your numbers; empty shows the draw only.',
      },
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const risk = KENO_RISKS.find((r) => r === text(v, 'risk')) ?? 'classic';
      const raw = text(v, 'picks');
      if (!raw) return { game: 'keno', ...seeds, risk };
      const picks = raw
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((w) => whole(w, 1, 40));
      if (picks.some((p) => p === null)) return 'Picks are numbers from 1 to 40.';
      const problem = kenoPicksError(risk, picks as number[]);
      return problem ?? { game: 'keno', ...seeds, risk, picks: picks as number[] };
    },
  },
  hilo: {
    game: 'hilo',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      {
        key: 'choices',
        label: 'Guesses',
        initial: '',
        placeholder: 'Optional, e.g. higher, skip, lower',
        hint: 'Your guesses in order, as the bet page lists them; empty lists the first 12 cards.',
      },
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const raw = text(v, 'choices');
      if (!raw) return { game: 'hilo', ...seeds };
      const words = raw.split(/[\s,]+/).filter(Boolean);
      const choices = words.map((w) => HILO_CHOICES.find((c) => c === w.toLowerCase()));
      if (choices.some((c) => c === undefined)) return 'Guesses are higher, lower, same and skip.';
      return { game: 'hilo', ...seeds, choices: choices as HiloChoice[] };
    },
  },
  upgrader: {
    game: 'upgrader',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      { key: 'amount', label: 'Amount', initial: '', numeric: true, placeholder: 'Optional, e.g. 10.00' },
      { key: 'price', label: 'Item price', initial: '', numeric: true, placeholder: 'Optional, e.g. 25.00' },
      {
        key: 'side',
        label: 'Side',
        initial: 'under',
        options: [
          { value: 'under', label: 'Under' },
          { value: 'over', label: 'Over' },
        ],
      },
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const amountText = text(v, 'amount');
      const priceText = text(v, 'price');
      const side = text(v, 'side') === 'over' ? 'over' : 'under';
      if (!amountText && !priceText) return { game: 'upgrader', ...seeds, side };
      const amount = decimal(amountText, 0.01, 1e9);
      const price = decimal(priceText, 0.01, 1e9);
      if (amount === null || price === null) return 'Enter both the amount and the item price (from 0.01).';
      return { game: 'upgrader', ...seeds, amount: coinsToCents(amount), price: coinsToCents(price), side };
    },
  },
  plinko: {
    game: 'plinko',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      { key: 'rows', label: 'Rows', initial: '16', numeric: true, hint: '8 to 16' },
      { key: 'risk', label: 'Risk', initial: 'medium', options: RISK_OPTIONS },
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const rows = whole(text(v, 'rows'), 8, 16);
      if (rows === null) return 'Rows must be from 8 to 16.';
      const r = risk<PlinkoRisk>(v, PLINKO_RISKS);
      if (r === null) return 'Risk must be low, medium or high.';
      return { game: 'plinko', ...seeds, rows, risk: r };
    },
  },
  wheel: {
    game: 'wheel',
    kind: 'pair',
    fields: [
      ...PAIR_FIELDS,
      {
        key: 'segments',
        label: 'Segments',
        initial: '10',
        options: WHEEL_SEGMENTS.map((n) => ({ value: String(n), label: String(n) })),
      },
      { key: 'risk', label: 'Risk', initial: 'medium', options: RISK_OPTIONS },
    ],
    build: (v) => {
      const seeds = pairSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const segments = Number(text(v, 'segments'));
      if (!(WHEEL_SEGMENTS as readonly number[]).includes(segments))
        return 'Segments must be 10, 20, 30, 40 or 50.';
      const r = risk<WheelRisk>(v, WHEEL_RISKS);
      if (r === null) return 'Risk must be low, medium or high.';
      return { game: 'wheel', ...seeds, segments: segments as WheelSegments, risk: r };
    },
  },
  cases: {
    game: 'cases',
    kind: 'pair',
    fields: PAIR_FIELDS,
    build: (v) => {
      const seeds = pairSeeds(v);
      return typeof seeds === 'string' ? seeds : { game: 'cases', ...seeds };
    },
  },
  slots: {
    game: 'slots',
    kind: 'pair',
    fields: PAIR_FIELDS,
    build: (v) => {
      const seeds = pairSeeds(v);
      return typeof seeds === 'string' ? seeds : { game: 'slots', ...seeds };
    },
  },
  battles: {
    game: 'battles',
    kind: 'block',
    fields: [
      ...BLOCK_FIELDS,
      { key: 'rounds', label: 'Rounds', initial: '1', numeric: true, hint: 'Number of cases, 1 to 50' },
      { key: 'seats', label: 'Players', initial: '2', numeric: true, hint: '2 to 4' },
    ],
    build: (v) => {
      const seeds = blockSeeds(v);
      if (typeof seeds === 'string') return seeds;
      const rounds = whole(text(v, 'rounds'), 1, 50);
      if (rounds === null) return 'Rounds must be from 1 to 50.';
      const seats = whole(text(v, 'seats'), 2, 4);
      if (seats === null) return 'Players must be from 2 to 4.';
      return { game: 'battles', ...seeds, rounds, seats };
    },
  },
  coinflip: {
    game: 'coinflip',
    kind: 'block',
    fields: BLOCK_FIELDS,
    build: (v) => {
      const seeds = blockSeeds(v);
      return typeof seeds === 'string' ? seeds : { game: 'coinflip', ...seeds };
    },
  },
  roulette: {
    game: 'roulette',
    kind: 'chain',
    fields: CHAIN_FIELDS,
    build: (v) => {
      const seeds = chainSeeds(v);
      return typeof seeds === 'string' ? seeds : { game: 'roulette', ...seeds };
    },
  },
  crash: {
    game: 'crash',
    kind: 'chain',
    fields: CHAIN_FIELDS,
    build: (v) => {
      const seeds = chainSeeds(v);
      return typeof seeds === 'string' ? seeds : { game: 'crash', ...seeds };
    },
  },
};

export function initialValues(verifier: GameVerifier): FieldValues {
  const values: FieldValues = {};
  for (const f of verifier.fields) values[f.key] = f.initial;
  return values;
}

/**
 * npm run verify -- <bet id>
 *   Re-derives a stored bet from its seed pair (once the pair's server seed is revealed) and checks it
 *   against what the server recorded.
 * npm run verify -- --game dice --server-seed S --client-seed C --nonce N [--target 50]
 *   Derives an outcome from seeds you give (games: dice, limbo, mines --mines M, upgrader --amount A
 *   --price P --side under|over, cases, battles --block-id B --rounds R --seats N, coinflip --block-id B,
 *   roulette|crash --private-seed S --public-seed SALT, slots: the sandbox slot's reel stops,
 *   blackjack [--actions "split,double,stand"]: the cards in draw order, or the whole hand replayed
 *   from its actions, plinko --rows 8..16 --risk low|medium|high, wheel --segments 10..50 --risk R,
 *   keno [--risk classic|low|medium|high --picks "1,5,9"], hilo [--choices "higher,skip,lower"]: the
 *   cards in deal order, or the game replayed from its choices).
 */
import { parseArgs } from 'node:util';
import { centsToCoins } from '@coinsite/shared';
import {
  blackjackCard,
  caseTicket,
  type HiloChoice,
  type HiloStep,
  hiloReplay,
  itemForTicket,
  type KenoRisk,
  type PlinkoRisk,
  type Seeds,
  sha256Hex,
  type VerifyInput,
  verifyOutcome,
  type WheelRisk,
  type WheelSegments,
} from '@coinsite/shared/fairness';
import type { Kysely } from 'kysely';
import { loadCases } from '../games/cases/cases.catalogue.ts';
import type { DB } from '../platform/db-types.ts';
import { type BlackjackAction, type BlackjackState, replayBlackjack } from '@coinsite/shared/games';
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db.ts';
import { verifyBattleBet } from './verify-battle.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    game: { type: 'string' },
    'server-seed': { type: 'string' },
    'client-seed': { type: 'string' },
    nonce: { type: 'string' },
    target: { type: 'string' },
    mines: { type: 'string' },
    amount: { type: 'string' },
    price: { type: 'string' },
    side: { type: 'string' },
    'block-id': { type: 'string' },
    rounds: { type: 'string' },
    seats: { type: 'string' },
    'private-seed': { type: 'string' },
    'public-seed': { type: 'string' },
    actions: { type: 'string' },
    rows: { type: 'string' },
    risk: { type: 'string' },
    segments: { type: 'string' },
    picks: { type: 'string' },
    choices: { type: 'string' },
  },
});

/** The recorded actions of a blackjack hand (bets.outcome.state.actions). */
function blackjackActions(o: Record<string, unknown>): BlackjackAction[] {
  return ((o.state as BlackjackState | undefined)?.actions ?? []) as BlackjackAction[];
}

/** Every card of the stored hand (player hands, dealer, hole card) re-derives from the seeds and actions. */
function blackjackReplays(seeds: Seeds, o: Record<string, unknown>): boolean {
  const state = o.state as BlackjackState | undefined;
  if (!state) return false;
  const replayed = replayBlackjack(
    state.baseStake,
    state.actions,
    (k) => blackjackCard(seeds, k),
    state.rules,
  );
  const cards = (s: BlackjackState) =>
    JSON.stringify({ hands: s.hands.map((h) => h.cards), dealer: s.dealer });
  return cards(replayed) === cards(state) && replayed.drawn === state.drawn;
}

/** The recorded choices of a hilo game (bets.outcome.steps). */
function hiloChoices(o: Record<string, unknown>): HiloChoice[] {
  return ((o.steps as HiloStep[] | undefined) ?? []).map((s) => s.choice);
}

/** Every card of the stored hilo game re-derives from the seeds and its choices. */
function hiloReplays(seeds: Seeds, o: Record<string, unknown>): boolean {
  const replayed = hiloReplay(seeds, hiloChoices(o));
  return JSON.stringify(replayed.cards) === JSON.stringify(o.cards);
}

function print(lines: Array<{ label: string; value: string }>) {
  const width = Math.max(...lines.map((l) => l.label.length));
  for (const l of lines) console.log(`${l.label.padEnd(width)}  ${l.value}`);
}

function fromFlags(): VerifyInput {
  const s = values['server-seed'] ?? '';
  const c = values['client-seed'] ?? '';
  const n = Number(values.nonce ?? 0);
  const cents = (v: string | undefined) => (v === undefined ? undefined : Math.round(Number(v) * 100));
  switch (values.game) {
    case 'dice':
      return {
        game: 'dice',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        target: values.target ? Number(values.target) : undefined,
      };
    case 'limbo':
      return { game: 'limbo', serverSeed: s, clientSeed: c, nonce: n };
    case 'mines':
      return { game: 'mines', serverSeed: s, clientSeed: c, nonce: n, mines: Number(values.mines ?? 3) };
    case 'upgrader':
      return {
        game: 'upgrader',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        amount: cents(values.amount),
        price: cents(values.price),
        side: values.side === 'over' ? 'over' : 'under',
      };
    case 'blackjack':
      return {
        game: 'blackjack',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        actions: values.actions
          ? (values.actions.split(/[\s,]+/).filter(Boolean) as BlackjackAction[])
          : undefined,
      };
    case 'cases':
      return { game: 'cases', serverSeed: s, clientSeed: c, nonce: n };
    case 'keno':
      return {
        game: 'keno',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        risk: (values.risk ?? 'classic') as KenoRisk,
        picks: values.picks
          ? values.picks
              .split(/[\s,]+/)
              .filter(Boolean)
              .map(Number)
          : undefined,
      };
    case 'hilo':
      return {
        game: 'hilo',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        choices: values.choices
          ? (values.choices.split(/[\s,]+/).filter(Boolean) as HiloChoice[])
          : undefined,
      };
    case 'slots':
      return { game: 'slots', serverSeed: s, clientSeed: c, nonce: n };
    case 'plinko':
      return {
        game: 'plinko',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        rows: Number(values.rows ?? 16),
        risk: (values.risk ?? 'medium') as PlinkoRisk,
      };
    case 'wheel':
      return {
        game: 'wheel',
        serverSeed: s,
        clientSeed: c,
        nonce: n,
        segments: Number(values.segments ?? 10) as WheelSegments,
        risk: (values.risk ?? 'medium') as WheelRisk,
      };
    case 'battles':
      return {
        game: 'battles',
        serverSeed: s,
        blockId: values['block-id'] ?? '',
        rounds: Number(values.rounds ?? 1),
        seats: Number(values.seats ?? 2),
      };
    case 'coinflip':
      return { game: 'coinflip', serverSeed: s, blockId: values['block-id'] ?? '' };
    case 'roulette':
    case 'crash':
      return {
        game: values.game,
        privateSeed: values['private-seed'] ?? '',
        publicSeed: values['public-seed'] ?? '',
      };
    default:
      throw new Error(
        'Give a bet id, or --game with its seeds (see the top of apps/server/src/tools/verify.ts).',
      );
  }
}

const recordedItemName = (o: Record<string, unknown>): string =>
  typeof o.item === 'object' && o.item !== null ? String((o.item as { name?: unknown }).name ?? '') : '';

/** The item the ticket names in the bet's case (its loot table as stored now); none when the case is gone. */
async function caseItemLines(
  db: Kysely<DB>,
  o: Record<string, unknown>,
  ticket: number,
): Promise<Array<{ label: string; value: string }>> {
  const slug = typeof o.case === 'object' && o.case !== null ? (o.case as { slug?: unknown }).slug : null;
  if (typeof slug !== 'string') return [];
  const [c] = await loadCases(db, { slugs: [slug], includeInactive: true });
  if (!c || c.items.length === 0) return [];
  const item = itemForTicket(c.items, ticket);
  return [
    { label: 'Case', value: c.name },
    {
      label: 'Item won',
      value: `${item.name} · ${centsToCoins(item.price).toFixed(2)} (tickets ${item.ticketsStart}–${item.ticketsEnd})`,
    },
  ];
}

async function verifyBet(id: number): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
  try {
    const bet = await database.db
      .selectFrom('bets as b')
      .leftJoin('seed_pairs as s', 's.id', 'b.seed_pair_id')
      .select([
        'b.id',
        'b.game',
        'b.status',
        'b.outcome',
        'b.nonce',
        's.server_seed',
        's.server_seed_hash',
        's.client_seed',
        's.status as pair_status',
      ])
      .where('b.id', '=', id)
      .executeTakeFirst();
    if (!bet) {
      console.error(`bet ${id} not found`);
      return 1;
    }
    // a battle's seeds are its own and public once it has finished: nothing to rotate
    if (bet.game === 'battles')
      return await verifyBattleBet(database.db, id, (bet.outcome ?? {}) as Record<string, unknown>);
    if (bet.pair_status !== 'revealed' || !bet.server_seed || !bet.client_seed || bet.nonce === null) {
      console.log(
        `bet ${id} (${bet.game}) uses server seed hash ${bet.server_seed_hash}; its server seed is not revealed yet.`,
      );
      console.log('Change your client seed on /provably-fair to reveal it, then verify again.');
      return 0;
    }
    if (sha256Hex(bet.server_seed) !== bet.server_seed_hash) {
      console.error('MISMATCH: the revealed server seed does not hash to the committed hash');
      return 1;
    }
    const o = (bet.outcome ?? {}) as Record<string, unknown>;
    const seeds = { serverSeed: bet.server_seed, clientSeed: bet.client_seed, nonce: bet.nonce };
    const input: VerifyInput | null =
      bet.game === 'dice'
        ? { game: 'dice', ...seeds, target: Number(o.target) / 100, edgePct: Number(o.edgePct ?? 1) }
        : bet.game === 'limbo'
          ? { game: 'limbo', ...seeds, edgePct: Number(o.edgePct ?? 1) }
          : bet.game === 'mines'
            ? { game: 'mines', ...seeds, mines: Number(o.minesCount) }
            : bet.game === 'upgrader'
              ? { game: 'upgrader', ...seeds }
              : bet.game === 'cases'
                ? { game: 'cases', ...seeds }
                : bet.game === 'slots' && o.sandbox === true
                  ? { game: 'slots', ...seeds }
                  : bet.game === 'blackjack'
                    ? { game: 'blackjack', ...seeds, actions: blackjackActions(o) }
                    : bet.game === 'plinko'
                      ? { game: 'plinko', ...seeds, rows: Number(o.rows), risk: o.risk as PlinkoRisk }
                      : bet.game === 'wheel'
                        ? {
                            game: 'wheel',
                            ...seeds,
                            segments: Number(o.segments) as WheelSegments,
                            risk: o.risk as WheelRisk,
                          }
                        : bet.game === 'keno'
                          ? { game: 'keno', ...seeds, risk: o.risk as KenoRisk, picks: o.picks as number[] }
                          : bet.game === 'hilo'
                            ? { game: 'hilo', ...seeds, choices: hiloChoices(o) }
                            : null;
    if (!input) {
      console.log(`bet ${id}: game ${bet.game} is verified from its round's seeds (see /provably-fair).`);
      return 0;
    }
    const lines = verifyOutcome(input);
    // a case's ticket names its item from the case's loot table, as the browser's verifier does
    if (input.game === 'cases') lines.push(...(await caseItemLines(database.db, o, caseTicket(input))));
    print(lines);
    console.log(`recorded outcome: ${JSON.stringify(o)}`);
    const derived = Object.fromEntries(lines.map((l) => [l.label, l.value]));
    const ok =
      (bet.game === 'dice' && derived.Roll === (Number(o.roll) / 100).toFixed(2)) ||
      (bet.game === 'limbo' && derived.Result === `${(Number(o.result) / 100).toFixed(2)}x`) ||
      (bet.game === 'mines' && derived['Mines (draw order)'] === (o.mines as number[]).join(', ')) ||
      (bet.game === 'upgrader' && derived.Ticket === String(o.ticket)) ||
      (bet.game === 'cases' &&
        derived.Ticket === String(o.ticket) &&
        (derived['Item won'] === undefined || derived['Item won'].startsWith(`${recordedItemName(o)} ·`))) ||
      (bet.game === 'slots' && derived['Reel stops'] === (o.stops as number[]).join(', ')) ||
      (bet.game === 'blackjack' && blackjackReplays(seeds, o)) ||
      (bet.game === 'plinko' &&
        derived.Path === (o.path as number[]).map((step) => (step === 1 ? 'R' : 'L')).join(' ') &&
        derived.Multiplier === `${(Number(o.multiplier) / 100).toFixed(2)}x`) ||
      (bet.game === 'wheel' &&
        derived.Segment?.split(' ')[0] === String(o.segment) &&
        derived.Multiplier === `${(Number(o.multiplier) / 100).toFixed(2)}x`) ||
      (bet.game === 'keno' && derived['Drawn (draw order)'] === (o.drawn as number[]).join(', ')) ||
      (bet.game === 'hilo' && hiloReplays(seeds, o));
    console.log(
      ok
        ? 'OK: the recorded outcome re-derives from the revealed seeds'
        : 'MISMATCH: the recorded outcome differs',
    );
    return ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

try {
  const id = positionals[0];
  if (id && /^[0-9]+$/.test(id)) process.exitCode = await verifyBet(Number(id));
  else print(verifyOutcome(fromFlags()));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}

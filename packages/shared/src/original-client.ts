import { z } from 'zod';
import type { Namespace } from './constants.ts';

/**
 * The original client's socket listeners (../shared/original-client-listeners.md §1), one row per
 * table row: the namespaces it listens on and a schema of the arguments it reads, with the types it
 * assumes (a number is a finite number, a toasted text is a string, an object is an object with the
 * read fields). Extra fields are allowed; a field it reads with another type, a missing field it
 * reads unguarded, or an object where it toasts text fails. The conformance suite
 * (platform/original-client-conformance.test.ts) checks every event an Engine.IO 3 client receives
 * against this table, so a new emit under one of these names with another shape fails the build.
 */
export interface OriginalListener {
  event: string;
  /** The namespaces the original client listens on for this row. */
  ns: readonly Namespace[];
  /** The positional arguments (socket.io's argument list). */
  args: z.ZodType;
  /** "none read": the client reads no argument, so any shape is harmless. */
  anyShape?: true;
  /** Why no flow of ours can make the server send it (the suite does not wait for these). */
  notSent?: string;
}

/** The ten namespaces the original client opens (client/src/services/websocket.service.js). */
export const ORIGINAL_NAMESPACES = [
  'chat',
  'coinflip',
  'roulette',
  'battles',
  'cases',
  'crash',
  'upgrader',
  'limbo',
  'dice',
  'mines',
] as const satisfies readonly Namespace[];

/** zod 4's number is finite (no NaN, no Infinity). */
const num = z.number();
/** A text the client toasts: a string (an object there is React error #31 and blanks the app). */
const toasted = z.tuple([z.string()]).rest(z.unknown());
/** The client reads no argument. */
const anything = z.array(z.unknown());
/** An id the client compares or puts in a URL: a string or a number, never an object. */
const id = z.union([z.string().min(1), num]);

const chatMsg = z.looseObject({
  msgId: id,
  content: z.string(),
  user: z.looseObject({ id, username: z.string(), avatar: z.string(), rank: num }),
});

const rainState = z.looseObject({
  joinable: z.boolean(),
  timeLeftToJoin: num,
  timeLeft: num,
  players: z.array(z.string()),
});

const trivia = z.union([
  z.null(),
  z.looseObject({ active: z.boolean(), question: z.string(), prize: num, winnerAmount: num }),
]);

const colour = z.enum(['red', 'black', 'green']);
const roulettePlayer = z.looseObject({
  color: colour,
  betAmount: num,
  level: z.looseObject({ name: z.union([z.string(), num]), levelColor: z.string() }),
  avatar: z.string(),
  username: z.string(),
  betId: id,
});

/** A seat: a player, the bot, or empty (no id; the client checks the id before the name). */
const battlePlayer = z.looseObject({
  id: z.union([id, z.null()]).optional(),
  username: z.union([z.string(), z.null()]).optional(),
  pfp: z.union([z.string(), z.null()]).optional(),
});
const battleSummary = z.looseObject({
  id: z.string().min(1),
  price: num,
  players: z.array(battlePlayer).min(1),
  cases: z.array(z.looseObject({ image: z.string() })),
  casesRoundResults: z.array(z.unknown()),
  isCrazyMode: z.boolean(),
  gameType: z.number().int().min(1).max(4),
  playerCount: z.number().int().min(2),
  status: num,
});
const battleItem = z.looseObject({ image: z.string(), color: z.string(), name: z.string(), price: num });

const crashBet = z.looseObject({
  playerID: z.string().min(1),
  username: z.string(),
  avatar: z.string(),
  betAmount: num,
  winningAmount: num.optional(),
});

/** A text or nothing (limbo:bet, dice:bet, mines:bet: the original toasts it as a success message). */
const textOrNothing = z.union([z.tuple([]), z.tuple([z.string()])], {
  error: 'a text or nothing (the client toasts it: an object is React error #31 and blanks the app)',
});

const row = (
  event: string,
  ns: readonly Namespace[],
  args: z.ZodType,
  extra: Partial<OriginalListener> = {},
): OriginalListener => ({ event, ns, args, ...extra });

export const ORIGINAL_LISTENERS: readonly OriginalListener[] = [
  // EventHandler.js: attached on every namespace socket
  row('update-wallet', ['chat'], z.tuple([num])),
  // …but one change on two namespaces is added twice: anywhere else than /chat is a wrong shape
  row(
    'update-wallet',
    ORIGINAL_NAMESPACES.filter((n) => n !== 'chat'),
    z.never({ error: 'update-wallet goes on /chat only (the client adds it on every namespace)' }),
    { notSent: 'sent on /chat only (PROTOCOL.md §3); any arrival elsewhere fails' },
  ),
  row('notify-error', ORIGINAL_NAMESPACES, toasted),
  row('notify-success', ORIGINAL_NAMESPACES, toasted),
  row('notify-info', ORIGINAL_NAMESPACES, toasted),
  row('user banned', ORIGINAL_NAMESPACES, anything, { anyShape: true }),
  row('connection_kicked', ORIGINAL_NAMESPACES, anything, { anyShape: true }),
  row('connect_error', ['chat'], anything, {
    anyShape: true,
    notSent: 'raised by socket.io-client itself, never sent by a server',
  }),
  // chat
  row('new-chat-message', ['chat'], z.tuple([chatMsg])),
  row('remove-message', ['chat'], z.tuple([id])),
  row('rain-state-changed', ['chat'], z.tuple([rainState])),
  row('trivia-state-changed', ['chat'], z.tuple([trivia])),
  row('giveaway-state-changed', ['chat'], anything, { anyShape: true }),
  row('users-online', ['chat'], z.tuple([z.number().int().min(0)])),
  row('trivia-join-winner', ['chat'], anything, { anyShape: true }),
  row('countdown-started-trivia', ['chat'], z.tuple([num, z.boolean()])),
  row('rain-players-changed', ['chat'], anything, {
    anyShape: true,
    notSent: 'only the dead RainAmount listens; our server names no such event',
  }),
  row('rain-join-error', ['chat'], toasted),
  row('rain-join-success', ['chat'], toasted),
  row('rain-update-amount', ['chat'], z.tuple([z.number().min(0)])),
  row('notification', ['chat'], toasted),
  // coinflip: every listener is in a dead component and reads no argument
  ...['new-coinflip-game', 'game-joined', 'game-called-bot', 'game-rolled', 'game-rolling'].map((e) =>
    row(e, ['coinflip'], anything, { anyShape: true, notSent: 'dead on the original; ours uses coinflip:*' }),
  ),
  ...['game-join-error', 'game-join-success', 'game-call-bot-error', 'game-call-bot-success'].map((e) =>
    row(e, ['coinflip'], anything, { anyShape: true, notSent: 'dead on the original; ours uses coinflip:*' }),
  ),
  // roulette
  row('new-round', ['roulette'], z.tuple([num, id, z.string()]).rest(z.unknown())),
  row('new-player', ['roulette'], z.tuple([roulettePlayer])),
  row('game-join-error', ['roulette'], toasted),
  row('game-join-success', ['roulette'], anything, { anyShape: true }),
  row(
    'game-rolled',
    ['roulette'],
    z.tuple([z.unknown(), z.number().int().min(0).max(14), num, num]).rest(z.unknown()),
  ),
  row('add-game-to-history', ['roulette'], z.tuple([z.looseObject({ winner: colour })])),
  // battles
  row('battles:error', ['battles'], toasted),
  row('battles:success', ['battles'], toasted),
  row('battles:created', ['battles'], z.tuple([z.string().min(1)])),
  row('battles:new', ['battles'], z.tuple([battleSummary])),
  row(
    'battles:join',
    ['battles'],
    z.tuple([z.looseObject({ battleId: z.string().min(1), newPlayers: z.array(battlePlayer).min(2) })]),
  ),
  row(
    'battles:start',
    ['battles'],
    z.tuple([
      z.looseObject({
        battleId: z.string().min(1),
        blockHash: z.string(),
        serverSeed: z.union([z.string(), z.null()]).optional(),
      }),
    ]),
  ),
  row(
    'battles:expose',
    ['battles'],
    z.tuple([z.looseObject({ battleId: z.string().min(1), blockNumber: z.union([num, z.string()]) })]),
  ),
  row(
    'battles:round',
    ['battles'],
    z.tuple([
      z.looseObject({
        battleId: z.string().min(1),
        img: z.array(z.looseObject({ image: z.string(), color: z.string() })).min(1),
        result: z.array(z.looseObject({ item: battleItem })).min(2),
      }),
    ]),
  ),
  row(
    'battles:finished',
    ['battles'],
    z.tuple([
      z
        .looseObject({
          battleId: z.string().min(1),
          pc: z.number().int().min(2).max(4),
          isEqual: z.boolean(),
          equals: z.array(z.number().int().min(1)).optional(),
          bt: z.number().int().min(1).max(4),
          winningTeam: num,
          winAmount: num,
        })
        .refine((f) => !f.isEqual || (f.equals !== undefined && f.equals.length > 0), {
          message: 'isEqual without an equals array (the client indexes it inside a state updater)',
        }),
    ]),
  ),
  // cases
  row('cases:error', ['cases'], toasted),
  row('cases:success', ['cases'], toasted),
  row(
    'cases:opened',
    ['cases'],
    z.tuple([
      z.looseObject({
        case: z.looseObject({
          items: z
            .array(
              z.looseObject({ ticketsStart: num, ticketsEnd: num, image: z.string(), color: z.string() }),
            )
            .min(1),
        }),
        caseResult: battleItem,
      }),
    ]),
  ),
  // crash
  row(
    'game-starting',
    ['crash'],
    z.tuple([z.looseObject({ _id: id, privateHash: z.string(), timeUntilStart: num })]),
  ),
  row('game-start', ['crash'], z.tuple([z.looseObject({ publicSeed: z.string() })])),
  row('game-tick', ['crash'], z.tuple([z.number().min(1)])),
  row(
    'game-end',
    ['crash'],
    z.tuple([z.looseObject({ game: z.looseObject({ _id: id, crashPoint: z.number().min(1) }) })]),
  ),
  row('game-bets', ['crash'], z.tuple([z.array(crashBet)])),
  row(
    'bet-cashout',
    ['crash'],
    z.tuple([
      z.looseObject({
        playerID: z.string().min(1),
        status: z.literal(2),
        stoppedAt: num,
        winningAmount: num,
      }),
    ]),
  ),
  row('game-join-error', ['crash'], toasted),
  row(
    'game-join-success',
    ['crash'],
    z.tuple([z.looseObject({ status: z.literal(1), betAmount: num, winningAmount: num.optional() })]),
  ),
  row('bet-cashout-error', ['crash'], toasted),
  row('bet-cashout-success', ['crash'], anything, { anyShape: true }),
  // upgrader
  row(
    'upgrader:result',
    ['upgrader'],
    z.tuple([z.looseObject({ ticket: z.number().int().min(0).max(1_000_000_001), success: z.boolean() })]),
  ),
  row('upgrader:success', ['upgrader'], toasted),
  row('upgrader:error', ['upgrader'], toasted),
  // limbo, dice
  row('game-creation-error', ['limbo'], toasted),
  row('limbo:bet', ['limbo'], textOrNothing, { notSent: 'our server sends nothing under it (issue 27)' }),
  row(
    'limbo:result',
    ['limbo'],
    z.tuple([z.looseObject({ crashpoint: z.union([num, z.string().regex(/^\d+(\.\d+)?$/)]) })]),
  ),
  row('game-creation-error', ['dice'], toasted),
  row('dice:bet', ['dice'], textOrNothing, { notSent: 'our server sends nothing under it (issue 27)' }),
  row(
    'dice:result',
    ['dice'],
    z.tuple([z.looseObject({ diceresult: z.number().min(0).max(100), payout: num })]),
  ),
  // mines
  row('mines:cashoutSuccess', ['mines'], anything, { anyShape: true }),
  row(
    'mines:tileRevealed',
    ['mines'],
    z.tuple([z.looseObject({ tileIndex: z.number().int().min(0).max(24), profit: num, multiplier: num })]),
  ),
  row(
    'mines:result',
    ['mines'],
    z.tuple([
      z.union([
        z.literal('No active game found.'),
        z.literal('success'),
        z.looseObject({ error: z.string() }),
      ]),
    ]),
  ),
  row('mines:start', ['mines'], toasted),
  row('mines:bet', ['mines'], textOrNothing, { notSent: 'our server sends nothing under it (issue 27)' }),
  row('mines:gameEnd', ['mines'], z.tuple([z.looseObject({ message: z.string() })])),
  row(
    'mines:revealAllTiles',
    ['mines'],
    z.tuple([z.array(z.looseObject({ isMine: z.boolean() })).length(25)]),
  ),
];

/** The row for an event received on a namespace, or undefined when the original doesn't listen to it. */
export function originalListener(ns: string, event: string): OriginalListener | undefined {
  return ORIGINAL_LISTENERS.find((r) => r.event === event && (r.ns as readonly string[]).includes(ns));
}

/**
 * Checks one received event against the table: null when it conforms (or the original doesn't
 * listen to it), else a sentence naming the event, namespace and first problem.
 */
export function originalShapeProblem(ns: string, event: string, args: unknown[]): string | null {
  const r = originalListener(ns, event);
  if (!r) return null;
  const res = r.args.safeParse(args);
  if (res.success) return null;
  const issue = res.error.issues[0];
  const where = issue?.path.length ? ` at args[${issue.path.join('][')}]` : '';
  return `/${ns} ${event}${where}: ${issue?.message ?? 'wrong shape'} (got ${JSON.stringify(args).slice(0, 300)})`;
}

// ---- HTTP answers (original-client-listeners.md §2): the fields it reads, with their types ----

const vipLevel = z.looseObject({ name: z.union([z.string(), num]), wagerNeeded: num });
const caseItem = z.looseObject({
  ticketsStart: num,
  ticketsEnd: num,
  image: z.string(),
  color: z.string(),
  price: num,
  name: z.string(),
});
const addressOf = z.looseObject({ address: z.string(), dataUrl: z.string() });
const apiError = z.looseObject({ error: z.string() });

/**
 * The answer the original client reads from each call it makes, keyed "METHOD /path" as in the table
 * (paths under /api). A 2xx answer must match; the conformance suite calls each with the body the
 * original sends.
 */
export const ORIGINAL_HTTP: Readonly<Record<string, z.ZodType>> = {
  'GET /site': z.looseObject({ maintenanceEnabled: z.boolean() }),
  'POST /auth/exchange-token': z.looseObject({ token: z.string().min(1) }),
  'GET /user': z.looseObject({
    user: z.looseObject({
      _id: z.string().min(1),
      username: z.string(),
      avatar: z.string().min(1),
      rank: num,
      wallet: num,
      wager: num,
    }),
  }),
  'POST /auth/registration/login': z.union([z.looseObject({ redirect: z.string().min(1) }), apiError]),
  'POST /auth/registration/register': z.union([z.looseObject({ redirect: z.string().min(1) }), apiError]),
  'POST /auth/registration/forgot_password': z.union([z.looseObject({ success: z.literal(true) }), apiError]),
  'POST /auth/registration/reset_password': z.union([z.looseObject({ success: z.literal(true) }), apiError]),
  'GET /chat/history': z.looseObject({
    messages: z.array(chatMsg),
    rain: rainState,
    trivia: z.union([z.null(), z.looseObject({ winners: z.array(z.unknown()) })]),
    triviaTime: num,
  }),
  'POST /user/profile': z.looseObject({
    _id: z.string(),
    username: z.string(),
    avatar: z.string().min(1),
    created: z.string(),
    wager: num,
    profit: num,
    gamesPlayed: num,
    gamesWon: num,
    totalDeposited: num,
    totalWithdrawn: num,
  }),
  'GET /user/txs': z.looseObject({
    deposits: z.array(
      z.looseObject({ type: z.literal('deposit'), state: num, siteValue: num, currency: z.string() }),
    ),
    withdraws: z.array(z.looseObject({ state: num, siteValue: num, currency: z.string() })),
    free: z.array(z.looseObject({ action: z.string(), amount: num })),
  }),
  'GET /user/history': z.looseObject({
    caseBattles: z.array(z.unknown()),
    cases: z.array(z.looseObject({ case: z.looseObject({ price: num }) })),
    crash: z.array(z.looseObject({ betAmount: num })),
    roulette: z.array(z.looseObject({ betAmount: num })),
  }),
  'GET /user/affiliates': z.looseObject({
    affiliateCode: z.string(),
    affiliateLink: z.string().url(),
    currentlySupporting: z.union([z.null(), z.looseObject({ code: z.string() })]),
  }),
  'POST /user/affiliates/update-code': z.looseObject({ newAffiliateCode: z.string().min(1) }),
  'POST /user/affiliates/redeem': z.looseObject({ code: z.string(), freeMoneyClaimed: z.boolean() }),
  'POST /user/affiliates/claim': z.looseObject({ claimedAmount: num }),
  'POST /coupon/redeem': z.looseObject({ message: z.string(), payout: num }),
  'GET /vip': z.looseObject({
    currentLevel: z.looseObject({
      name: z.union([z.string(), num]),
      levelName: z.string(),
      wagerNeeded: num,
      rakebackPercentage: num,
    }),
    // read unguarded on every page, also at the top level
    nextLevel: vipLevel,
    allLevels: z.array(vipLevel).min(1),
    majorLevelNames: z.array(z.string()),
    majorLevelColors: z.array(z.string()),
    wager: num,
    rakebackBalance: num,
  }),
  'POST /vip/claim': z.looseObject({ rakebackClaimed: num }),
  'GET /race': z.union([
    z.looseObject({ active: z.literal(false) }),
    z.looseObject({
      active: z.literal(true),
      // places 1 to 3 are read unguarded
      topTen: z
        .array(
          z.looseObject({
            value: num,
            _user: z.looseObject({ avatar: z.string().min(1), username: z.string() }),
          }),
        )
        .min(3),
      activeRace: z.looseObject({ endingDate: z.string() }),
      prizeDistribution: z.array(num).min(3),
    }),
  ]),
  'GET /roulette': z.looseObject({
    current: z.looseObject({
      _id: id,
      privateHash: z.string(),
      players: z.array(roulettePlayer),
      timeLeft: num,
      rollStatus: z.union([z.null(), z.looseObject({ winningIndex: z.unknown(), winningMultiplier: num })]),
      AnimationDuration: num,
      AnimationDurationTotal: num,
    }),
    history: z.array(z.looseObject({ winner: colour })),
  }),
  'GET /crash': z.looseObject({
    current: z
      .looseObject({
        _id: id,
        privateHash: z.string(),
        players: z.array(crashBet),
        elapsed: z.union([num, z.null()]),
        status: z.number().int().min(1).max(6),
      })
      // elapsed places a running round's graph (status 3, InProgress); null while none runs
      .refine((c) => c.status !== 3 || typeof c.elapsed === 'number', {
        message: 'a running round without elapsed (ms)',
      }),
    history: z.array(z.looseObject({ crashPoint: z.number().min(1) })),
    options: z.looseObject({ maxProfit: num }),
  }),
  'GET /crash/me': z.looseObject({
    bet: z.union([z.null(), z.looseObject({ status: num, betAmount: num })]),
  }),
  'GET /mines/me': z.looseObject({
    status: z.literal('inprogress'),
    grid: z.array(z.looseObject({ revealed: z.boolean() })).length(25),
    profit: num,
  }),
  'GET /mines/reveal': z.looseObject({
    grid: z.array(z.looseObject({ isMine: z.boolean(), revealed: z.boolean() })).length(25),
  }),
  'GET /battles': z.array(battleSummary),
  'POST /battles/game': z.looseObject({
    status: num,
    players: z.array(battlePlayer),
    cases: z.array(z.looseObject({ price: num })),
    casesRoundResults: z.array(z.array(z.looseObject({ item: z.looseObject({ price: num }) }))),
    playerCount: num,
    serverSeedHash: z.string(),
  }),
  'GET /battles/cases': z.array(
    z.looseObject({ id: id, slug: z.string(), name: z.string(), image: z.string(), price: num }),
  ),
  'POST /battles/case': z.looseObject({ items: z.array(caseItem).min(1) }),
  'GET /cases/lastopen': z.union([z.null(), z.string()]),
  'GET /provably-fair/current': z.looseObject({
    clientSeed: z.string(),
    serverSeedHash: z.string(),
    nextServerSeedHash: z.string(),
    nonce: num,
  }),
  'POST /provably-fair/update-seed': z.unknown(),
  'GET /provably-fair/history': z.looseObject({
    history: z.array(
      z.looseObject({
        serverSeed: z.string(),
        serverSeedHash: z.string(),
        clientSeed: z.string(),
        nonce: num,
      }),
    ),
  }),
  'GET /cashier/crypto/addresses': z.looseObject({
    btc: addressOf,
    eth: addressOf,
    ltc: addressOf,
    doge: addressOf,
    usdt: addressOf,
    usdc: addressOf,
    sol: addressOf,
  }),
  'POST /cashier/crypto/withdraw': z.looseObject({ siteValue: num, state: num, usdValue: num }),
  'POST /cashapp/initialize': z.looseObject({ success: z.boolean(), message: z.string() }),
  'POST /cashapp/check': z.looseObject({ success: z.boolean(), message: z.string() }),
  'POST /arkpay/initialize': z.looseObject({
    success: z.boolean(),
    message: z.string(),
    redirectUrl: z.string().url(),
  }),
  'POST /skinsback/create_order': z.unknown(),
  'POST /mm2/launch-game': z.looseObject({ launch_url: z.string().url() }),
  'GET /external/v1/controls/': z.record(z.string(), z.boolean()),
  'POST /external/v1/controls/toggle-state': z.looseObject({ currentState: z.boolean() }),
  'GET /external/v1/users/list': z.array(z.unknown()),
  'PUT /external/v1/coupons/add': z.unknown(),
  'PUT /external/v1/trivia/create': z.unknown(),
  'PUT /external/v1/race/create': z.unknown(),
  'GET /external/v1/transactions/list': z.array(z.looseObject({ state: num })),
  'GET /race/last': z.unknown(),
};

import * as S from '@coinsite/shared';
import { strategyDeleteBody, strategyListQuery, strategySaveBody } from '@coinsite/shared/autobet';
import { giveawayCreateBody } from '@coinsite/shared/schemas/giveaway';
import { raceCreateBody } from '@coinsite/shared/schemas/race';
import { triviaCreateBody } from '@coinsite/shared/schemas/trivia';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { suspiciousQuery } from '../chat/rain/rain.module.ts';
import { sandboxChainQuery } from '../economy/cashier/cashier-admin.routes.ts';
import { betsLiveQuery } from '../games/engine/bets.routes.ts';
import type { Ctx } from './context.ts';
import { currentUser, isAdmin } from './http.ts';
import type { Realtime } from './realtime.ts';

/**
 * What the API documents say about a route beyond its method and URL: the zod schemas its handler
 * passes to `parse` (the same shared schemas, so the document cannot drift from the validation).
 * `body: null` says "this route reads no body"; every POST/PUT/PATCH/DELETE route must say which
 * (the API docs test checks it). Path parameters come from the URL pattern.
 */
export interface RouteDoc {
  summary?: string;
  body?: z.ZodType | null;
  query?: z.ZodType;
}

/** Keyed "METHOD /url/pattern", as in the app's route table (App.routes). */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/account/password': {
    summary: 'Change my password (2FA code when on)',
    body: S.changePasswordBody,
  },
  'POST /api/account/email': { summary: 'Change my email (confirmed by mail)', body: S.changeEmailBody },
  'POST /api/account/verify-email/resend': { summary: 'Mail the verification link again', body: null },
  'POST /api/account/verify-email': { summary: 'Verify my email from its link', body: S.emailLinkBody },
  'POST /api/account/age': {
    summary: 'Date of birth and state, once (asked before the first deposit or bet)',
    body: S.ageRegionBody,
  },
  'POST /api/account/2fa/setup': { summary: 'Start two-factor setup (secret and QR code)', body: null },
  'POST /api/account/2fa/enable': { summary: 'Turn two-factor on with a code', body: S.twoFactorEnableBody },
  'POST /api/account/2fa/disable': { summary: 'Turn two-factor off', body: S.twoFactorDisableBody },
  'POST /api/account/limits': { summary: 'Set a deposit, loss or wager limit', body: S.setLimitBody },
  'POST /api/account/reality-check': { summary: 'Set the reality-check interval', body: S.realityCheckBody },
  'POST /api/account/break': { summary: 'Start a cool-off or self-exclusion', body: S.breakBody },
  'POST /api/account/sessions/:id/revoke': { summary: 'Sign one of my sessions out', body: null },
  'POST /api/account/sessions/revoke-others': { summary: 'Sign my other sessions out', body: null },
  'PUT /api/external/v1/chat/settings': { summary: 'Chat settings', body: S.chatSettingsBody },
  'PUT /api/external/v1/rain/settings': { summary: 'Rain settings', body: S.rainSettingsBody },
  'PUT /api/external/v1/race/create': { summary: 'Create the next weekly race', body: raceCreateBody },
  'GET /api/external/v1/race/schedule': { summary: 'The running race and the races waiting after it' },
  'POST /api/slots/:code/favourite': {
    summary: 'Mark or unmark a favourite slot',
    body: S.slotFavouriteBody,
  },
  'POST /api/mm2/launch-game': { summary: 'Launch a slot (its launch URL)', body: S.launchGameBody },
  'POST /api/callbacks/pragmatic/:method': {
    summary: "The slot provider's seamless-wallet calls (form-encoded, signed with the operator's key)",
    body: null,
  },
  'POST /api/slots/sandbox/spin': { summary: 'One spin of the sandbox slot', body: S.sandboxSpinBody },
  'POST /api/slots/sandbox/demo-spin': {
    summary: 'One demo spin of the sandbox slot (play money, no account)',
    body: S.sandboxDemoSpinBody,
  },
  'POST /api/external/v1/slots/:code': {
    summary: 'Enable, disable or reorder a slot',
    body: S.adminSlotBody,
  },
  'POST /api/user/profile': { summary: 'A public profile', body: S.profileBody },
  'POST /api/user/settings/privacy': { summary: 'Hide or show my statistics', body: S.privacyBody },
  'POST /api/user/settings/ghost': {
    summary: 'Ghost mode: show me as Hidden to other players',
    body: S.ghostBody,
  },
  'GET /api/autobet/strategies': { summary: 'My saved autobet strategies', query: strategyListQuery },
  'PUT /api/autobet/strategies': { summary: 'Save an advanced autobet strategy', body: strategySaveBody },
  'DELETE /api/autobet/strategies': { summary: 'Delete a saved autobet strategy', body: strategyDeleteBody },
  'POST /api/auth/registration/login': { summary: 'Sign in', body: S.loginBody },
  'POST /api/auth/registration/register': { summary: 'Create an account', body: S.registerBody },
  'POST /api/auth/registration/forgot_password': { summary: 'Mail a reset link', body: S.forgotPasswordBody },
  'POST /api/auth/registration/reset_password': { summary: 'Set a new password', body: S.resetPasswordBody },
  'POST /api/auth/exchange-token': {
    summary: 'Exchange a one-time token for a session',
    body: S.exchangeTokenBody,
  },
  'POST /api/auth/logout': { summary: 'Sign out', body: null },
  'POST /api/external/v1/users/:id/ban': { summary: 'Ban or unban a user', body: S.banUserBody },
  'GET /api/external/v1/stats/overview': {
    summary: 'Back office: the figures of a window (days, hours or from..to)',
    query: S.statsWindowQuery,
  },
  'GET /api/external/v1/stats/games': {
    summary: 'Back office: per game, realised RTP against designed with its ±3σ band',
    query: S.statsWindowQuery,
  },
  'GET /api/external/v1/stats/players': {
    summary: 'Back office: find players by name, email or id',
    query: S.statsPlayerSearchQuery,
  },
  'GET /api/external/v1/stats/players/:id': { summary: 'Back office: the player view' },
  'POST /api/external/v1/stats/players/:id/notes': {
    summary: 'Back office: add a staff note on a player',
    body: S.staffNoteBody,
  },
  'GET /api/external/v1/stats/health': { summary: 'Back office: the scheduled ledger checks' },
  'PUT /api/external/v1/stats/settings': {
    summary: 'Back office: turn the public transparency page on or off',
    body: S.backofficeSettingsBody,
  },
  'GET /api/transparency': { summary: 'Every game’s realised RTP against its designed RTP (public)' },
  'GET /api/external/v1/audit-log': { summary: 'The admin audit log', query: S.auditLogQuery },
  'POST /api/external/v1/controls/toggle-state': {
    summary: 'Switch a site control',
    body: S.toggleControlBody,
  },
  'POST /api/external/v1/users/:id/balance': {
    summary: "Adjust a user's balance",
    body: S.adjustBalanceBody,
  },
  'POST /api/external/v1/chat/announce': { summary: 'Announce in chat', body: S.announcementBody },
  'GET /api/external/v1/rain/suspicious': { summary: 'Suspicious rain joins', query: suspiciousQuery },
  'PUT /api/external/v1/trivia/create': { summary: 'Start a trivia', body: triviaCreateBody },
  'PUT /api/external/v1/giveaway/create': { summary: 'Start a giveaway', body: giveawayCreateBody },
  'POST /api/provably-fair/update-seed': { summary: 'Rotate my seed pair', body: S.updateSeedBody },
  'GET /api/bets/live': { summary: 'The live bet feed', query: betsLiveQuery },
  'POST /api/battles/case': { summary: 'A case for a battle', body: S.caseSlugBody },
  'PUT /api/external/v1/cases/save': { summary: 'Create or edit a case', body: S.caseSaveBody },
  'POST /api/battles/game': { summary: 'One battle', body: S.battleGameBody },
  'POST /api/coupon/redeem': { summary: 'Redeem a coupon', body: S.couponRedeemBody },
  'PUT /api/external/v1/coupons/add': { summary: 'Create a coupon', body: S.couponCreateBody },
  'POST /api/user/affiliates/redeem': { summary: 'Use an affiliate code', body: S.affiliateRedeemBody },
  'POST /api/user/affiliates/claim': { summary: 'Claim affiliate earnings', body: null },
  'POST /api/user/affiliates/update-code': {
    summary: 'Set my affiliate code',
    body: S.affiliateUpdateCodeBody,
  },
  'POST /api/vip/claim': { summary: 'Claim VIP rakeback', body: null },
  'POST /api/rewards/faucet/claim': { summary: 'Claim the faucet', body: null },
  'POST /api/cashier/crypto/withdraw': { summary: 'Withdraw crypto', body: S.withdrawBody },
  'POST /api/arkpay/initialize': { summary: 'Start a card deposit', body: S.cardInitializeBody },
  'POST /api/cashapp/initialize': { summary: 'Start a Cash App deposit', body: S.cashappInitializeBody },
  'POST /api/cashapp/check': { summary: 'Check a Cash App payment', body: S.cashappCheckBody },
  'POST /api/kinguin/redeem': { summary: 'Redeem a gift card', body: S.giftcardRedeemBody },
  'POST /api/skinsback/create_order': { summary: 'Start a skins deposit', body: S.skinsOrderBody },
  'GET /api/external/v1/transactions/list': { summary: 'Transactions', query: S.txListQuery },
  'POST /api/external/v1/transactions/confirm/:id': {
    summary: 'Confirm a withdrawal',
    body: S.confirmTxBody,
  },
  'POST /api/external/v1/transactions/cancel/:id': { summary: 'Cancel a withdrawal', body: null },
  'PUT /api/external/v1/giftcards/import': { summary: 'Import gift card codes', body: S.giftcardImportBody },
  'GET /api/external/v1/sandbox/chain': { summary: 'The sandbox chain', query: sandboxChainQuery },
  'POST /api/external/v1/sandbox/chain/send': {
    summary: 'Send on the sandbox chain',
    body: S.sandboxSendBody,
  },
  'POST /api/external/v1/sandbox/chain/mine': { summary: 'Mine sandbox blocks', body: S.sandboxMineBody },
  'POST /api/callbacks/arkpay': { summary: 'ArkPay webhook (signed raw body)', body: S.arkpayWebhookBody },
  'POST /api/callbacks/skinsback': {
    summary: 'Skinsback webhook (signed raw body)',
    body: S.skinsCallbackBody,
  },
  'POST /sandbox/arkpay/checkout/:id/pay': { summary: 'Sandbox card checkout: pay', body: null },
  'POST /sandbox/arkpay/checkout/:id/cancel': { summary: 'Sandbox card checkout: cancel', body: null },
  'POST /sandbox/cashapp/pay': { summary: 'Sandbox Cash App: pay', body: S.sandboxCashappPayBody },
  'POST /sandbox/skinsback/:id/deposit': {
    summary: 'Sandbox skins deposit',
    body: S.sandboxSkinsDepositBody,
  },
};

/**
 * The admin API: every route under /api/external/ answers only an admin (requireAdmin), and its part
 * of the OpenAPI document is shown only to one (issue 26 item 10).
 */
export const isAdminRoute = (url: string): boolean => url.startsWith('/api/external/');

/**
 * The OpenAPI document as `user` may read it: everything for an admin, otherwise the document without
 * the admin routes (and without the admin tags and any schema only they used).
 */
export function openApiFor(full: Record<string, unknown>, admin: boolean): Record<string, unknown> {
  if (admin) return full;
  const paths = Object.fromEntries(
    Object.entries((full.paths ?? {}) as Record<string, unknown>).filter(([p]) => !isAdminRoute(p)),
  );
  const tags = full.tags as Array<{ name: string }> | undefined;
  return {
    ...full,
    paths,
    ...(tags ? { tags: tags.filter((t) => !t.name.startsWith('admin: ')) } : {}),
  };
}

/** Whether the request comes from a signed-in admin (x-auth-token), for the documents. */
async function fromAdmin(ctx: Ctx, req: FastifyRequest): Promise<boolean> {
  try {
    return isAdmin(await currentUser(ctx, req));
  } catch {
    return false; // a session lookup that fails shows the public document, never an error page
  }
}

/** Routes left out of the OpenAPI document: the documents themselves and the Prometheus scrape (text, token). */
export const UNDOCUMENTED = (url: string) => url.startsWith('/api/docs') || url === '/metrics';

/** A zod schema as a JSON Schema (2020-12, what OpenAPI 3.1 uses), as the client sends it. */
export function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
  }) as Record<string, unknown>;
  return rest;
}

const pathParams = (url: string): string[] =>
  [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);

/** Socket events as an AsyncAPI 3 document: one channel per namespace, a receive operation per event. */
export function asyncApiDocument(realtime: Realtime): Record<string, unknown> {
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const messages: Record<string, Record<string, unknown>> = {};
  for (const e of realtime.events()) {
    const ch = e.ns;
    if (!messages[ch]) messages[ch] = {};
    const msgs = messages[ch];
    const id = e.event.replace(/[^A-Za-z0-9_-]/g, '_');
    msgs[id] = {
      name: e.event,
      summary: e.auth ? 'Needs a signed-in socket (send `auth` first).' : 'Open to anonymous sockets.',
      payload: { ...jsonSchemaOf(e.schema), description: 'The positional arguments, as a tuple.' },
    };
    const errId = `${e.errorEvent.replace(/[^A-Za-z0-9_-]/g, '_')}__answer`;
    msgs[errId] = {
      name: e.errorEvent,
      summary: 'Sent back when the payload fails its schema or the action is refused (one sentence).',
      payload: { type: ['string', 'object'] },
    };
    operations[`${ch}_${id}`] = {
      action: 'receive',
      channel: { $ref: `#/channels/${ch}` },
      messages: [{ $ref: `#/channels/${ch}/messages/${id}` }],
      reply: {
        channel: { $ref: `#/channels/${ch}` },
        messages: [{ $ref: `#/channels/${ch}/messages/${errId}` }],
      },
      'x-namespace': `/${ch}`,
      'x-event': e.event,
      'x-answer-events': [e.errorEvent],
      'x-auth': e.auth,
    };
  }
  for (const [ch, msgs] of Object.entries(messages)) {
    channels[ch] = { address: `/${ch}`, description: `Socket.IO namespace /${ch}`, messages: msgs };
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Coinsite sockets',
      version: '1.0.0',
      description:
        'Socket.IO events the server handles, generated from the shared zod schemas (Realtime.events()).',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
  };
}

const esc = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** A plain page of the socket events (no script: it works under the site's Content-Security-Policy). */
function socketsPage(realtime: Realtime): string {
  const rows = realtime
    .events()
    .map(
      (e) =>
        `<tr><td>/${esc(e.ns)}</td><td><code>${esc(e.event)}</code></td><td>${e.auth ? 'yes' : 'no'}</td>` +
        `<td><pre>${esc(JSON.stringify(jsonSchemaOf(e.schema), null, 1))}</pre></td><td><code>${esc(e.errorEvent)}</code></td></tr>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Coinsite socket events</title><style>
body{font:14px system-ui,sans-serif;margin:24px;color:#1b1f24}table{border-collapse:collapse;width:100%}
td,th{border:1px solid #d0d7de;padding:6px 8px;text-align:left;vertical-align:top}th{background:#f6f8fa}
pre{margin:0;font-size:12px;white-space:pre-wrap;max-width:60ch}
</style></head><body><h1>Socket events</h1>
<p>Generated from the shared zod schemas. Machine-readable: <a href="/api/docs/asyncapi.json">AsyncAPI 3</a>.
HTTP routes: <a href="/api/docs">OpenAPI</a>. Payloads are positional arguments (a tuple); the answer event carries a sentence on failure.</p>
<table><thead><tr><th>Namespace</th><th>Event</th><th>Sign-in</th><th>Payload schema</th><th>Answer event</th></tr></thead>
<tbody>${rows}</tbody></table></body></html>`;
}

/**
 * The API documents: OpenAPI 3.1 from the route table plus ROUTE_DOCS (at /api/docs, JSON at
 * /api/docs/openapi.json), the socket events from Realtime.events() (/api/docs/asyncapi.json and the
 * page /api/docs/sockets). Registered before the features, so the swagger plugin sees every route.
 */
export async function registerApiDocs(app: FastifyInstance, ctx: Ctx): Promise<void> {
  const realtime = ctx.realtime;
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Coinsite API',
        version: '1.0.0',
        description:
          'Generated from the shared zod schemas. Signed-in routes take the session token in the `x-auth-token` header.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'x-auth-token' } },
      },
    },
    transform: ({ schema, url, route }) => {
      const method = [route.method].flat()[0] as string;
      if (UNDOCUMENTED(url) || method === 'HEAD') return { schema: { ...schema, hide: true }, url };
      const doc = ROUTE_DOCS[`${method} ${url}`] ?? {};
      const params = pathParams(url);
      const tag = url.split('/').filter(Boolean)[url.startsWith('/api/external/') ? 3 : 1] ?? 'site';
      return {
        url,
        schema: {
          summary: doc.summary,
          tags: [url.startsWith('/api/external/') ? `admin: ${tag}` : tag],
          ...(doc.body ? { body: jsonSchemaOf(doc.body) } : {}),
          ...(doc.query ? { querystring: jsonSchemaOf(doc.query) } : {}),
          ...(params.length
            ? {
                params: {
                  type: 'object',
                  properties: Object.fromEntries(params.map((p) => [p, { type: 'string' }])),
                  required: params,
                },
              }
            : {}),
          response: {
            '4XX': {
              description: 'A client mistake: one sentence.',
              type: 'object',
              properties: { error: { type: 'string' } },
            },
          },
        },
      };
    },
  });
  // Swagger UI's own /api/docs/json and /yaml: the session is looked up before the document is made
  const admins = new WeakSet<FastifyRequest>();
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: false,
    uiHooks: {
      preHandler: async (req) => {
        if (await fromAdmin(ctx, req)) admins.add(req);
      },
    },
    transformSpecification: (spec, req) =>
      openApiFor(spec as Record<string, unknown>, admins.has(req as FastifyRequest)) as typeof spec,
  });
  app.get('/api/docs/openapi.json', { schema: { hide: true } }, async (req) =>
    openApiFor(app.swagger() as unknown as Record<string, unknown>, await fromAdmin(ctx, req)),
  );
  // built once, on first request (every handler is registered by then)
  let asyncapi: Record<string, unknown> | undefined;
  let page: string | undefined;
  app.get('/api/docs/asyncapi.json', { schema: { hide: true } }, async () => {
    asyncapi ??= asyncApiDocument(realtime);
    return asyncapi;
  });
  app.get('/api/docs/sockets', { schema: { hide: true } }, async (_req, reply) => {
    page ??= socketsPage(realtime);
    return reply.type('text/html; charset=utf-8').send(page);
  });
}

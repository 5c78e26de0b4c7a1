import { twoFactorEnabled } from '../account/two-factor.service.ts';
import { randomInt } from 'node:crypto';
import { USERNAME_RE } from '@coinsite/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  type Assertion,
  createSteamOpenId,
  NONCE_MAX_SKEW_MS,
  OpenIdError,
  type PlayerSummary,
  RETURN_PATH,
  type SteamOpenId,
} from '../../integrations/steam.ts';
import type { Ctx } from '../context.ts';
import { Errors } from '../errors.ts';
import { pgErrorCode } from '../tx.ts';
import { loadLimit } from '../rate-limit.ts';
import type { Feature } from '../feature.ts';

const MIN = 60_000;
const TOO_MANY = 'Too many attempts, please wait a few minutes and try again.';
const LOGIN_DISABLED = Errors.disabled('Login').message;

/**
 * Steam sign-in (PROTOCOL §2.6). Both routes always answer with a redirect: the browser is in the
 * middle of a navigation, so a failure becomes `/login/steam?error=<sentence>` for the page to show.
 */
const STEAM_2FA_CODE_TTL_MS = 5 * 60_000;

export function steamRoutes(app: FastifyInstance, ctx: Ctx): void {
  const steam = createSteamOpenId({
    openIdUrl: ctx.config.STEAM_OPENID_URL,
    publicUrl: ctx.config.publicUrl,
    apiKey: ctx.config.STEAM_API_KEY,
    apiUrl: ctx.config.STEAM_API_URL,
  });

  app.get('/api/auth/steam', (req, reply) =>
    redirecting(req, reply, async () => {
      if (!(await ctx.limiter.hit(`steam:ip:${req.ip}`, loadLimit(30, 10 * MIN))))
        throw new OpenIdError(TOO_MANY);
      // Admins are exempt from the login control, but nobody is known before the provider answers.
      if (!(await ctx.controls.isEnabled('login'))) throw new OpenIdError(LOGIN_DISABLED);
      return steam.loginUrl();
    }),
  );

  app.get(RETURN_PATH, (req, reply) =>
    redirecting(req, reply, async () => {
      if (!(await ctx.limiter.hit(`steam-return:ip:${req.ip}`, loadLimit(30, 10 * MIN))))
        throw new OpenIdError(TOO_MANY);
      const query = new URL(req.url, 'http://localhost').searchParams;
      const assertion = steam.checkAssertion(query);
      // Remembered before the provider is asked, so two concurrent replays cannot both get through.
      await rememberNonce(ctx, assertion);
      await steam.confirmWithProvider(query);
      return signIn(ctx, steam, assertion.steamId);
    }),
  );
}

async function redirecting(
  req: FastifyRequest,
  reply: FastifyReply,
  fn: () => Promise<string>,
): Promise<FastifyReply> {
  try {
    return reply.redirect(await fn(), 302);
  } catch (err) {
    // Refusals are logged too: replays and forged assertions are worth seeing.
    if (err instanceof OpenIdError) req.log.warn({ reason: err.message }, 'steam sign-in refused');
    else req.log.error({ err }, 'steam sign-in failed');
    const message = err instanceof OpenIdError ? err.message : 'Steam sign-in failed. Please try again.';
    return reply.redirect(`/login/steam?${new URLSearchParams({ error: message })}`, 302);
  }
}

async function rememberNonce(ctx: Ctx, a: Assertion): Promise<void> {
  // A nonce older than the window is refused as stale before it gets here, so its row can go.
  const forgetBefore = new Date(Date.now() - NONCE_MAX_SKEW_MS - MIN);
  await ctx.db.deleteFrom('openid_nonces').where('issued_at', '<', forgetBefore).execute();
  const row = await ctx.db
    .insertInto('openid_nonces')
    .values({ op_endpoint: a.opEndpoint, nonce: a.nonce, issued_at: a.nonceIssuedAt })
    .onConflict((oc) => oc.columns(['op_endpoint', 'nonce']).doNothing())
    .returning('nonce')
    .executeTakeFirst();
  if (!row) throw new OpenIdError('This Steam sign-in was already used. Please sign in again.');
}

/** Finds or creates the account of a confirmed SteamID; returns where the browser goes next. */
async function signIn(ctx: Ctx, steam: SteamOpenId, steamId: string): Promise<string> {
  const existing = await ctx.db
    .selectFrom('users')
    .select(['id', 'rank', 'banned'])
    .where('steam_id', '=', steamId)
    .executeTakeFirst();
  if (existing?.banned) return '/banned';
  if ((existing?.rank ?? 0) < 5 && !(await ctx.controls.isEnabled('login')))
    throw new OpenIdError(LOGIN_DISABLED);
  const summary = await steam.playerSummary(steamId);
  let userId: number;
  if (existing) {
    userId = existing.id;
    if (summary?.avatar)
      await ctx.db.updateTable('users').set({ avatar: summary.avatar }).where('id', '=', userId).execute();
  } else {
    userId = await createSteamUser(ctx, steamId, summary);
  }
  // issue 16: an account with 2FA on types a code at the exchange: its link lives 5 minutes, not 60 s
  const ttl = (await twoFactorEnabled(ctx, userId)) ? STEAM_2FA_CODE_TTL_MS : undefined;
  return `/login/steam?${new URLSearchParams({ token: await ctx.sessions.createLoginCode(userId, ttl) })}`;
}

async function createSteamUser(ctx: Ctx, steamId: string, summary: PlayerSummary | null): Promise<number> {
  const base = usernameBase(steamId, summary?.name);
  for (let attempt = 0; attempt < 20; attempt++) {
    const suffix = attempt === 0 ? '' : `_${attempt < 9 ? attempt + 1 : randomInt(10_000, 1_000_000)}`;
    const username = base.slice(0, 16 - suffix.length) + suffix;
    try {
      const row = await ctx.db
        .insertInto('users')
        .values({
          username,
          steam_id: steamId,
          email: null,
          password_hash: null,
          avatar: summary?.avatar ?? '',
        })
        .onConflict((oc) => oc.column('steam_id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (row) return row.id;
      // A concurrent sign-in of the same Steam account created it first.
      const other = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('steam_id', '=', steamId)
        .executeTakeFirstOrThrow();
      return other.id;
    } catch (err) {
      if (pgErrorCode(err) !== '23505') throw err; // the username is taken: try the next one
    }
  }
  throw new OpenIdError('Could not create your account. Please try again.');
}

/** The persona name when it makes a valid username, else `steam_` and the last digits of the SteamID. */
function usernameBase(steamId: string, personaName: string | undefined): string {
  const fromName = (personaName ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 16);
  return USERNAME_RE.test(fromName) ? fromName : `steam_${steamId.slice(-10)}`;
}

/** Steam OpenID sign-in and linking. */
export const feature: Feature = { name: 'steam', routes: steamRoutes };

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSteamOpenId, RETURN_PATH } from '../../integrations/steam.ts';
import {
  FAKE_API_KEY,
  type FakeOpenId,
  freePort,
  nonceAt,
  startFakeOpenId,
} from '../../test-support/fake-openid.ts';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';

/** One hop of a browser navigation: the Location of a 302, resolved against the request URL. */
async function hop(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.text();
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '', url);
}

for (const db of DB_KINDS) {
  describe(`Steam sign-in (${db})`, () => {
    let server: TestServer;
    let fake: FakeOpenId;
    let returnUrl: string;

    beforeAll(async () => {
      fake = await startFakeOpenId();
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      returnUrl = `${publicUrl}${RETURN_PATH}`;
      server = await startServer({
        db,
        env: {
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          STEAM_OPENID_URL: fake.loginUrl,
          RATE_LIMIT_FACTOR: '10',
        },
      });
    });
    afterAll(async () => {
      await server?.close();
      await fake?.close();
    });

    /** The whole browser journey: our start route → provider → our return route. */
    async function signInFlow(): Promise<URL> {
      const atProvider = await hop(`${server.url}/api/auth/steam`);
      const back = await hop(atProvider.toString());
      return hop(back.toString());
    }

    async function exchange(landing: URL): Promise<{ _id: string; username: string; avatar: string }> {
      expect(landing.pathname).toBe('/login/steam');
      const code = landing.searchParams.get('token') ?? '';
      const ex = await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code });
      expect(ex.status).toBe(200);
      const me = await server.api<{ user: { _id: string; username: string; avatar: string } }>(
        'GET',
        '/api/user',
        undefined,
        ex.body.token,
      );
      expect(me.status).toBe(200);
      return me.body.user;
    }

    /** Sends an assertion to our return route; returns the error sentence shown on the sign-in page. */
    async function refusal(params: URLSearchParams): Promise<string> {
      const landing = await hop(`${server.url}${RETURN_PATH}?${params}`);
      expect(landing.pathname).toBe('/login/steam');
      expect(landing.searchParams.get('token')).toBeNull();
      return landing.searchParams.get('error') ?? '';
    }

    it('sends the browser to the provider with a checkid_setup request', async () => {
      const at = await hop(`${server.url}/api/auth/steam`);
      expect(`${at.origin}${at.pathname}`).toBe(fake.loginUrl);
      expect(Object.fromEntries(at.searchParams)).toEqual({
        'openid.ns': 'http://specs.openid.net/auth/2.0',
        'openid.mode': 'checkid_setup',
        'openid.return_to': returnUrl,
        'openid.realm': new URL(returnUrl).origin,
        'openid.identity': 'http://specs.openid.net/auth/2.0/identifier_select',
        'openid.claimed_id': 'http://specs.openid.net/auth/2.0/identifier_select',
      });
    });

    it('signs in a new Steam account, and the same account the next time', async () => {
      fake.steamId = '76561197960287930';
      const first = await exchange(await signInFlow());
      expect(first.username).toBe('steam_7960287930');
      const again = await exchange(await signInFlow());
      expect(again._id).toBe(first._id);
      const row = await server.site.ctx.db
        .selectFrom('users')
        .select(['steam_id', 'email', 'password_hash'])
        .where('id', '=', Number(first._id))
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ steam_id: '76561197960287930', email: null, password_hash: null });
    });

    it('picks a free username when the default one is taken', async () => {
      await server.newUser({ username: 'steam_7960287931' });
      fake.steamId = '76561197960287931';
      const user = await exchange(await signInFlow());
      expect(user.username).toBe('steam_79602879_2');
    });

    it('refuses a replayed assertion without asking the provider again', async () => {
      fake.steamId = '76561197960287930';
      const back = await hop((await hop(`${server.url}/api/auth/steam`)).toString());
      await exchange(await hop(back.toString()));
      const checks = fake.checks;
      const replay = await hop(back.toString());
      expect(replay.searchParams.get('error')).toBe(
        'This Steam sign-in was already used. Please sign in again.',
      );
      expect(fake.checks).toBe(checks);
    });

    it('refuses a tampered claimed_id that the provider does not confirm', async () => {
      const params = fake.issue(returnUrl);
      const forged = `${fake.base}/openid/id/76561197960299999`;
      params.set('openid.claimed_id', forged);
      params.set('openid.identity', forged);
      expect(await refusal(params)).toBe('Steam could not confirm this sign-in. Please sign in again.');
      const user = await server.site.ctx.db
        .selectFrom('users')
        .select('id')
        .where('steam_id', '=', '76561197960299999')
        .executeTakeFirst();
      expect(user).toBeUndefined();
    });

    it('refuses assertions that fail the local checks, before asking the provider', async () => {
      const checks = fake.checks;
      const otherHost = 'https://steamcommunity.example/openid/id/76561197960287930';
      const cases: Array<[Record<string, string>, string]> = [
        [{ op_endpoint: 'http://127.0.0.1:1/openid/login' }, 'This sign-in did not come from Steam.'],
        [
          { return_to: 'http://evil.example/api/auth/steam/return' },
          'This Steam sign-in was meant for another site.',
        ],
        [{ return_to: `${returnUrl}?next=/x` }, 'This Steam sign-in was meant for another site.'],
        [{ claimed_id: otherHost, identity: otherHost }, 'Steam did not name a Steam account.'],
        [{ identity: `${fake.base}/openid/id/76561197960287931` }, 'Steam did not name a Steam account.'],
        [
          { claimed_id: `${fake.base}/openid/id/abc`, identity: `${fake.base}/openid/id/abc` },
          'Steam did not name a Steam account.',
        ],
        [
          { signed: 'signed,op_endpoint,claimed_id,identity,response_nonce,assoc_handle' },
          'The Steam sign-in response is not signed properly.',
        ],
        [
          { response_nonce: nonceAt(new Date(Date.now() - 10 * 60_000)) },
          'This Steam sign-in has expired. Please sign in again.',
        ],
        [
          { response_nonce: nonceAt(new Date(Date.now() + 10 * 60_000)) },
          'This Steam sign-in has expired. Please sign in again.',
        ],
        [{ response_nonce: 'not-a-nonce' }, 'Steam did not send a valid sign-in response.'],
        [{ ns: 'http://openid.net/signon/1.1' }, 'Steam did not send a valid sign-in response.'],
        [{ mode: 'cancel' }, 'Steam sign-in was cancelled.'],
      ];
      for (const [overrides, error] of cases) {
        expect(await refusal(fake.issue(returnUrl, overrides)), JSON.stringify(overrides)).toBe(error);
      }
      const doubled = fake.issue(returnUrl);
      doubled.append('openid.claimed_id', `${fake.base}/openid/id/1`);
      expect(await refusal(doubled)).toBe('Steam did not send a valid sign-in response.');
      expect(await refusal(new URLSearchParams())).toBe('Steam did not send a valid sign-in response.');
      expect(fake.checks).toBe(checks);
    });

    it('sends a banned account to /banned', async () => {
      fake.steamId = '76561197960287932';
      await exchange(await signInFlow());
      await server.site.ctx.db
        .updateTable('users')
        .set({ banned: true })
        .where('steam_id', '=', fake.steamId)
        .execute();
      const landing = await signInFlow();
      expect(landing.pathname).toBe('/banned');
      expect(landing.search).toBe('');
    });

    it('refuses to start or finish a sign-in while login is disabled', async () => {
      fake.steamId = '76561197960287930';
      const started = await hop(`${server.url}/api/auth/steam`);
      await server.site.ctx.controls.toggle('login');
      try {
        const refused = await hop(`${server.url}/api/auth/steam`);
        expect(refused.pathname).toBe('/login/steam');
        expect(refused.searchParams.get('error')).toBe('Login is currently disabled.');
        // A sign-in begun before the switch is refused on its way back too.
        const back = await hop(started.toString());
        expect((await hop(back.toString())).searchParams.get('error')).toBe('Login is currently disabled.');
      } finally {
        await server.site.ctx.controls.toggle('login');
      }
    });

    it('answers with a redirect, not a 500, when the provider is down', async () => {
      const params = fake.issue(returnUrl);
      await fake.down();
      try {
        expect(await refusal(params)).toBe('Steam could not be reached. Please try again later.');
      } finally {
        await fake.up();
      }
    });
  });
}

describe('Steam Web API player summary', () => {
  let fake: FakeOpenId;
  beforeAll(async () => {
    fake = await startFakeOpenId();
    fake.personas.set('76561197960287930', { name: 'Gabe', avatar: 'https://avatars.example/gabe_full.jpg' });
  });
  afterAll(() => fake?.close());

  const adapter = (apiKey?: string) =>
    createSteamOpenId({
      openIdUrl: fake.loginUrl,
      publicUrl: 'http://localhost:3000',
      apiKey,
      apiUrl: fake.base,
    });

  it('reads the persona name and avatar with an API key', async () => {
    expect(await adapter(FAKE_API_KEY).playerSummary('76561197960287930')).toEqual({
      name: 'Gabe',
      avatar: 'https://avatars.example/gabe_full.jpg',
    });
  });

  it('gives null without a key, with a refused key, or for an unknown account', async () => {
    expect(await adapter().playerSummary('76561197960287930')).toBeNull();
    expect(await adapter('wrong').playerSummary('76561197960287930')).toBeNull();
    expect(await adapter(FAKE_API_KEY).playerSummary('76561197960200000')).toBeNull();
  });
});

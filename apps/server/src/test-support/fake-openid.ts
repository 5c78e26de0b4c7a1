import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

const NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = `${NS}/identifier_select`;
const SIGNED = 'signed,op_endpoint,claimed_id,identity,return_to,response_nonce,assoc_handle';
export const FAKE_API_KEY = 'fake-steam-api-key';

/**
 * A stand-in for Steam's OpenID 2.0 provider (and the one Web API call we make). It signs nothing:
 * it remembers every assertion it issued, and `check_authentication` says `is_valid:true` only for
 * one it issued, unchanged, and only the first time it is asked.
 */
export interface FakeOpenId {
  /** `http://127.0.0.1:<port>`; also the base of the fake Web API. */
  base: string;
  /** The OpenID endpoint to configure as STEAM_OPENID_URL. */
  loginUrl: string;
  /** The account the next checkid_setup signs in as. */
  steamId: string;
  /** Persona names and avatars served by GetPlayerSummaries. */
  personas: Map<string, { name: string; avatar: string }>;
  /** How many check_authentication requests arrived. */
  checks: number;
  /** A positive assertion for `returnTo`, with fields replaced; the provider will confirm it once. */
  issue(returnTo: string, overrides?: Record<string, string>): URLSearchParams;
  /** Stops listening (connections are refused) / listens again on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (the server's PUBLIC_URL has to be known before it listens). */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const addr = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof addr !== 'object' || !addr) throw new Error('no port');
  return addr.port;
}

/** An OpenID 2.0 response nonce: a UTC timestamp without fractions, then random characters. */
export function nonceAt(date: Date): string {
  return `${date.toISOString().replace(/\.\d{3}Z$/, 'Z')}${randomBytes(6).toString('hex')}`;
}

export async function startFakeOpenId(): Promise<FakeOpenId> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const issued = new Map<string, Record<string, string>>();

  const fake: FakeOpenId = {
    base,
    loginUrl: `${base}/openid/login`,
    steamId: '76561197960287930',
    personas: new Map(),
    checks: 0,
    issue(returnTo, overrides = {}) {
      const claimedId = `${base}/openid/id/${fake.steamId}`;
      const fields: Record<string, string> = {
        ns: NS,
        mode: 'id_res',
        op_endpoint: fake.loginUrl,
        claimed_id: claimedId,
        identity: claimedId,
        return_to: returnTo,
        response_nonce: nonceAt(new Date()),
        assoc_handle: '1234567890',
        signed: SIGNED,
        sig: randomBytes(20).toString('base64'),
        ...overrides,
      };
      issued.set(fields.sig ?? '', fields);
      return new URLSearchParams(Object.entries(fields).map(([k, v]) => [`openid.${k}`, v]));
    },
    down: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    up: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve)),
    close: () => (server.listening ? fake.down() : Promise.resolve()),
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/openid/login')
      return checkidSetup(fake, url.searchParams, res);
    if (req.method === 'POST' && url.pathname === '/openid/login') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => {
        body += chunk;
      });
      req.on('end', () => {
        fake.checks++;
        const valid = checkAuthentication(issued, new URLSearchParams(body));
        res.writeHead(200, { 'content-type': 'text/plain' }).end(`ns:${NS}\nis_valid:${valid}\n`);
      });
      return;
    }
    if (req.method === 'GET' && url.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
      return playerSummaries(fake, url.searchParams, res);
    }
    res.writeHead(404).end();
  });
  await fake.up();
  return fake;
}

/** Signs the user in at once: straight back to return_to with a positive assertion. */
function checkidSetup(fake: FakeOpenId, q: URLSearchParams, res: http.ServerResponse): void {
  const returnTo = q.get('openid.return_to') ?? '';
  const realm = q.get('openid.realm') ?? '';
  const wellFormed =
    q.get('openid.ns') === NS &&
    q.get('openid.mode') === 'checkid_setup' &&
    q.get('openid.identity') === IDENTIFIER_SELECT &&
    q.get('openid.claimed_id') === IDENTIFIER_SELECT &&
    realm !== '' &&
    returnTo.startsWith(realm);
  if (!wellFormed) {
    res.writeHead(400, { 'content-type': 'text/plain' }).end('bad checkid_setup request');
    return;
  }
  const assertion = fake.issue(returnTo);
  res.writeHead(302, { location: `${returnTo}${returnTo.includes('?') ? '&' : '?'}${assertion}` }).end();
}

/** Valid only for an assertion we issued, every signed field unchanged, asked for the first time. */
function checkAuthentication(issued: Map<string, Record<string, string>>, form: URLSearchParams): boolean {
  const sig = form.get('openid.sig') ?? '';
  const original = issued.get(sig);
  issued.delete(sig);
  if (!original || form.get('openid.mode') !== 'check_authentication' || form.get('openid.ns') !== NS)
    return false;
  const signed = (original.signed ?? '').split(',');
  return (
    form.get('openid.signed') === original.signed &&
    signed.every((k) => form.get(`openid.${k}`) === original[k])
  );
}

function playerSummaries(fake: FakeOpenId, q: URLSearchParams, res: http.ServerResponse): void {
  if (q.get('key') !== FAKE_API_KEY) {
    res.writeHead(403).end();
    return;
  }
  const players = (q.get('steamids') ?? '').split(',').flatMap((steamid) => {
    const p = fake.personas.get(steamid);
    return p
      ? [{ steamid, personaname: p.name, avatar: p.avatar, avatarmedium: p.avatar, avatarfull: p.avatar }]
      : [];
  });
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ response: { players } }));
}

import { AGE_REGION_TEXT } from '@coinsite/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';
import { ManualClock } from '../clock.ts';
import { AGE_TEXT } from './age.service.ts';

const INVALID = 'Please enter a valid date of birth.';
const NO_STATE = 'Please choose your state.';

/** Issue 26 item 6: age and region are the server's rules, the same ones as the form's. */
describe.each(DB_KINDS)('age and region on %s', (db) => {
  let server: TestServer;
  // the server's clock decides ages: a fixed day
  const clock = new ManualClock(Date.UTC(2026, 10, 26, 12));
  beforeAll(async () => {
    server = await startServer({ db, clock });
  });
  afterAll(() => server?.close());

  const register = (extra: Record<string, unknown>) => {
    const n = Math.floor(Math.random() * 1e8);
    return server.api<{ redirect?: string; error?: string }>('POST', '/api/auth/registration/register', {
      email: `dob_${n}@example.com`,
      username: `dob_${n}`,
      password: 'correct horse',
      ...extra,
    });
  };
  const stored = async (redirect: string | undefined) => {
    const code = redirect?.split('token=')[1];
    const ex = await server.api<{ token: string }>('POST', '/api/auth/exchange-token', { token: code });
    const me = await server.api<{ user: { _id: string } }>('GET', '/api/user', undefined, ex.body.token);
    return server.site.ctx.db
      .selectFrom('users')
      .select([sql<string>`birth_date::text`.as('birth_date'), 'region'])
      .where('id', '=', Number(me.body.user._id))
      .executeTakeFirstOrThrow();
  };

  it('registration refuses an implausible date, an unknown region, and nothing is stored', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ birthDate: '1890-01-01', region: 'CA' }, INVALID],
      [{ birthDate: '1990-05-20', region: 'ZZ' }, NO_STATE],
      [{ birthDate: '2001-02-30', region: 'CA' }, INVALID],
      [{ birthDate: '2030-01-01', region: 'CA' }, INVALID],
      [{ birthDate: '2008-11-27', region: 'CA' }, AGE_REGION_TEXT.underage],
      [{ birthDate: '1990-05-20', region: 'nv' }, AGE_REGION_TEXT.region],
      // each field alone is checked too
      [{ birthDate: '1890-01-01' }, INVALID],
      [{ region: 'ZZ' }, NO_STATE],
    ];
    const before = await server.site.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    for (const [extra, error] of cases)
      expect((await register(extra)).body, JSON.stringify(extra)).toEqual({ error });
    const after = await server.site.ctx.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    // eighteen today, and a territory, lower case
    const ok = await register({ birthDate: '2008-11-26', region: 'pr' });
    expect(await stored(ok.body.redirect)).toEqual({ birth_date: '2008-11-26', region: 'PR' });
  });

  it('an account without a birth date is asked once, with the same rules', async () => {
    const u = await server.newUser({ birthDate: null });
    type Answer = { required: boolean; error?: string; message?: string };
    const age = (body?: unknown) =>
      body === undefined
        ? server.api<Answer>('GET', '/api/account/age', undefined, u.token)
        : server.api<Answer>('POST', '/api/account/age', body, u.token);
    expect((await age()).body).toEqual({ required: true });
    expect((await age({ birthDate: '1890-01-01', region: 'CA' })).body.error).toBe(INVALID);
    expect((await age({ birthDate: '1990-05-20', region: 'ZZ' })).body.error).toBe(NO_STATE);
    expect((await age({ birthDate: '2010-01-01', region: 'CA' })).body.error).toBe(AGE_REGION_TEXT.underage);
    expect((await age({ birthDate: '1990-05-20', region: 'WA' })).body.error).toBe(AGE_REGION_TEXT.region);
    expect((await age({ birthDate: '1990-05-20' })).status).toBe(400);
    expect((await age()).body).toEqual({ required: true });
    const saved = await age({ birthDate: '1990-05-20', region: 'tx' });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ required: false, message: AGE_TEXT.saved });
    expect((await age()).body).toEqual({ required: false });
    // once: a later answer changes nothing
    const again = await age({ birthDate: '1980-01-01', region: 'CA' });
    expect(again.body.error).toBe(AGE_TEXT.onFile);
    const row = await server.site.ctx.db
      .selectFrom('users')
      .select([sql<string>`birth_date::text`.as('birth_date'), 'region'])
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ birth_date: '1990-05-20', region: 'TX' });
    expect((await server.api('GET', '/api/account/age')).status).toBe(401);
  });

  it('GET /api/site names the refused states for the form', async () => {
    expect((await server.api<{ refusedRegions: string[] }>('GET', '/api/site')).body.refusedRegions).toEqual([
      'NV',
      'WA',
    ]);
  });
});

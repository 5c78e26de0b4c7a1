// the round games build hash chains at boot; a short one keeps this server quick to start
process.env.ROUND_CHAIN_LENGTH = '20';

import { MAX_STRATEGIES, PRESETS, type StrategyView } from '@coinsite/shared/autobet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, startServer, type TestServer } from '../../test-support/server.ts';

type List = { strategies: StrategyView[] };

describe.each(DB_KINDS)('saved autobet strategies on %s', (db) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ db });
  });
  afterAll(() => server?.close());

  it('a player saves, replaces, lists and deletes their own strategies per game; bodies are validated', async () => {
    const a = await server.newUser();
    const b = await server.newUser();
    const url = '/api/autobet/strategies';
    expect((await server.api('GET', `${url}?game=dice`)).status).toBe(401);
    expect((await server.api('GET', `${url}?game=poker`, undefined, a.token)).status).toBe(400);

    const saved = await server.api<List>(
      'PUT',
      url,
      { game: 'dice', name: 'Mart', rules: PRESETS.martingale() },
      a.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.strategies.map((s) => s.name)).toEqual(['Mart']);
    expect(saved.body.strategies[0]?.rules).toEqual(PRESETS.martingale());
    // same name: replaced
    await server.api('PUT', url, { game: 'dice', name: 'Mart', rules: PRESETS.paroli() }, a.token);
    await server.api('PUT', url, { game: 'limbo', name: 'Fib', rules: PRESETS.fibonacci() }, a.token);
    const dice = (await server.api<List>('GET', `${url}?game=dice`, undefined, a.token)).body.strategies;
    expect(dice).toHaveLength(1);
    expect(dice[0]?.rules).toEqual(PRESETS.paroli());
    // another player sees none of them
    expect((await server.api<List>('GET', `${url}?game=dice`, undefined, b.token)).body.strategies).toEqual(
      [],
    );

    const bad = await server.api<{ error: string }>(
      'PUT',
      url,
      {
        game: 'dice',
        name: 'x',
        rules: [{ when: { on: 'every', event: 'win' }, act: { do: 'decrease', percent: 500 } }],
      },
      a.token,
    );
    expect(bad.status).toBe(400);
    expect(typeof bad.body.error).toBe('string');

    for (let i = 1; i < MAX_STRATEGIES; i++)
      await server.api('PUT', url, { game: 'dice', name: `s${i}`, rules: PRESETS.martingale() }, a.token);
    const over = await server.api<{ error: string }>(
      'PUT',
      url,
      { game: 'dice', name: 'one more', rules: PRESETS.martingale() },
      a.token,
    );
    expect(over.status).toBe(400);

    const del = await server.api<List>('DELETE', url, { game: 'dice', name: 'Mart' }, a.token);
    expect(del.body.strategies.some((s) => s.name === 'Mart')).toBe(false);
    expect(
      (await server.api<List>('GET', `${url}?game=limbo`, undefined, a.token)).body.strategies,
    ).toHaveLength(1);
  });
});

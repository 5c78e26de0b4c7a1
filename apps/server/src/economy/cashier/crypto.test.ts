import type { CryptoAddressesView, TxsView } from '@coinsite/shared';
import { describe, expect, it } from 'vitest';
import { DB_KINDS, type TestServer } from '../../test-support/server.ts';
import { cashierOf } from './cashier.context.ts';
import { balanceOf, withAdminServer } from './cashier.test-support.ts';

describe.each(DB_KINDS)('crypto deposits on %s', (db) => {
  let server: TestServer;
  let admin: string;
  withAdminServer(db, (s, token) => {
    server = s;
    admin = token;
  });

  const send = (currency: string, address: string, amount: string, token = admin) =>
    server.api<{ txid: string }>(
      'POST',
      '/api/external/v1/sandbox/chain/send',
      { currency, address, amount },
      token,
    );
  const mine = (currency: string, blocks: number) =>
    server.api<{ height: number; credited: number }>(
      'POST',
      '/api/external/v1/sandbox/chain/mine',
      { currency, blocks },
      admin,
    );

  it('derives stable per-user addresses with QR images for every currency', async () => {
    expect((await server.api('GET', '/api/cashier/crypto/addresses')).status).toBe(401);
    const a = await server.newUser();
    const b = await server.newUser();
    const first = await server.api<CryptoAddressesView>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      a.token,
    );
    expect(Object.keys(first.body).sort()).toEqual(['btc', 'doge', 'eth', 'ltc', 'sol', 'usdc', 'usdt']);
    expect(first.body.btc.address).toMatch(/^bc1q/);
    expect(first.body.ltc.address).toMatch(/^ltc1q/);
    expect(first.body.doge.address).toMatch(/^D/);
    expect(first.body.eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(first.body.usdc.address).toBe(first.body.eth.address);
    expect(first.body.usdt.address).toBe(first.body.eth.address);
    expect(first.body.sol.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(first.body.btc.dataUrl).toMatch(/^data:image\/png;base64,/);
    // address n of the account is the user's id
    expect(first.body.btc.address).toBe(cashierOf(server.site.ctx).crypto.addressFor('btc', a.id));
    const again = await server.api<CryptoAddressesView>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      a.token,
    );
    expect(again.body).toEqual(first.body);
    const other = await server.api<CryptoAddressesView>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      b.token,
    );
    expect(other.body.btc.address).not.toBe(first.body.btc.address);
  });

  it('credits after 8 confirmations at the configured rate, once', async () => {
    const user = await server.newUser();
    const addrs = await server.api<CryptoAddressesView>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      user.token,
    );
    expect((await send('ltc', addrs.body.ltc.address, '0.5', user.token)).status).toBe(403);
    const sent = await send('ltc', addrs.body.ltc.address, '0.5');
    expect(sent.status).toBe(200);
    let txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.deposits).toMatchObject([
      { currency: 'LTC', state: 1, siteValue: 0, txid: sent.body.txid },
    ]);
    expect((await mine('ltc', 7)).body.credited).toBe(0);
    expect(await balanceOf(server, user.id)).toBe(0);
    // a detected deposit shows its confirmations while pending (issue 14 item 14)
    txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.deposits[0]?.crypto).toMatchObject({ confirmations: 7, required: 8 });
    expect(Number(txs.body.deposits[0]?.crypto?.amount)).toBe(0.5);
    expect((await mine('ltc', 1)).body.credited).toBe(1);
    // 0.5 LTC × $80 = $40 = 80 coins
    expect(await balanceOf(server, user.id)).toBe(8_000);
    txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.deposits).toMatchObject([{ currency: 'LTC', state: 3, siteValue: 80 }]);
    // the watcher sees the transfer again on every pass: nothing more is credited
    expect((await mine('ltc', 3)).body.credited).toBe(0);
    expect(await cashierOf(server.site.ctx).scanChains(['ltc'])).toBe(0);
    expect(await balanceOf(server, user.id)).toBe(8_000);
  });

  it('50 concurrent watcher passes credit a deposit once', async () => {
    const user = await server.newUser();
    const addrs = await server.api<CryptoAddressesView>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      user.token,
    );
    await send('usdc', addrs.body.usdc.address, '12.5');
    // mine on the sandbox chain directly, then let 50 passes race for the credit
    const { sandboxMine } = await import('../../integrations/crypto/sandbox-chain.ts');
    await sandboxMine(server.site.ctx.db, 'usdc', 8);
    const cashier = cashierOf(server.site.ctx);
    const counts = await Promise.all(Array.from({ length: 50 }, () => cashier.scanChains(['usdc'])));
    expect(counts.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await balanceOf(server, user.id)).toBe(2_500);
  });

  it('refuses bad sandbox input and closes dust as declined', async () => {
    const user = await server.newUser();
    const addrs = await server.api<CryptoAddressesView>(
      'GET',
      '/api/cashier/crypto/addresses',
      undefined,
      user.token,
    );
    expect((await send('btc', addrs.body.btc.address, '0.000000001')).body).toEqual({
      error: 'Amount must be positive with at most 8 decimals.',
    });
    expect((await send('xrp', addrs.body.btc.address, '1')).body).toEqual({ error: 'Unknown currency.' });
    await send('doge', addrs.body.doge.address, '0.00000001');
    await mine('doge', 8);
    const txs = await server.api<TxsView>('GET', '/api/user/txs', undefined, user.token);
    expect(txs.body.deposits).toMatchObject([{ currency: 'DOGE', state: 2, siteValue: 0 }]);
    expect(await balanceOf(server, user.id)).toBe(0);
  });
});

import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { blockNumberPrefix } from './block-id.ts';

/**
 * Tests only: a local HTTP server speaking the two calls of the EOS chain API we use. The test moves
 * the chain (`produce`, `finalize`) and may make it misbehave (`failNext`, `wrongIds`).
 */
export interface FakeEos {
  url: string;
  head: number;
  lib: number;
  /** Requests seen, by path. */
  calls: string[];
  /** Answer the next n requests with HTTP 500. */
  failNext: number;
  /** Answer get_block with an id of another block. */
  wrongIds: boolean;
  idOf(blockNumber: number): string;
  close(): Promise<void>;
}

export async function startFakeEos(start = { head: 350_000_000, lib: 349_999_997 }): Promise<FakeEos> {
  const fake: FakeEos = {
    url: '',
    head: start.head,
    lib: start.lib,
    calls: [],
    failNext: 0,
    wrongIds: false,
    idOf: (n) => blockNumberPrefix(n) + createHash('sha256').update(`fake-eos-${n}`).digest('hex').slice(8),
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const path = req.url ?? '';
      fake.calls.push(path);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (fake.failNext > 0) {
        fake.failNext--;
        return send(500, { code: 500, message: 'Internal Service Error' });
      }
      if (req.method === 'POST' && path === '/v1/chain/get_info') {
        return send(200, {
          server_version: 'fake',
          chain_id: 'aca376f206b8fc25a6ed44dbdc66547c36c6c33e3a119ffbeaef943642f0e906',
          head_block_num: fake.head,
          last_irreversible_block_num: fake.lib,
          last_irreversible_block_id: fake.idOf(fake.lib),
          head_block_id: fake.idOf(fake.head),
        });
      }
      if (req.method === 'POST' && path === '/v1/chain/get_block') {
        let n = Number.NaN;
        try {
          n = Number((JSON.parse(raw) as { block_num_or_id?: unknown }).block_num_or_id);
        } catch {
          // fall through to the 400 below
        }
        if (!Number.isSafeInteger(n) || n > fake.head)
          return send(400, { code: 400, message: 'Unknown block' });
        return send(200, {
          block_num: n,
          id: fake.idOf(fake.wrongIds ? n + 1 : n),
          previous: fake.idOf(n - 1),
        });
      }
      send(404, { code: 404, message: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const addr = server.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

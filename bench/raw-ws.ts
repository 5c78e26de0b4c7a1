/**
 * A WebSocket client for the benchmarks' thousands of connections, on a bare TCP socket: the
 * upgrade request, unmasked frames read in place (the server never masks), text frames sent with
 * a zero mask. It costs a fraction of the `ws` library per message, so that a bench with 5,000
 * clients on the server's machine measures the server rather than its own clients. Only what the
 * benches need: no fragments, no extensions, no TLS.
 */
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

export interface RawWebSocket {
  send(text: string): void;
  /** drops the connection at once (no closing handshake) */
  terminate(): void;
  readonly open: boolean;
}

const OP_TEXT = 1;
const OP_BINARY = 2;
const OP_CLOSE = 8;
const HEADER_END = Buffer.from('\r\n\r\n');

/** A masked text frame (mask 0, so the payload goes as it is). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const n = payload.length;
  const head =
    n < 126
      ? Buffer.from([0x81, 0x80 | n, 0, 0, 0, 0])
      : Buffer.from([0x81, 0x80 | 126, n >> 8, n & 0xff, 0, 0, 0, 0]);
  return Buffer.concat([head, payload]);
}

/**
 * Opens `url` (ws://host:port/path?query). `onMessage` gets each text or binary frame as the
 * buffer it arrived in with its payload's start and end (nothing is copied), and the socket to
 * answer on (the server may speak in the same packet as its upgrade answer). Resolves null when
 * the connection or the upgrade fails.
 */
export function openRawWebSocket(
  url: string,
  onMessage: (data: Buffer, start: number, end: number, ws: RawWebSocket) => void,
): Promise<RawWebSocket | null> {
  const u = new URL(url);
  const tcp = connect(Number(u.port), u.hostname);
  tcp.setNoDelay(true);
  let open = false;
  let pending: Buffer | null = null;
  const ws: RawWebSocket = {
    send: (text) => {
      if (open) tcp.write(textFrame(text));
    },
    terminate: () => {
      open = false;
      tcp.destroy();
    },
    get open() {
      return open;
    },
  };

  function frames(buf: Buffer): void {
    let i = 0;
    while (buf.length - i >= 2) {
      const short = (buf[i + 1] as number) & 0x7f;
      let head = 2;
      let len = short;
      if (short === 126) {
        if (buf.length - i < 4) break;
        len = buf.readUInt16BE(i + 2);
        head = 4;
      } else if (short === 127) {
        if (buf.length - i < 10) break;
        len = Number(buf.readBigUInt64BE(i + 2));
        head = 10;
      }
      if (buf.length - i < head + len) break;
      const op = (buf[i] as number) & 0x0f;
      if (op === OP_TEXT || op === OP_BINARY) onMessage(buf, i + head, i + head + len, ws);
      else if (op === OP_CLOSE) ws.terminate();
      i += head + len;
    }
    pending = i < buf.length ? buf.subarray(i) : null;
  }

  return new Promise((resolve) => {
    tcp.once('error', () => resolve(null));
    tcp.on('close', () => {
      open = false;
      resolve(null);
    });
    tcp.on('data', (chunk: Buffer) => {
      const buf = pending ? Buffer.concat([pending, chunk]) : chunk;
      if (open) return frames(buf);
      const end = buf.indexOf(HEADER_END);
      if (end < 0) {
        pending = buf;
        return;
      }
      if (!buf.toString('latin1', 0, 12).startsWith('HTTP/1.1 101')) {
        tcp.destroy();
        return resolve(null);
      }
      open = true;
      resolve(ws);
      frames(buf.subarray(end + HEADER_END.length));
    });
    tcp.write(
      `GET ${u.pathname}${u.search} HTTP/1.1\r\nHost: ${u.host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
        `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
  });
}

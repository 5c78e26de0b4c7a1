/**
 * The clients of `npm run bench:chat`, in their own process (started by bench/chat.ts over IPC):
 * N websocket clients on /chat; the first S of them are signed-in senders posting
 * `b <sentAt ms>` messages so that together they send R messages a second. Every client notes when
 * each message arrives: latency = arrival − sentAt (one machine, one clock).
 *
 * A bare-TCP WebSocket (raw-ws.ts) with the Engine.IO 4 / Socket.IO 5 frames: the Socket.IO
 * client library, or even `ws`, would spend on 5,000 clients about as much as the server, and the
 * benchmark would measure the clients. A message's send time is read from the frame in place.
 */
import { openRawWebSocket, type RawWebSocket } from './raw-ws.ts';
import { connectInBatches, percentile } from './support.ts';

interface Start {
  type: 'start';
  url: string;
  clients: number;
  /** session tokens of the senders (empty for the bare server, whose senders need no auth) */
  tokens: string[];
  senders: number;
  rate: number;
}
type Message = Start | { type: 'measure' } | { type: 'stop' };

const NS = '/chat';
const EVENT = `42${NS},`;
const NEW = Buffer.from(`${EVENT}["new-chat-message",`);
const SENT_AT = Buffer.from('"content":"b ');
const QUOTE = 0x22;
const now = () => performance.timeOrigin + performance.now();
const send = (msg: unknown) => process.send?.(msg);

const sockets: RawWebSocket[] = [];
const latencies: number[] = [];
/** each message's first and last arrival (keyed by its send time): what precedes the fan-out, and the fan-out */
const arrivals = new Map<number, { first: number; last: number }>();
const stats = { sent: 0, errors: 0, received: 0 };
/** each refusal's text and how often: a refusal is a sender's message the server turned down */
const errorTexts: Record<string, number> = {};
let recording = false;
const timers: NodeJS.Timeout[] = [];

function connect(url: string, token: string | undefined): Promise<RawWebSocket | null> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer, start: number, end: number, ws: RawWebSocket) => {
      if (end - start > NEW.length && data.compare(NEW, 0, NEW.length, start, start + NEW.length) === 0) {
        if (!recording) return;
        const at = now();
        // content is "b <sentAt>": read it where it lies, without parsing the Msg
        const i = data.indexOf(SENT_AT, start);
        if (i < 0 || i >= end) return;
        const from = i + SENT_AT.length;
        const to = data.indexOf(QUOTE, from);
        const sentAt = Number(data.toString('latin1', from, to));
        latencies.push(Math.max(0, at - sentAt));
        const seen = arrivals.get(sentAt);
        if (seen) seen.last = at;
        else arrivals.set(sentAt, { first: at, last: at });
        stats.received++;
        return;
      }
      const text = data.toString('utf8', start, end);
      if (text === '2') return ws.send('3');
      if (text.startsWith('0{')) return ws.send(`40${NS},`);
      if (text.startsWith(`40${NS},`)) {
        if (!token) return resolve(ws);
        ws.send(EVENT + JSON.stringify(['auth', token]));
        return;
      }
      if (text.startsWith(`${EVENT}["authenticated"`)) return resolve(ws);
      if (text.startsWith(`${EVENT}["notify-error"`) && recording) {
        stats.errors++;
        // grouped by text with its figures blanked ("please wait # seconds")
        const said = String((JSON.parse(text.slice(EVENT.length)) as unknown[])[1] ?? '').replace(
          /\d+(\.\d+)?/g,
          '#',
        );
        errorTexts[said] = (errorTexts[said] ?? 0) + 1;
      }
    };
    const wsUrl = `${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    void openRawWebSocket(wsUrl, onMessage).then((ws) => {
      if (!ws) resolve(null);
    });
  });
}

async function start(msg: Start): Promise<void> {
  const { opened, failed } = await connectInBatches(msg.clients, (i) => connect(msg.url, msg.tokens[i]));
  sockets.push(...opened);
  send({ type: 'connected', connected: sockets.length, failed });
  const senders = sockets.slice(0, msg.senders);
  const everyMs = (senders.length * 1000) / msg.rate;
  senders.forEach((ws, k) => {
    const post = () => {
      if (!recording) return;
      ws.send(EVENT + JSON.stringify(['send-chat-message', `b ${now()}`]));
      stats.sent++;
    };
    // staggered so that the whole group sends at an even `rate` per second
    timers.push(
      setTimeout(
        () => {
          post();
          timers.push(setInterval(post, everyMs));
        },
        (k * everyMs) / senders.length,
      ),
    );
  });
}

function stop(): void {
  recording = false;
  for (const t of timers) clearTimeout(t);
  latencies.sort((a, b) => a - b);
  const firsts = [...arrivals].map(([sentAt, a]) => a.first - sentAt).sort((a, b) => a - b);
  const spreads = [...arrivals.values()].map((a) => a.last - a.first).sort((a, b) => a - b);
  const connected = sockets.filter((s) => s.open).length;
  for (const s of sockets) s.terminate();
  send({
    type: 'result',
    connected,
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    firstP50: percentile(firsts, 50),
    firstP99: percentile(firsts, 99),
    spreadP50: percentile(spreads, 50),
    spreadP99: percentile(spreads, 99),
    errorTexts,
    ...stats,
  });
  setTimeout(() => process.exit(0), 200);
}

process.on('message', (raw: unknown) => {
  const msg = raw as Message;
  if (msg.type === 'start') void start(msg);
  else if (msg.type === 'measure') recording = true;
  else if (msg.type === 'stop') stop();
});

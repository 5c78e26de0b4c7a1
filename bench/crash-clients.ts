/**
 * The watching clients of `npm run bench:crash`, in their own process (started by bench/crash.ts
 * over IPC): N websocket clients on /crash that record when each tick arrives; a few of them are
 * signed-in players who bet every round and cash out (half by an auto-cashout, half by hand).
 *
 * They speak the Engine.IO 4 / Socket.IO 5 frames over plain `ws` (open, namespace connect, pong,
 * events) instead of socket.io-client: on two shared cores the full client library spends more time
 * per message than the server does, and the benchmark would measure the clients.
 *
 * A tick is keyed by its round and its multiplier (`${roundId}:${multiplier}`; the multiplier only
 * grows within a round, and a repeat of the previous tick's value is skipped on both sides): the
 * orchestrator's probe, connected first on an idle process, gives the time each tick left the
 * server, so latency = arrival here − arrival at the probe (one clock: same machine). (Keyed by its
 * place in the round, as before, a client that came in mid-round counted from another tick than the
 * probe and matched nothing: 20 of 150 ticks measured.)
 */
import WebSocket from 'ws';
import { connectInBatches, percentile } from './support.ts';

interface Start {
  type: 'start';
  url: string;
  clients: number;
  /** session tokens of the betting players (they are among the clients) */
  tokens: string[];
}
type Message = Start | { type: 'measure' } | { type: 'stop'; probe: Record<string, number> };

const NS = '/crash';
const EVENT = `42${NS},`;
const TICK = `${EVENT}["game-tick",`;
const START = `${EVENT}["game-start",`;

const now = () => performance.timeOrigin + performance.now();
const send = (msg: unknown) => process.send?.(msg);

const TICK_BYTES = Buffer.from(TICK);

const sockets: WebSocket[] = [];
/** per connection while recording: round, multiplier text, arrival time (resolved to keys at the end) */
const arrivals: Array<{ rounds: string[]; values: string[]; times: number[] }> = [];
let recording = false;
const stats = { bets: 0, cashouts: 0, errors: 0 };

/** A player's own events: it bets at every round start and cashes out by auto-cashout or by hand. */
function player(ws: WebSocket, manual: boolean) {
  let target = 0;
  let active = false;
  const emit = (...args: unknown[]) => ws.send(EVENT + JSON.stringify(args));
  return (event: string, args: unknown[]) => {
    if (event === 'game-starting') {
      target = Math.round((1.1 + Math.random() * 1.9) * 100);
      // spread the joins over the first second of betting, like people
      setTimeout(() => emit('join-game', manual ? null : target, 0.1), Math.random() * 1000);
    } else if (event === 'game-join-success') {
      active = true;
      stats.bets++;
    } else if (event === 'game-tick' && manual && active && Number(args[0]) * 100 >= target) {
      active = false;
      emit('bet-cashout');
    } else if (event === 'bet-cashout-success') {
      active = false;
      stats.cashouts++;
    } else if (event === 'game-end') active = false;
    else if (event === 'game-join-error' || event === 'bet-cashout-error') stats.errors++;
  };
}

function connect(url: string, token: string | undefined, manual: boolean): Promise<WebSocket | null> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
    perMessageDeflate: false,
    skipUTF8Validation: true,
  });
  const play = token ? player(ws, manual) : null;
  const mine = { rounds: [] as string[], values: [] as string[], times: [] as number[] };
  arrivals.push(mine);
  let round = '';
  let last = '';
  return new Promise((resolve) => {
    ws.once('error', () => resolve(null));
    ws.on('message', (data: Buffer) => {
      // the hot path: one byte comparison and three pushes per tick
      if (
        data.length > TICK_BYTES.length &&
        data.compare(TICK_BYTES, 0, TICK_BYTES.length, 0, TICK_BYTES.length) === 0
      ) {
        if (round && recording) {
          const value = data.toString('latin1', TICK_BYTES.length, data.length - 1);
          if (value !== last) {
            mine.rounds.push(round);
            mine.values.push(value);
            mine.times.push(now());
            last = value;
          }
        }
        if (!play) return;
      }
      const text = data.toString();
      if (text === '2') return ws.send('3'); // ping → pong
      if (text.startsWith('0{')) return ws.send(`40${NS},`); // open → connect the namespace
      if (text.startsWith(`40${NS},`)) {
        if (!token) return resolve(ws);
        ws.send(EVENT + JSON.stringify(['auth', token]));
        return;
      }
      if (!text.startsWith(EVENT)) return;
      if (text.startsWith(START)) {
        const args = JSON.parse(text.slice(EVENT.length)) as [string, { _id?: string }];
        round = String(args[1]?._id ?? '');
        last = '';
      }
      if (!play && !token) return;
      const [event, ...args] = JSON.parse(text.slice(EVENT.length)) as [string, ...unknown[]];
      if (event === 'authenticated') resolve(ws);
      play?.(event, args);
    });
  });
}

async function start(msg: Start): Promise<void> {
  const { opened, failed } = await connectInBatches(msg.clients, (i) =>
    connect(msg.url, msg.tokens[i], i % 2 === 1),
  );
  sockets.push(...opened);
  send({ type: 'connected', connected: sockets.length, failed });
}

function stop(probe: Record<string, number>): void {
  recording = false;
  const latencies: number[] = [];
  const ticks = new Set<string>();
  for (const a of arrivals)
    for (let i = 0; i < a.times.length; i++) {
      const key = `${a.rounds[i]}:${a.values[i]}`;
      const sent = probe[key];
      if (sent === undefined) continue;
      ticks.add(key);
      latencies.push(Math.max(0, (a.times[i] ?? sent) - sent));
    }
  latencies.sort((a, b) => a - b);
  const connected = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  for (const s of sockets) s.terminate();
  send({
    type: 'result',
    connected,
    ticks: ticks.size,
    samples: latencies.length,
    p50: percentile(latencies, 50),
    p90: percentile(latencies, 90),
    p99: percentile(latencies, 99),
    max: latencies.at(-1) ?? Number.NaN,
    ...stats,
  });
  setTimeout(() => process.exit(0), 200);
}

process.on('message', (raw: unknown) => {
  const msg = raw as Message;
  if (msg.type === 'start') void start(msg);
  else if (msg.type === 'measure') {
    for (const a of arrivals) {
      a.rounds.length = 0;
      a.values.length = 0;
      a.times.length = 0;
    }
    // the work counted is the measured window's
    stats.bets = 0;
    stats.cashouts = 0;
    stats.errors = 0;
    recording = true;
  } else if (msg.type === 'stop') stop(msg.probe);
});

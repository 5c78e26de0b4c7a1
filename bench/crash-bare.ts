/**
 * The baseline of `npm run bench:crash`: a bare Socket.IO server with the same options as ours
 * (websocket, EIO3 allowed, per-message deflate off) broadcasting the same events on /crash: a
 * game-start with an id, then the multiplier as game-tick every 100 ms, 150 ticks a round.
 * No database, no game: what Socket.IO alone costs.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const TICK_MS = 100;
const ROUND_TICKS = 150;
const port = Number(process.env.PORT ?? 0);

const http = createServer();
const server = new Server(http, { path: '/socket.io', allowEIO3: true, perMessageDeflate: false });
const crash = server.of('/crash');

let round = 0;
function startRound(): void {
  round++;
  crash.emit('game-start', { _id: String(round), publicSeed: 'bare' });
  const start = performance.now();
  let k = 0;
  const tick = () => {
    if (k >= ROUND_TICKS) {
      crash.emit('game-end', { game: { _id: String(round) } });
      setTimeout(startRound, 1000);
      return;
    }
    const elapsed = performance.now() - start;
    crash.emit('game-tick', Math.floor(100 * Math.exp(0.00006 * elapsed)) / 100);
    k++;
    // the same drift-free schedule as the crash loop
    setTimeout(tick, Math.max(0, start + k * TICK_MS - performance.now()));
  };
  tick();
}

http.listen(port, '127.0.0.1', () => {
  const addr = http.address();
  process.send?.({ type: 'listening', port: typeof addr === 'object' && addr ? addr.port : port });
  startRound();
});

// stopServer's SIGTERM: exit normally (a CPU profile, when asked for, is written on the way out)
process.on('SIGTERM', () => process.exit(0));

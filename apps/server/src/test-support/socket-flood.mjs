// An abusive client in its own process (so its CPU is not the server's): opens SOCKETS sockets on
// URL, prints "ready", floods EVENTS unpaced `auth` events of well-formed random tokens on each,
// prints "sent", then prints "closed <n>" with how many the server closed within 10 s.
import { randomBytes } from 'node:crypto';
import { io } from 'socket.io-client';

const url = process.env.URL;
const sockets = Number(process.env.SOCKETS);
const events = Number(process.env.EVENTS);

const all = await Promise.all(
  Array.from(
    { length: sockets },
    () =>
      new Promise((resolve, reject) => {
        const s = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
        s.once('connect', () => resolve(s));
        s.once('connect_error', reject);
      }),
  ),
);
let closed = 0;
const allClosed = new Promise((resolve) => {
  for (const s of all)
    s.once('disconnect', () => {
      if (++closed === all.length) resolve();
    });
});
console.log('ready');
for (const s of all) for (let i = 0; i < events; i++) s.emit('auth', randomBytes(32).toString('hex'));
console.log('sent');
await Promise.race([allClosed, new Promise((r) => setTimeout(r, 10_000))]);
console.log(`closed ${closed}`);
process.exit(0);

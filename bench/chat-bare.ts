/**
 * The baseline of `npm run bench:chat`: a bare Socket.IO server with the same options as ours
 * (websocket, EIO3 allowed, per-message deflate off) that answers `send-chat-message` by
 * broadcasting a Msg-shaped `new-chat-message` on /chat to everyone. No database, no rules: what
 * Socket.IO alone costs for the same messages.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.env.PORT ?? 0);
const http = createServer();
const server = new Server(http, { path: '/socket.io', allowEIO3: true, perMessageDeflate: false });
const chat = server.of('/chat');
let seq = 0;
chat.on('connection', (socket) => {
  socket.on('send-chat-message', (content: unknown) => {
    seq++;
    chat.emit('new-chat-message', {
      msgId: String(seq),
      content: String(content),
      created: new Date().toISOString(),
      user: {
        id: '1',
        username: 'bare',
        avatar: '',
        rank: 1,
        level: { name: '2', levelName: 'Beginner', levelColor: '#9CA3AF' },
      },
    });
  });
});

http.listen(port, '127.0.0.1', () => {
  const addr = http.address();
  process.send?.({ type: 'listening', port: typeof addr === 'object' && addr ? addr.port : port });
});

// stopServer's SIGTERM: exit normally (a CPU profile, when asked for, is written on the way out)
process.on('SIGTERM', () => process.exit(0));

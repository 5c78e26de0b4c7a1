/** socket.io-client 2.x (Engine.IO 3), installed under an alias for the compatibility suite; untyped. */
declare module 'socket-io-client-2' {
  interface LegacySocket {
    connected: boolean;
    on(event: string, listener: (...args: unknown[]) => void): LegacySocket;
    once(event: string, listener: (...args: unknown[]) => void): LegacySocket;
    emit(event: string, ...args: unknown[]): LegacySocket;
    close(): void;
  }
  function io(url: string, opts?: Record<string, unknown>): LegacySocket;
  export = io;
}

import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export type LogFormat = 'pretty' | 'json';

/**
 * How the server writes its log: readable lines for a person at a terminal, JSON lines for
 * everything else (a file, a pipe, a log collector). `LOG_FORMAT=json|pretty` overrides the guess.
 */
export function chooseLogFormat(stdout: { isTTY?: boolean }, env: { LOG_FORMAT?: string }): LogFormat {
  const wanted = env.LOG_FORMAT?.trim().toLowerCase();
  if (wanted === 'json' || wanted === 'pretty') return wanted;
  return stdout.isTTY === true ? 'pretty' : 'json';
}

const REDACT = ['req.headers["x-auth-token"]', 'req.headers.authorization', '*.password', '*.token'];

/** The server's logger: pino, pretty-printed (time, level, message; no pid or host) on a terminal. */
export function createLogger(level: string, format: LogFormat): Logger {
  const options = { level, redact: REDACT };
  if (format === 'json') return pino(options);
  return pino(
    options,
    pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true }),
  );
}

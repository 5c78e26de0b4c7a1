import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type PpMethod, type PpParams, ppSign } from './protocol.ts';

/**
 * The sandbox provider's server side: the HTTP client a provider's game server uses to call the
 * operator's seamless wallet. It signs every call with the shared secret exactly as the real
 * provider does and sends it over HTTP to our own wallet endpoints, so the sandbox slot walks the
 * real code path (signature, idempotency by reference, the wallet, the bets table).
 */
export type WalletTransport = (method: PpMethod, form: string) => Promise<Record<string, unknown>>;

export class SandboxProviderClient {
  constructor(
    private readonly secret: string,
    private readonly providerId: string,
    private readonly transport: WalletTransport,
  ) {}

  async call(method: PpMethod, params: PpParams): Promise<Record<string, unknown>> {
    const signed = ppSign({ providerId: this.providerId, ...params }, this.secret);
    return this.transport(method, new URLSearchParams(signed).toString());
  }
}

/** A provider reference: 32 hex characters, unique per call. */
export const newReference = () => randomBytes(16).toString('hex');
/** A provider round id: digits, unique per spin. */
export const newRoundId = () => `${Date.now()}${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, '0')}`;

export const SLOTS_SANDBOX_SECRET_FILE = 'slots-sandbox-secret.json';

/**
 * The secret the sandbox provider signs with: drawn once per installation and kept in DATA_DIR (a
 * fixed default would let anyone sign wallet calls on any installation), like the payment sandboxes.
 */
export function sandboxSlotSecret(dataDir: string): string {
  const file = path.join(dataDir, SLOTS_SANDBOX_SECRET_FILE);
  const read = () => {
    try {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as { secret?: unknown };
      return typeof parsed.secret === 'string' && parsed.secret.length >= 32 ? parsed.secret : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new Error(`${file} is not valid: delete it to draw a new sandbox secret`);
    }
  };
  const known = read();
  if (known) return known;
  const fresh = randomBytes(32).toString('hex');
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${JSON.stringify({ secret: fresh })}\n`, { flag: 'wx', mode: 0o600 });
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const other = read();
    if (!other) throw new Error(`${file} is not valid: delete it to draw a new sandbox secret`);
    return other;
  }
}

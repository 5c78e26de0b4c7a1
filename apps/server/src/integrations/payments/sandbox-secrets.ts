import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The secrets the sandbox providers sign with. A fixed default would let anyone sign a callback on
 * any installation, so each installation draws its own once and keeps it in DATA_DIR (the
 * environment's ARKPAY_SANDBOX_SECRET / SKINSBACK_SANDBOX_SECRET win when set). Several nodes
 * with separate data dirs each draw their own: they must share the environment's secrets.
 */
export interface SandboxSecrets {
  arkpay: string;
  skinsback: string;
}

export const SANDBOX_SECRETS_FILE = 'sandbox-secrets.json';

const stored = z.object({ arkpay: z.string().min(16), skinsback: z.string().min(16) });

export function sandboxSecrets(
  dataDir: string,
  env: { arkpay?: string | undefined; skinsback?: string | undefined } = {},
): SandboxSecrets {
  const file = path.join(dataDir, SANDBOX_SECRETS_FILE);
  let secrets = readSecrets(file);
  if (!secrets) {
    const fresh = { arkpay: randomBytes(32).toString('hex'), skinsback: randomBytes(32).toString('hex') };
    mkdirSync(dataDir, { recursive: true });
    try {
      // exclusive create: of two processes starting on one data dir, the first one's secrets stay
      writeFileSync(file, `${JSON.stringify(fresh)}\n`, { flag: 'wx', mode: 0o600 });
      secrets = fresh;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      secrets = readSecrets(file);
      if (!secrets) throw new Error(`${file} is not valid: delete it to draw new sandbox secrets`);
    }
  }
  return { arkpay: env.arkpay ?? secrets.arkpay, skinsback: env.skinsback ?? secrets.skinsback };
}

function readSecrets(file: string): SandboxSecrets | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const parsed = stored.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not valid: delete it to draw new sandbox secrets`);
  return parsed.data;
}

import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The newest .eml written to DATA_DIR/outbox for an address, as text. */
export function lastMailTo(dataDir: string, email: string): string | null {
  const dir = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter(
      (f) => f.endsWith('.eml') && f.includes(email.replace(/[^a-zA-Z0-9@._-]/g, '_')),
    );
  } catch {
    return null;
  }
  const newest = files.sort().at(-1);
  return newest ? readFileSync(path.join(dir, newest), 'utf8') : null;
}

export function resetCodeIn(mail: string): string | null {
  return /security code is: ([A-Z0-9]+)/.exec(mail)?.[1] ?? null;
}

/** A mail's text with quoted-printable undone (long lines are soft-wrapped and `=` written `=3D`). */
export function decodedMail(mail: string): string {
  return mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The one-time code of a mailed sign-in link (`…/login?token=<code>`) in a raw .eml (decode it once only). */
export function loginLinkCodeIn(mail: string): string | null {
  return /\/login\?token=([0-9a-f]{64})/.exec(decodedMail(mail))?.[1] ?? null;
}

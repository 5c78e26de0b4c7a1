import { createHash } from 'node:crypto';
import {
  constants,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MIGRATIONS_DIR, openDatabase } from '../platform/db.ts';

/**
 * A fresh PGlite runs initdb, which takes seconds of CPU (10 s on a busy 2-core machine), and then
 * every migration: test servers start instead from a copy of a data directory made once, migrated and
 * closed cleanly. It is named by a hash of the migrations and the PGlite version, so a new migration
 * (or PGlite) makes a new one, and it is reused by later runs and by concurrent test files (made in a
 * directory of its own and renamed into place whole). The server still runs its migrations at boot:
 * on the copy they find nothing left to do.
 */
let made: Promise<string> | undefined;

function templateKey(): string {
  const hash = createHash('sha256');
  try {
    const pkg = createRequire(import.meta.url)('@electric-sql/pglite/package.json') as { version: string };
    hash.update(`pglite ${pkg.version}\n`);
  } catch {
    hash.update('pglite ?\n');
  }
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(): Promise<string> {
  const final = path.join(tmpdir(), `coinsite-pglite-template-${templateKey()}`);
  if (existsSync(final)) return final;
  const work = mkdtempSync(path.join(tmpdir(), 'coinsite-pglite-making-'));
  try {
    const database = await openDatabase({ dataDir: work });
    await database.close();
    try {
      renameSync(path.join(work, 'pg'), final);
    } catch (err) {
      // another test file made it at the same time: use theirs
      if (!existsSync(final)) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return final;
}

/** Puts a migrated PGlite data directory at `<dataDir>/pg` (where the server opens it) unless one is there. */
export async function seedPglite(dataDir: string): Promise<void> {
  const target = path.join(dataDir, 'pg');
  if (existsSync(target)) return;
  made ??= makeTemplate();
  cpSync(await made, target, { recursive: true, mode: constants.COPYFILE_FICLONE });
}

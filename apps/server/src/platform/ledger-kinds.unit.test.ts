import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TEST_CODE } from '../test-support/test-code.ts';
import { LEDGER_CLASSES, ledgerClass, type LedgerKind } from './wallet.ts';

/**
 * Issue 26: every ledger kind the code can write has a class. The kinds are read from the source,
 * not listed by hand: every `wallet.apply(` / `.apply(unit, {` call's `kind:`, every `INSERT INTO
 * ledger_entries` (only the wallet may write one) and the kinds its SQL writes.
 */
const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...sourceFiles(p));
    // test code (kits included) may move money any way a test needs: only the product is scanned
    else if (/\.(ts|sql)$/.test(e.name) && !TEST_CODE.test(p)) out.push(p);
  }
  return out;
}

/** The text of a call starting at the `(` at `open`, up to its matching `)`. */
function callText(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '(') depth++;
    else if (text[i] === ')' && --depth === 0) return text.slice(open, i + 1);
  }
  throw new Error('unbalanced call');
}

const lineOf = (text: string, at: number) => text.slice(0, at).split('\n').length;

interface Found {
  kinds: Map<string, string[]>;
  /** calls whose kind is not a literal: they pass a typed BalanceChange on (checked by the compiler) */
  passThrough: string[];
  /** INSERT INTO ledger_entries outside the wallet */
  outsideWallet: string[];
}

function scan(): Found {
  const kinds = new Map<string, string[]>();
  const add = (kind: string, where: string) => kinds.set(kind, [...(kinds.get(kind) ?? []), where]);
  const passThrough: string[] = [];
  const outsideWallet: string[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    const rel = path.relative(SRC, file);
    if (file.endsWith('.ts'))
      // creditCountedClaim (economy/rewards) hands its literal kind to wallet.apply: its callers count
      for (const m of text.matchAll(/\bwallet\s*\.apply\(|\.apply\(unit,|\bcreditCountedClaim\(ctx,/g)) {
        const open = (m.index ?? 0) + m[0].indexOf('(');
        const call = callText(text, open);
        const where = `${rel}:${lineOf(text, m.index ?? 0)}`;
        const kind = /\bkind:\s*(?:'([^']+)'|"([^"]+)"|([^,\n}]+))/.exec(call);
        if (!kind) passThrough.push(where);
        else if (kind[1] ?? kind[2]) add((kind[1] ?? kind[2]) as string, where);
        else passThrough.push(`${where} (kind: ${kind[3]?.trim()})`);
      }
    for (const m of text.matchAll(/INSERT\s+INTO\s+ledger_entries/gi)) {
      const where = `${rel}:${lineOf(text, m.index ?? 0)}`;
      if (rel !== path.join('platform', 'wallet.ts')) outsideWallet.push(where);
    }
  }
  // the wallet's own SQL: the bet statements write the kinds named by these typed constants
  const wallet = readFileSync(path.join(SRC, 'platform', 'wallet.ts'), 'utf8');
  for (const m of wallet.matchAll(/const (\w+_KIND): LedgerKind = '([^']+)'/g))
    add(m[2] as string, `platform/wallet.ts ${m[1]}`);
  // and no bare kind literal in its ledger INSERTs' VALUES lists (they must use those constants)
  for (const m of wallet.matchAll(/\(VALUES([\s\S]*?)\) AS v\(/g))
    for (const lit of (m[1] as string).matchAll(/'([a-z_-]+)'/g))
      add(lit[1] as string, 'platform/wallet.ts VALUES');
  return { kinds, passThrough, outsideWallet };
}

describe('ledger kinds (issue 26)', () => {
  const found = scan();

  it('finds the writers (the scan itself works)', () => {
    expect(found.kinds.size).toBeGreaterThanOrEqual(15);
    for (const k of ['bet', 'win', 'coupon', 'rain', 'sent_tip', 'deposit', 'withdraw', 'slots-promo'])
      expect(found.kinds.has(k), k).toBe(true);
  });

  it('every kind the code writes has a class', () => {
    const unclassified = [...found.kinds.entries()]
      .filter(([k]) => !(k in LEDGER_CLASSES))
      .map(([k, where]) => `${k} (${where.join(', ')})`);
    expect(unclassified).toEqual([]);
    for (const k of found.kinds.keys()) expect(ledgerClass(k as LedgerKind)).toBeTruthy();
  });

  it('every class entry is a kind some code writes (no stale entries)', () => {
    // `refund`: slot refunds written before they became `bet_refund` (the ledger is append-only, old
    // rows keep their kind and still need their class)
    const retired = new Set(['refund']);
    expect(Object.keys(LEDGER_CLASSES).filter((k) => !found.kinds.has(k) && !retired.has(k))).toEqual([]);
  });

  it('only the wallet writes ledger rows; a call without a literal kind only passes a typed change on', () => {
    expect(found.outsideWallet).toEqual([]);
    // metrics.ts wraps wallet.apply; webhooks.routes.ts hands a BalanceChange to it; rewards-account.ts
    // is the counted claim, whose callers name their kind (a LedgerKind, checked by the compiler)
    for (const w of found.passThrough)
      expect([
        'platform/metrics.ts',
        'economy/cashier/webhooks.routes.ts',
        'economy/rewards/rewards-account.ts',
      ]).toContain(w.split(':')[0]);
  });
});

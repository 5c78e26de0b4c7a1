import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CODE } from '../test-support/test-code.ts';

/**
 * Production source never imports test code (issue 30): no file under apps/<app>/src or
 * packages/<package>/src that is not itself test code may import a test file, a test-support
 * module or a test library. Test code is named so: *.test.ts(x), *.test-support.ts, *-test-kit.ts,
 * *.fixture.ts, and everything under a test-support/ folder.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TEST_LIBRARIES = /^(vitest|fast-check|playwright-core|@testing-library\/|@stryker-mutator\/)/;
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return /\.(ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

function sourceRoots(): string[] {
  return ['apps', 'packages'].flatMap((group) =>
    readdirSync(path.join(ROOT, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(ROOT, group, entry.name, 'src')),
  );
}

/** "file imports target" for each import of test code from a production file. */
function testImportsFrom(files: Array<{ file: string; text: string }>): string[] {
  const found: string[] = [];
  for (const { file, text } of files) {
    if (TEST_CODE.test(file)) continue;
    for (const [, specifier = ''] of text.matchAll(SPECIFIER)) {
      const target = specifier.startsWith('.') ? path.resolve(path.dirname(file), specifier) : specifier;
      if (TEST_CODE.test(target) || TEST_LIBRARIES.test(specifier)) {
        found.push(`${path.relative(ROOT, file)} imports ${specifier}`);
      }
    }
  }
  return found;
}

describe('the test boundary', () => {
  it('finds an import of test code from production code, and only that', () => {
    const at = (rel: string) => path.join(ROOT, rel);
    expect(
      testImportsFrom([
        {
          file: at('apps/server/src/platform/x.ts'),
          text: "import { fuzz } from '../test-support/fuzz-suite.ts';",
        },
        {
          file: at('apps/server/src/x.ts'),
          text: "export { a } from './economy/cashier/cashier.test-support.ts';",
        },
        {
          file: at('apps/server/src/y.ts'),
          text: "const kit = await import('./games/rounds/round-test-kit.ts');",
        },
        {
          file: at('packages/shared/src/z.ts'),
          text: "import { SS1 } from './fairness/vectors.fixture.ts';",
        },
        {
          file: at('apps/web/src/w.tsx'),
          text: "import { it } from 'vitest';\nimport fc from 'fast-check';",
        },
        // allowed: test code importing test code, production importing production
        {
          file: at('apps/server/src/a.test.ts'),
          text: "import { startServer } from './test-support/server.ts';",
        },
        { file: at('apps/server/src/test-support/k.ts'), text: "import { it } from 'vitest';" },
        {
          file: at('apps/server/src/b.ts'),
          text: "import { testable } from './testable.ts';\nimport z from 'zod';",
        },
      ]),
    ).toEqual([
      'apps/server/src/platform/x.ts imports ../test-support/fuzz-suite.ts',
      'apps/server/src/x.ts imports ./economy/cashier/cashier.test-support.ts',
      'apps/server/src/y.ts imports ./games/rounds/round-test-kit.ts',
      'packages/shared/src/z.ts imports ./fairness/vectors.fixture.ts',
      'apps/web/src/w.tsx imports vitest',
      'apps/web/src/w.tsx imports fast-check',
    ]);
  });

  it('no production file under apps/*/src or packages/*/src imports test code', () => {
    const files = sourceRoots()
      .flatMap(filesUnder)
      .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(files.length).toBeGreaterThan(200);
    expect(testImportsFrom(files)).toEqual([]);
  });
});

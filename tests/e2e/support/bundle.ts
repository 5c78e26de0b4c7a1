/**
 * What a first visit downloads, read from the web build (apps/web/dist): the files index.html loads
 * (its module script, modulepreloads and stylesheets) with their gzipped sizes, and, from Vite's
 * manifest, the chain of static imports that put each one there. Shared by the size budget test
 * (tests/e2e/bundle-budget.test.ts) and `npm run bench:web`.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const DIST = path.resolve(import.meta.dirname, '../../../apps/web/dist');

export interface InitialFile {
  file: string;
  gzip: number;
  /** Chunks from the entry to this file, following static imports (Vite's manifest). */
  pulledInBy: string[];
  /** Its largest modules (rendered bytes, before gzip) and the static imports from main.tsx to each. */
  largest: Array<{ module: string; bytes: number; chain: string[] }>;
}

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
export const gzipSize = (file: string): number => gzipSync(readFileSync(path.join(DIST, file))).length;

/** The initial JS and CSS of the build in `dist`, largest first. */
export function initialFiles(dist = DIST): { js: InitialFile[]; css: InitialFile[] } {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const listed = [
    ...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="\/(assets\/[^"]+\.(?:js|css))"/g),
  ].map((m) => m[1] as string);
  const chains = importChains(dist);
  const modules = moduleReport(dist);
  const describe = (file: string): InitialFile => ({
    file,
    gzip: gzipSync(readFileSync(path.join(dist, file))).length,
    pulledInBy: chains.get(file) ?? [],
    largest: modules.largest(file),
  });
  const bySize = (a: InitialFile, b: InitialFile) => b.gzip - a.gzip;
  return {
    js: listed
      .filter((f) => f.endsWith('.js'))
      .map(describe)
      .sort(bySize),
    css: listed
      .filter((f) => f.endsWith('.css'))
      .map(describe)
      .sort(bySize),
  };
}

/** For each output file reachable from the entry by static imports: the shortest chain of chunks to it. */
function importChains(dist: string): Map<string, string[]> {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  const chains = new Map<string, string[]>();
  if (!existsSync(manifestPath)) return chains;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const label = (key: string) => manifest[key]?.src ?? manifest[key]?.name ?? key;
  const queue = Object.keys(manifest)
    .filter((k) => manifest[k]?.isEntry)
    .map((k) => ({ key: k, chain: [label(k)] }));
  const seen = new Set<string>();
  while (queue.length > 0) {
    const { key, chain } = queue.shift() as { key: string; chain: string[] };
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) continue;
    if (!chains.has(chunk.file)) chains.set(chunk.file, chain);
    for (const css of chunk.css ?? []) if (!chains.has(css)) chains.set(css, chain);
    for (const next of chunk.imports ?? []) queue.push({ key: next, chain: [...chain, label(next)] });
  }
  return chains;
}

/** Reads dist/.vite/modules.json (written by the build's module-report plugin, apps/web/vite.config.ts). */
function moduleReport(dist: string) {
  const reportPath = path.join(dist, '.vite/modules.json');
  if (!existsSync(reportPath)) return { largest: () => [] };
  const report = JSON.parse(readFileSync(reportPath, 'utf8')) as {
    chunks: Record<string, Array<[string, number]>>;
    importers: Record<string, string[]>;
  };
  // what main.tsx reaches by static imports (barrels included, though they render no code)
  const imports = new Map<string, string[]>();
  for (const [id, by] of Object.entries(report.importers))
    for (const m of by) imports.set(m, [...(imports.get(m) ?? []), id]);
  const entry = Object.keys(report.importers).find((id) => id.endsWith('/src/main.tsx'));
  const inFirstLoad = new Set<string>(entry ? [entry] : []);
  for (const at of inFirstLoad) for (const next of imports.get(at) ?? []) inFirstLoad.add(next);
  const short = (id: string) =>
    id.includes('/node_modules/')
      ? (id.split('/node_modules/').pop() ?? id)
      : path.relative(path.resolve(dist, '../../..'), id);
  /** The shortest chain of static importers, within the first load, from an entry to `id`. */
  const chainTo = (id: string): string[] => {
    const back = new Map<string, string | null>([[id, null]]);
    const queue = [id];
    while (queue.length > 0) {
      const at = queue.shift() as string;
      const importers = (report.importers[at] ?? []).filter((m) => inFirstLoad.has(m));
      if (importers.length === 0) {
        const chain: string[] = [];
        for (let m: string | null | undefined = at; m; m = back.get(m)) chain.push(short(m));
        return chain;
      }
      for (const m of importers)
        if (!back.has(m)) {
          back.set(m, at);
          queue.push(m);
        }
    }
    return [short(id)];
  };
  return {
    largest: (file: string) =>
      [...(report.chunks[file] ?? [])]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id, bytes]) => ({ module: short(id), bytes, chain: chainTo(id) })),
  };
}

/** A table of files for a failure message or a benchmark's output. */
export function describeFiles(files: InitialFile[]): string {
  return files
    .map(
      (f) =>
        `  ${f.file.padEnd(44)} ${kb(f.gzip).padStart(9)}  ${f.pulledInBy.join(' → ')}\n` +
        f.largest
          .map(
            (m) => `      ${kb(m.bytes).padStart(9)} raw  ${m.module}\n          via ${m.chain.join(' → ')}`,
          )
          .join('\n'),
    )
    .join('\n');
}

import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes dist/.vite/modules.json: each JS chunk's modules with their rendered sizes, and each module's
 * static importers, so the first-load budget test can say what pulled a large module in.
 */
function moduleReport(): Plugin {
  return {
    name: 'module-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Array<[string, number]>> = {};
      for (const out of Object.values(bundle))
        if (out.type === 'chunk')
          chunks[out.fileName] = Object.entries(out.modules).map(([id, m]) => [id, m.renderedLength]);
      const importers: Record<string, string[]> = {};
      for (const id of this.getModuleIds()) importers[id] = [...(this.getModuleInfo(id)?.importers ?? [])];
      this.emitFile({
        type: 'asset',
        fileName: '.vite/modules.json',
        source: JSON.stringify({ chunks, importers }),
      });
    },
  };
}

/**
 * Writes a .br and a .gz beside every text file of the build, which the server sends to a browser
 * that accepts them (@fastify/static preCompressed): a first visit downloads about a quarter of the
 * bytes (issue 29: the site was served uncompressed, 490 KB where 130 KB would do).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.(js|css|html|svg|json|txt)$/.test(entry.name)) continue;
        const file = path.join(entry.parentPath, entry.name);
        if (file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(raw, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
        );
      }
    },
  };
}

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/** The API and Socket.IO live on the same origin in production; in dev they are proxied. */
const proxy = {
  '/api': { target: API_TARGET, changeOrigin: true },
  '/socket.io': { target: API_TARGET, ws: true, changeOrigin: true },
  // the payment sandboxes' hosted pages are served by the API server
  '/sandbox': { target: API_TARGET, changeOrigin: true },
};

export default defineConfig({
  plugins: [react(), tailwindcss(), moduleReport(), precompress()],
  server: { port: 5173, proxy },
  preview: { port: 4173, proxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // which chunk imports which: the first-load budget test names what pulled a file in
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/,
              priority: 2,
            },
            // every other module of the first load in one file: left to itself the bundler made 21
            // small chunks of the modules the shell shares with lazy screens (stores, http, money),
            // each with its own import and export glue and its own gzip dictionary: 124.1 → 120.2 KB
            { name: 'shell', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});

import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/**
 * The browser the tests drive: CHROMIUM_PATH when set, else Debian's `chromium-headless-shell` (the
 * old headless mode, built from the same Chromium as the `chromium` package: same Blink, same V8)
 * when installed, else Debian's `chromium`. Measured on stop 41's VM, the whole `e2e` project two
 * files at once: 484 s with `chromium`, 388 s with the shell, 150 tests green in both; on two files
 * the machine's busy CPU fell 64 → 47 s (the full browser's new headless mode runs a whole desktop
 * browser's compositor and services for every page).
 */
export function browserPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const shell = '/usr/bin/chromium-headless-shell';
  return existsSync(shell) ? shell : '/usr/bin/chromium';
}

/**
 * One browser for all browser tests: launched once here, each test file connects to it over its
 * WebSocket endpoint and opens its own contexts.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: browserPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
      // more switches for an experiment (space-separated), e.g. CHROMIUM_ARGS='--in-process-gpu'
      ...(process.env.CHROMIUM_ARGS ?? '').split(' ').filter(Boolean),
    ],
  });
  project.provide('browserWsEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    browserWsEndpoint: string;
  }
}

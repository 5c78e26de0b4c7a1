import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

/**
 * One browser for all browser tests: launched once here, each test file connects to it over its
 * WebSocket endpoint and opens its own contexts.
 */
export default async function setup(project: TestProject) {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { chainHash } from '@coinsite/shared/fairness';

export interface GeneratedChain {
  secret: string;
  length: number;
  /** h_0, h_every, h_2·every, … (index i·every holds h_{i·every}). */
  checkpoints: string[];
  every: number;
  terminal: string;
}

/** About √L checkpoints: a seed then costs one row and fewer than √L hashes (1,000 for 10^6). */
export function checkpointEvery(length: number): number {
  return Math.max(1, Math.ceil(Math.sqrt(length)));
}

/**
 * Generates a chain of `length` links in a worker thread, so the event loop keeps serving while
 * 10^6 hashes are computed. The worker hashes with node:crypto; the result is checked against the
 * shared chainHash (the last checkpoint must reach the terminal hash) before anyone uses it.
 */
export async function generateChain(
  length: number,
  secret: string = randomBytes(32).toString('hex'),
): Promise<GeneratedChain> {
  const every = checkpointEvery(length);
  const result = await new Promise<{ terminal: string; checkpoints: string[] }>((resolve, reject) => {
    const worker = new Worker(new URL('./chain.worker.js', import.meta.url), {
      workerData: { secret, length, every },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`chain worker exited with code ${code}`));
    });
  });
  const last = result.checkpoints.at(-1);
  const lastIdx = (result.checkpoints.length - 1) * every;
  let h = last ?? '';
  for (let i = lastIdx; i < length; i++) h = chainHash(h);
  if (h !== result.terminal || result.checkpoints.length !== Math.floor(length / every) + 1)
    throw new Error('generated chain does not reach its terminal hash');
  return { secret, length, every, checkpoints: result.checkpoints, terminal: result.terminal };
}

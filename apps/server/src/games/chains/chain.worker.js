// Walks a hash chain off the main thread (10^6 SHA-256 in about half a second): h_0 = sha256_hex(secret),
// h_{i+1} = sha256_hex(h_i) over the lowercase hex string (fairness.md §2). Plain JavaScript so that it
// runs under every loader (node --import tsx, vitest) without a TypeScript transform.
import { createHash, hash } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';

/** @param {string} text */
const sha256Hex =
  typeof hash === 'function'
    ? (text) => hash('sha256', text, 'hex')
    : (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** @type {{ secret: string; length: number; every: number }} */
const { secret, length, every } = workerData;
let h = sha256Hex(secret);
const checkpoints = [h];
for (let i = 1; i <= length; i++) {
  h = sha256Hex(h);
  if (i % every === 0) checkpoints.push(h);
}
parentPort?.postMessage({ terminal: h, checkpoints });

import confetti from 'canvas-confetti';

/**
 * Confetti drawn on the main thread. canvas-confetti's default cannon renders in a Worker built
 * from a blob: URL, which the site's Content-Security-Policy (no worker-src, so script-src 'self')
 * blocks — the celebration silently never showed. A few hundred particles for ~3 s cost the main
 * thread little, and the CSP stays as strict as it is. The canvas is created per burst (fixed,
 * full-window, pointer-events none) and removed when the particles have fallen.
 */
let cannon: confetti.CreateTypes | undefined;

export function fireConfetti(options: confetti.Options): void {
  cannon ??= confetti.create(undefined, { resize: true, useWorker: false });
  void cannon({ disableForReducedMotion: true, ...options });
}

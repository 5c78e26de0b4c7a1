/**
 * The reveal hold (issue 28 item 5): a game that animates a result holds, on this screen, whatever
 * would give the result away (the balance's gain, the live feed's rows of that game, the cleared bet
 * columns) until its own animation has ended. The server still sends a win's `update-wallet` after
 * its usual delay (PROTOCOL.md §3, for clients without a hold), but on a slow device the animation
 * starts late and ends after that delay: the hold, released by the animation, decides here.
 *
 * A game takes a hold when its animation starts (`holdReveal('roulette')`) and calls the returned
 * release when the animation ends (or the screen goes away). Anything that must wait goes through
 * `afterReveal(game, fn)`: run at once when no hold of that game is taken, else when the last one is
 * released (in the order they came). A hold never outlives MAX_HOLD_MS, so a lost animation end cannot freeze the balance.
 */

/** The longest any hold lasts (the longest animation, a 50-case battle, is far shorter per reveal). */
export const MAX_HOLD_MS = 30_000;

const holds = new Map<number, string>();
let waiting: Array<{ game: string | null; run: () => void }> = [];
let nextId = 1;

/** True while a hold of `game` is taken (of any game when `game` is null). */
export function isRevealHeld(game: string | null = null): boolean {
  if (game === null) return holds.size > 0;
  for (const g of holds.values()) if (g === game) return true;
  return false;
}

function flush(): void {
  const ready = waiting.filter((w) => !isRevealHeld(w.game));
  waiting = waiting.filter((w) => isRevealHeld(w.game));
  for (const w of ready) w.run();
}

/** Takes a hold for `game`; the returned function releases it (calling it again does nothing). */
export function holdReveal(game: string): () => void {
  const id = nextId++;
  holds.set(id, game);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearTimeout(timer);
    holds.delete(id);
    flush();
  };
  const timer = setTimeout(release, MAX_HOLD_MS);
  return release;
}

/**
 * Runs `run` once no hold of `game` is taken (of any game when `game` is null): at once when none
 * is.
 */
export function afterReveal(game: string | null, run: () => void): void {
  if (isRevealHeld(game)) waiting.push({ game, run });
  else run();
}

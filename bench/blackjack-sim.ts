/**
 * npm run sim:blackjack [-- hands [seed]]
 *   Plays basic strategy (packages/shared/src/games/blackjack.ts basicStrategy) for a million hands
 *   (default) of the default rules on an infinite shoe and prints the return to player: paid / staked
 *   (doubles, splits and insurance included) and the house edge per initial stake.
 */
import {
  DEFAULT_BLACKJACK_RULES,
  mulberry32,
  simulateBlackjack,
} from '../packages/shared/src/games/blackjack.ts';

const hands = Number(process.argv[2] ?? 1_000_000);
const seed = Number(process.argv[3] ?? 17);
const started = performance.now();
const r = simulateBlackjack(hands, mulberry32(seed), DEFAULT_BLACKJACK_RULES);
const seconds = (performance.now() - started) / 1000;
// standard error of the return per initial stake (a hand's net result has a s.d. of about 1.15 stakes)
const se = 1.15 / Math.sqrt(hands);
console.log(`hands                 ${r.hands.toLocaleString('en-US')}`);
console.log(
  `staked                ${(r.staked / 100).toFixed(2)} (initial ${(hands).toLocaleString('en-US')}.00)`,
);
console.log(`paid                  ${(r.paid / 100).toFixed(2)}`);
console.log(`return (paid/staked)  ${(r.rtp * 100).toFixed(3)} %`);
console.log(
  `return per initial    ${((1 - r.edgePerHand) * 100).toFixed(3)} % ± ${(se * 200).toFixed(3)} (2 s.e.)`,
);
console.log(`house edge            ${(r.edgePerHand * 100).toFixed(3)} % of the initial stake`);
console.log(`time                  ${seconds.toFixed(1)} s`);

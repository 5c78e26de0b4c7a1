/**
 * One entry point that re-derives any outcome from revealed seeds: used by `npm run verify` and by
 * the in-browser verifier on /provably-fair. Pure; every number is the same one the server used.
 */
import { type BlackjackAction, handTotal, replayBlackjack, settleBlackjack } from '../games/blackjack.ts';
import { battleTicket } from './battles.ts';
import { blackjackCard, blackjackCards, cardLabel } from './blackjack.ts';
import { sha256Hex } from './bytes.ts';
import { caseTicket } from './cases.ts';
import { crashPoint } from './crash.ts';
import { coinflipRoll, coinflipSide } from './coinflip.ts';
import { diceMultiplier, diceRoll } from './dice.ts';
import { type HiloChoice, hiloCard, hiloMultiplier, hiloReplay } from './hilo.ts';
import { type KenoRisk, kenoDraw, kenoSettle } from './keno.ts';
import { limboResult } from './limbo.ts';
import { minePositions, minesMultiplier } from './mines.ts';
import { type PlinkoRisk, plinkoOutcome } from './plinko.ts';
import { rouletteColor, rouletteSlot } from './roulette.ts';
import { slotSpin } from './slots.ts';
import { type WheelRisk, type WheelSegments, wheelOutcome } from './wheel.ts';
import { upgraderTicket, upgraderTicketDisplay, upgraderWinningTickets, upgraderWins } from './upgrader.ts';

export type VerifyInput =
  | { game: 'dice'; serverSeed: string; clientSeed: string; nonce: number; target?: number; edgePct?: number }
  | { game: 'limbo'; serverSeed: string; clientSeed: string; nonce: number; edgePct?: number }
  | { game: 'mines'; serverSeed: string; clientSeed: string; nonce: number; mines: number }
  | {
      game: 'upgrader';
      serverSeed: string;
      clientSeed: string;
      nonce: number;
      /** cents */
      amount?: number;
      /** cents */
      price?: number;
      side?: 'under' | 'over';
    }
  | { game: 'cases'; serverSeed: string; clientSeed: string; nonce: number }
  | { game: 'plinko'; serverSeed: string; clientSeed: string; nonce: number; rows: number; risk: PlinkoRisk }
  | {
      game: 'wheel';
      serverSeed: string;
      clientSeed: string;
      nonce: number;
      segments: WheelSegments;
      risk: WheelRisk;
    }
  | { game: 'slots'; serverSeed: string; clientSeed: string; nonce: number }
  | {
      game: 'blackjack';
      serverSeed: string;
      clientSeed: string;
      nonce: number;
      /** the hand's recorded actions (hit, stand, double, split, insurance, noInsurance): replays it */
      actions?: BlackjackAction[];
      /** cards to list in draw order when no actions are given */
      cards?: number;
    }
  | { game: 'keno'; serverSeed: string; clientSeed: string; nonce: number; risk?: KenoRisk; picks?: number[] }
  | {
      game: 'hilo';
      serverSeed: string;
      clientSeed: string;
      nonce: number;
      /** the game's recorded choices (higher, lower, same, skip): replays it */
      choices?: HiloChoice[];
    }
  | { game: 'battles'; serverSeed: string; blockId: string; rounds: number; seats: number }
  | { game: 'coinflip'; serverSeed: string; blockId: string }
  | { game: 'roulette'; privateSeed: string; publicSeed: string }
  | { game: 'crash'; privateSeed: string; publicSeed: string };

export interface VerifyLine {
  label: string;
  value: string;
}

/** The derived outcome as labelled lines (the same for the terminal and the page). */
export function verifyOutcome(input: VerifyInput): VerifyLine[] {
  const lines: VerifyLine[] = [];
  const add = (label: string, value: string | number) => lines.push({ label, value: String(value) });
  if ('serverSeed' in input) add('Server seed hash', sha256Hex(input.serverSeed));
  switch (input.game) {
    case 'dice': {
      const roll = diceRoll(input);
      add('Roll', (roll / 100).toFixed(2));
      if (input.target !== undefined) {
        const t = Math.round(input.target * 100);
        add('Roll under', (t / 100).toFixed(2));
        add('Result', roll < t ? 'win' : 'lose');
        add('Multiplier', `${(diceMultiplier(t, input.edgePct ?? 1) / 10000).toFixed(4)}x`);
      }
      break;
    }
    case 'limbo':
      add('Result', `${(limboResult(input, input.edgePct ?? 1) / 100).toFixed(2)}x`);
      break;
    case 'mines': {
      const mines = minePositions(input, input.mines);
      add('Mines (draw order)', mines.join(', '));
      add('Multiplier after 1 safe tile', `${(minesMultiplier(input.mines, 1) / 10000).toFixed(4)}x`);
      break;
    }
    case 'upgrader': {
      const ticket = upgraderTicket(input);
      add('Ticket', ticket);
      add('Ticket shown', upgraderTicketDisplay(ticket));
      if (input.amount && input.price) {
        const w = upgraderWinningTickets(input.amount, input.price);
        add('Winning tickets', w);
        add('Result', upgraderWins(ticket, w, input.side ?? 'under') ? 'win' : 'lose');
      }
      break;
    }
    case 'cases':
      add('Ticket', caseTicket(input));
      break;
    case 'plinko': {
      const o = plinkoOutcome(input, 0, input.rows, input.risk);
      add('Path', o.path.map((step) => (step === 1 ? 'R' : 'L')).join(' '));
      add('Slot', `${o.slot} of 0..${input.rows}`);
      add('Multiplier', `${(o.multiplier / 100).toFixed(2)}x`);
      break;
    }
    case 'wheel': {
      const o = wheelOutcome(input, 0, input.segments, input.risk);
      add('Segment', `${o.segment} of 0..${input.segments - 1}`);
      add('Multiplier', `${(o.multiplier / 100).toFixed(2)}x`);
      break;
    }
    case 'blackjack': {
      if (!input.actions) {
        add(
          'Cards in draw order',
          blackjackCards(input, input.cards ?? 12)
            .map(cardLabel)
            .join(' '),
        );
        add('Deal', 'player, dealer up, player, dealer hole, then each draw in turn');
        break;
      }
      const draw = (k: number) => blackjackCard(input, k);
      const state = replayBlackjack(100, input.actions, draw);
      const show = (cards: number[]) => {
        const t = handTotal(cards);
        return `${cards.map(cardLabel).join(' ')} (${t.soft && t.total < 21 ? 'soft ' : ''}${t.total})`;
      };
      const done = state.phase === 'done' ? settleBlackjack(state) : null;
      for (const [i, h] of state.hands.entries()) {
        const result = done ? ` ${done.hands[i]?.result}` : '';
        add(
          state.hands.length > 1 ? `Player hand ${i + 1}` : 'Player',
          `${show(h.cards)}${h.doubled ? ' doubled' : ''}${result}`,
        );
      }
      add('Dealer', show(state.dealer));
      add('Cards drawn', state.drawn);
      if (state.phase !== 'done') add('Hand', 'not finished: more actions are needed');
      break;
    }
    case 'keno': {
      const drawn = kenoDraw(input);
      add('Drawn (draw order)', drawn.join(', '));
      if (input.picks && input.picks.length > 0) {
        const o = kenoSettle(drawn, 100, input.risk ?? 'classic', input.picks);
        add('Hits', o.hits.length > 0 ? o.hits.join(', ') : 'none');
        add('Multiplier', `${(o.multiplier / 100).toFixed(2)}x`);
      }
      break;
    }
    case 'hilo': {
      if (!input.choices || input.choices.length === 0) {
        const cards = Array.from({ length: 12 }, (_, k) => hiloCard(input, k));
        add('Cards in deal order', cards.map(cardLabel).join(' '));
        add('Deal', 'the start card, then one card per guess or skip');
        break;
      }
      const game = hiloReplay(input, input.choices);
      add('Cards in deal order', game.cards.map(cardLabel).join(' '));
      add(
        'Guesses',
        game.steps
          .map((s) => (s.choice === 'skip' ? 'skip' : `${s.choice} ${s.win ? 'won' : 'lost'}`))
          .join(', '),
      );
      add('Result', game.status === 'lost' ? 'lost' : 'won guesses: cash-out possible');
      add('Multiplier', `${(hiloMultiplier(game.won) / 10000).toFixed(4)}x`);
      break;
    }
    case 'battles':
      for (let round = 1; round <= input.rounds; round++) {
        const tickets = Array.from({ length: input.seats }, (_, i) => battleTicket(input, round, i + 1));
        add(`Round ${round} tickets (seat 1..${input.seats})`, tickets.join(', '));
      }
      break;
    case 'coinflip': {
      const roll = coinflipRoll(input);
      add('Roll', `${roll} / 60`);
      add('Side', coinflipSide(roll));
      break;
    }
    case 'roulette': {
      const slot = rouletteSlot(input.privateSeed, input.publicSeed);
      add('Private hash', sha256Hex(input.privateSeed));
      add('Slot', slot);
      add('Colour', rouletteColor(slot));
      break;
    }
    case 'crash':
      add('Private hash', sha256Hex(input.privateSeed));
      add('Crash point', `${(crashPoint(input.privateSeed, input.publicSeed) / 100).toFixed(2)}x`);
      break;
    case 'slots': {
      const spin = slotSpin(input);
      add('Reel stops', spin.stops.join(', '));
      add('Rows', [0, 1, 2].map((row) => spin.window.map((reel) => reel[row]).join(' ')).join(' / '));
      add(
        'Line wins',
        spin.wins.map((w) => `line ${w.line + 1}: ${w.count}× ${w.symbol}`).join(', ') || 'none',
      );
      add('Multiplier', `${(spin.multiplier / 10000).toFixed(2)}x`);
      break;
    }
  }
  return lines;
}

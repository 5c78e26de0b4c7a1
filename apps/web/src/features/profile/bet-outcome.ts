import { cardLabel } from '@coinsite/shared/fairness';
import { centsToCoins } from '@coinsite/shared/money';

/** One readable line of a bet's result in the Details dialog. */
export interface OutcomeLine {
  label: string;
  value: string;
}

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (o: Json, key: string): number | null => (typeof o[key] === 'number' ? (o[key] as number) : null);
const text = (o: Json, key: string): string | null =>
  typeof o[key] === 'string' ? (o[key] as string) : null;
const hundredths = (v: number) => (v / 100).toFixed(2);
const coins = (priceCents: number) => centsToCoins(priceCents).toFixed(2);

function item(o: Json): string | null {
  const it = o.item;
  if (!isObject(it)) return null;
  const name = text(it, 'name');
  const price = num(it, 'price');
  if (!name) return null;
  return price === null ? name : `${name} (${coins(price)})`;
}

function winLine(o: Json): OutcomeLine[] {
  return typeof o.win === 'boolean' ? [{ label: 'Result', value: o.win ? 'Win' : 'Loss' }] : [];
}

/**
 * The outcome JSON each game stores with its bet (dice roll in hundredths, limbo result in
 * hundredths, mine tiles, the upgrader's ticket, the case's item) as display lines.
 */
export function outcomeLines(game: string, outcome: unknown): OutcomeLine[] {
  if (!isObject(outcome)) return [];
  const o = outcome;
  const lines: OutcomeLine[] = [];
  const add = (label: string, value: string | null) => {
    if (value !== null) lines.push({ label, value });
  };
  switch (game) {
    case 'dice': {
      const roll = num(o, 'roll');
      const target = num(o, 'target');
      add('Roll', roll === null ? null : hundredths(roll));
      add('Roll under', target === null ? null : hundredths(target));
      return [...lines, ...winLine(o)];
    }
    case 'limbo': {
      const result = num(o, 'result');
      const target = num(o, 'target');
      add('Result', result === null ? null : `${hundredths(result)}x`);
      add('Target', target === null ? null : `${hundredths(target)}x`);
      return [...lines, ...winLine(o).map((l) => ({ ...l, label: 'Outcome' }))];
    }
    case 'plinko': {
      const path = Array.isArray(o.path) ? o.path.filter((s) => s === 0 || s === 1) : [];
      const multiplier = num(o, 'multiplier');
      add('Rows', num(o, 'rows')?.toString() ?? null);
      add('Risk', text(o, 'risk'));
      add('Path', path.length > 0 ? path.map((s) => (s === 1 ? 'R' : 'L')).join(' ') : null);
      add('Slot', num(o, 'slot')?.toString() ?? null);
      add('Multiplier', multiplier === null ? null : `${hundredths(multiplier)}x`);
      return lines;
    }
    case 'wheel': {
      const multiplier = num(o, 'multiplier');
      add('Segments', num(o, 'segments')?.toString() ?? null);
      add('Risk', text(o, 'risk'));
      add('Segment', num(o, 'segment')?.toString() ?? null);
      add('Multiplier', multiplier === null ? null : `${hundredths(multiplier)}x`);
      return lines;
    }
    case 'blackjack': {
      const st = isObject(o.state) ? o.state : null;
      if (!st) return lines;
      const cardsOf = (v: unknown) =>
        Array.isArray(v)
          ? v
              .filter((c): c is number => typeof c === 'number')
              .map(cardLabel)
              .join(' ')
          : null;
      const hands = Array.isArray(st.hands) ? st.hands.filter(isObject) : [];
      hands.forEach((h, i) => {
        add(hands.length > 1 ? `Hand ${i + 1}` : 'Player', cardsOf(h.cards));
      });
      add('Dealer', cardsOf(st.dealer));
      add('Actions', Array.isArray(st.actions) && st.actions.length > 0 ? st.actions.join(', ') : 'none');
      return lines;
    }
    case 'mines': {
      const mines = Array.isArray(o.mines) ? o.mines.filter((m) => typeof m === 'number') : [];
      const revealed = Array.isArray(o.revealed) ? o.revealed.length : null;
      add('Mines', num(o, 'minesCount')?.toString() ?? null);
      add('Safe tiles revealed', revealed?.toString() ?? null);
      add('Mine tiles', mines.length > 0 ? mines.join(', ') : null);
      return lines;
    }
    case 'keno': {
      const list = (v: unknown) =>
        Array.isArray(v) ? v.filter((n): n is number => typeof n === 'number') : [];
      add('Risk', text(o, 'risk'));
      add('Picks', list(o.picks).join(', ') || null);
      add('Drawn', list(o.drawn).join(', ') || null);
      add('Hits', list(o.hits).join(', ') || 'none');
      return lines;
    }
    case 'hilo': {
      const cards = Array.isArray(o.cards) ? o.cards.filter((c): c is number => typeof c === 'number') : [];
      const steps = Array.isArray(o.steps) ? o.steps.filter(isObject) : [];
      add('Cards', cards.length > 0 ? cards.map(cardLabel).join(' ') : null);
      add('Guesses', steps.length > 0 ? steps.map((s) => String(s.choice)).join(', ') : 'none');
      return lines;
    }
    case 'upgrader': {
      add('Ticket', num(o, 'ticket')?.toLocaleString('en-US') ?? null);
      add('Side', text(o, 'side'));
      add('Item', item(o));
      return [...lines, ...winLine(o)];
    }
    case 'cases': {
      const c = isObject(o.case) ? text(o.case, 'name') : null;
      add('Case', c);
      add('Ticket', num(o, 'ticket')?.toLocaleString('en-US') ?? null);
      add('Item', item(o));
      return lines;
    }
    case 'battles': {
      add('Seat', num(o, 'seat')?.toString() ?? null);
      const total = num(o, 'total');
      add('Seat total', total === null ? null : coins(total));
      return lines;
    }
    case 'slots': {
      add('Game', text(o, 'gameName'));
      add('Round', text(o, 'roundId'));
      const stops = Array.isArray(o.stops) ? o.stops.filter((s) => typeof s === 'number') : [];
      add('Reel stops', stops.length > 0 ? stops.join(', ') : null);
      if (o.sandbox === true) add('Provider', 'Sandbox');
      return lines;
    }
    case 'crash': {
      add('Round', num(o, 'round') === null ? null : `#${num(o, 'round')}`);
      const point = num(o, 'crashPoint');
      add('Crashed at', point === null ? null : `${hundredths(point)}x`);
      const cashout = num(o, 'cashout');
      const status = text(o, 'status');
      add(
        'Cashed out at',
        cashout !== null ? `${hundredths(cashout)}x` : status === 'refunded' ? 'Refunded' : 'Not cashed out',
      );
      return lines;
    }
    case 'roulette': {
      add('Round', num(o, 'round') === null ? null : `#${num(o, 'round')}`);
      add('Bet on', text(o, 'color'));
      const slot = num(o, 'slot');
      const winner = text(o, 'winner');
      add('Result', slot === null ? null : winner ? `${slot} (${winner})` : String(slot));
      return lines;
    }
    case 'coinflip': {
      add('Flip', num(o, 'flip') === null ? null : `#${num(o, 'flip')}`);
      add('Side', text(o, 'side'));
      const roll = num(o, 'roll');
      const landed = text(o, 'winnerSide');
      add('Coin', landed === null ? null : roll === null ? landed : `${landed} (roll ${roll})`);
      return [...lines, ...winLine(o)];
    }
    default:
      return winLine(o);
  }
}

/** A battle bet's battle id (its Details link to the battle page). */
export function battleIdOf(outcome: unknown): string | null {
  return isObject(outcome) ? text(outcome, 'battleId') : null;
}

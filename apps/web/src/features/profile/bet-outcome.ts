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
    default:
      return winLine(o);
  }
}

/** A battle bet's battle id (its Details link to the battle page). */
export function battleIdOf(outcome: unknown): string | null {
  return isObject(outcome) ? text(outcome, 'battleId') : null;
}

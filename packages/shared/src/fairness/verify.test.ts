import { describe, expect, it } from 'vitest';
import { blackjackCard, cardLabel } from './blackjack.ts';
import { slotSpin } from './slots.ts';
import { verifyOutcome } from './verify.ts';

const SS1 = '8f387bbeb37e9c65de31a34c4bef2ed95111dab4be3668872c669e85171230d7';
const value = (lines: Array<{ label: string; value: string }>, label: string) =>
  lines.find((l) => l.label === label)?.value;

describe('verifyOutcome reproduces fairness.md vectors', () => {
  it('dice', () => {
    const lines = verifyOutcome({
      game: 'dice',
      serverSeed: SS1,
      clientSeed: 'my-client-seed',
      nonce: 0,
      target: 50,
    });
    expect(value(lines, 'Roll')).toBe('16.76');
    expect(value(lines, 'Result')).toBe('win');
    expect(value(lines, 'Multiplier')).toBe('1.9800x');
  });
  it('dice: a roll equal to the target loses (roll under), one below it wins', () => {
    const dice = (target?: number) =>
      verifyOutcome({ game: 'dice', serverSeed: SS1, clientSeed: 'my-client-seed', nonce: 0, target });
    // the roll is 16.76 (vector): under 16.76 loses, under 16.77 wins
    expect(value(dice(16.76), 'Result')).toBe('lose');
    expect(value(dice(16.77), 'Result')).toBe('win');
    expect(value(dice(16.77), 'Roll under')).toBe('16.77');
    expect(value(dice(16.76), 'Multiplier')).toBe('5.9069x'); // floor(99 / 16.76 to 4 decimals)
    const atTwoPct = verifyOutcome({
      game: 'dice',
      serverSeed: SS1,
      clientSeed: 'my-client-seed',
      nonce: 0,
      target: 50,
      edgePct: 2,
    });
    expect(value(atTwoPct, 'Multiplier')).toBe('1.9600x'); // 98 / 50
    // no target: the roll alone
    expect(dice().map((l) => l.label)).toEqual(['Server seed hash', 'Roll']);
    expect(value(dice(), 'Server seed hash')).toBe(
      '4e15d1a762bc5af69d9a479b30b4a238890e4e4a03569d589fddb798101e9ef0',
    );
  });
  it('limbo, at the default 1% edge and at another edge', () => {
    const limbo = (edgePct?: number) =>
      verifyOutcome({ game: 'limbo', serverSeed: SS1, clientSeed: 'my-client-seed', nonce: 2, edgePct });
    // u32 1652278816 → n = 38470115: floor(99·10^8 / n) = 257, floor(98·10^8 / n) = 254
    expect(value(limbo(), 'Result')).toBe('2.57x');
    expect(value(limbo(2), 'Result')).toBe('2.54x');
  });
  it('mines', () => {
    const lines = verifyOutcome({
      game: 'mines',
      serverSeed: SS1,
      clientSeed: 'my-client-seed',
      nonce: 5,
      mines: 3,
    });
    expect(value(lines, 'Mines (draw order)')).toBe('2, 7, 22');
    expect(value(lines, 'Multiplier after 1 safe tile')).toBe('1.1250x'); // 0.99 × 25 / 22
  });
  it('cases and upgrader', () => {
    expect(
      value(
        verifyOutcome({ game: 'cases', serverSeed: SS1, clientSeed: 'my-client-seed', nonce: 57 }),
        'Ticket',
      ),
    ).toBe('99818');
    const up = verifyOutcome({
      game: 'upgrader',
      serverSeed: SS1,
      clientSeed: 'my-client-seed',
      nonce: 10,
      amount: 1000,
      price: 2500,
      side: 'under',
    });
    expect(value(up, 'Ticket')).toBe('890415763');
    expect(value(up, 'Result')).toBe('lose');
    expect(value(up, 'Ticket shown')).toBe('0.890415762');
    expect(value(up, 'Winning tickets')).toBe('400000000');
  });
  it('upgrader: the side defaults to under; without a price there is no result', () => {
    const base = { game: 'upgrader', serverSeed: SS1, clientSeed: 'my-client-seed', nonce: 10 } as const;
    // ticket 890415763, W = 400000000: under loses (ticket > W), over wins (ticket > D − W = 600000001)
    expect(value(verifyOutcome({ ...base, amount: 1000, price: 2500 }), 'Result')).toBe('lose');
    expect(value(verifyOutcome({ ...base, amount: 1000, price: 2500, side: 'over' }), 'Result')).toBe('win');
    const noPrice = verifyOutcome({ ...base, amount: 1000 });
    expect(noPrice.map((l) => l.label)).toEqual(['Server seed hash', 'Ticket', 'Ticket shown']);
    expect(verifyOutcome({ ...base, price: 2500 }).map((l) => l.label)).toEqual([
      'Server seed hash',
      'Ticket',
      'Ticket shown',
    ]);
  });
  it('battles and coinflip', () => {
    const blockId = '157693bfa9ac7f396738ff4d19d7e200efc04cfa6183736f2d6f39657757895f';
    const b = verifyOutcome({
      game: 'battles',
      serverSeed: 'f3a1c9e07b5d42c8a6e19b0d7c3f5a82',
      blockId,
      rounds: 1,
      seats: 2,
    });
    expect(value(b, 'Round 1 tickets (seat 1..2)')).toBe('52933, 14998');
    const coin = verifyOutcome({ game: 'coinflip', serverSeed: 'c0ffee00c0ffee00c0ffee00c0ffee00', blockId });
    expect(value(coin, 'Roll')).toBe('22 / 60');
    expect(value(coin, 'Side')).toBe('heads');
  });
  it('crash and roulette', () => {
    const crash = verifyOutcome({
      game: 'crash',
      privateSeed: 'ef4427e541f4fa32fcfa70d91e7e915ba078b8ad528cb1eb293007cb06e91c2d',
      publicSeed: '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4',
    });
    expect(value(crash, 'Crash point')).toBe('2.91x');
    // game 1's seed hashes to the chain's published terminating hash h_L (fairness.md §3)
    expect(value(crash, 'Private hash')).toBe(
      '9366142a31d8c3e71dfe4539ac457cc36f1b3724d240a4e99e2faccef6a8385c',
    );
    const roulette1 = verifyOutcome({
      game: 'roulette',
      privateSeed: '0be67524935b2f1428a823f872a90f3df718f60634d5904a5113239af0bbe1c2',
      publicSeed: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526',
    });
    expect(value(roulette1, 'Private hash')).toBe(
      '83f0df9549c9d3658bc7c65c279453acef74f623f8c49f785ebb7f9013ff5d53',
    );
    expect(value(roulette1, 'Colour')).toBe('green');
    const roulette = verifyOutcome({
      game: 'roulette',
      privateSeed: 'e2c21c3901e116dc1285a575fc5efcb410dfdd7d575ca6dc51cf180097947abd',
      publicSeed: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526',
    });
    expect(value(roulette, 'Slot')).toBe('5');
    expect(value(roulette, 'Colour')).toBe('red');
  });
});

describe('verifyOutcome: blackjack and slots', () => {
  const seeds = (nonce: number) => ({ serverSeed: SS1, clientSeed: 'my-client-seed', nonce });
  const label = (s: ReturnType<typeof seeds>, k: number) => cardLabel(blackjackCard(s, k));
  /** Points of a hand as the rules count them: faces 10, an ace 11 unless that busts. */
  const points = (cards: number[]) => {
    let total = 0;
    let aces = 0;
    for (const c of cards) {
      const rank = Math.floor(c / 4);
      total += rank === 12 ? 11 : rank >= 8 ? 10 : rank + 2;
      if (rank === 12) aces++;
    }
    while (total > 21 && aces > 0) {
      total -= 10;
      aces--;
    }
    return { total, soft: aces > 0 };
  };
  const nonceWhere = (ok: (s: ReturnType<typeof seeds>) => boolean) => {
    for (let n = 0; n < 5000; n++) if (ok(seeds(n))) return seeds(n);
    throw new Error('no such nonce');
  };

  it('without actions: the first cards of the stream in draw order, 12 unless told', () => {
    const s = seeds(3);
    const lines = verifyOutcome({ game: 'blackjack', ...s });
    expect(value(lines, 'Cards in draw order')).toBe(
      Array.from({ length: 12 }, (_, k) => label(s, k)).join(' '),
    );
    expect(value(lines, 'Deal')).toBe('player, dealer up, player, dealer hole, then each draw in turn');
    expect(value(verifyOutcome({ game: 'blackjack', ...s, cards: 4 }), 'Cards in draw order')).toBe(
      [0, 1, 2, 3].map((k) => label(s, k)).join(' '),
    );
  });

  it('with actions: the player had cards 0 and 2, the dealer 1 and 3, then the draws', () => {
    // a deal without an ace up (no insurance question) and no blackjack on either side, hard 12..16
    const s = nonceWhere((x) => {
      const [p0, up, p1, hole] = [0, 1, 2, 3].map((k) => blackjackCard(x, k)) as [
        number,
        number,
        number,
        number,
      ];
      const p = points([p0, p1]);
      return (
        Math.floor(up / 4) < 8 && !p.soft && p.total >= 12 && p.total <= 16 && points([up, hole]).total < 21
      );
    });
    const unfinished = verifyOutcome({ game: 'blackjack', ...s, actions: [] });
    const player = `${label(s, 0)} ${label(s, 2)} (${points([0, 2].map((k) => blackjackCard(s, k))).total})`;
    expect(value(unfinished, 'Player')).toBe(player);
    expect(value(unfinished, 'Hand')).toBe('not finished: more actions are needed');
    expect(value(unfinished, 'Cards drawn')).toBe('4');

    const lines = verifyOutcome({ game: 'blackjack', ...s, actions: ['stand'] });
    expect(value(lines, 'Hand')).toBeUndefined();
    // the dealer draws from card 4 on until 17 or more
    const dealer = [1, 3].map((k) => blackjackCard(s, k));
    for (let k = 4; points(dealer).total < 17; k++) dealer.push(blackjackCard(s, k));
    const d = points(dealer);
    const shown = `${dealer.map(cardLabel).join(' ')} (${d.soft && d.total < 21 ? 'soft ' : ''}${d.total})`;
    expect(value(lines, 'Dealer')).toBe(shown);
    expect(value(lines, 'Cards drawn')).toBe(String(2 + dealer.length));
    const mine = points([0, 2].map((k) => blackjackCard(s, k))).total;
    const result = d.total > 21 || mine > d.total ? 'win' : mine === d.total ? 'push' : 'lose';
    expect(value(lines, 'Player')).toBe(`${player} ${result}`);
  });

  it('a soft total says so, a doubled hand says doubled', () => {
    const s = nonceWhere((x) => {
      const up = blackjackCard(x, 1);
      const p = points([blackjackCard(x, 0), blackjackCard(x, 2)]);
      return Math.floor(up / 4) < 8 && p.soft && p.total < 21 && points([up, blackjackCard(x, 3)]).total < 21;
    });
    const p = points([0, 2].map((k) => blackjackCard(s, k)));
    expect(value(verifyOutcome({ game: 'blackjack', ...s, actions: [] }), 'Player')).toBe(
      `${label(s, 0)} ${label(s, 2)} (soft ${p.total})`,
    );
    const doubled = value(verifyOutcome({ game: 'blackjack', ...s, actions: ['double'] }), 'Player');
    expect(doubled?.startsWith(`${label(s, 0)} ${label(s, 2)} ${label(s, 4)} (`)).toBe(true);
    expect(doubled).toMatch(/\) doubled (win|lose|push|bust)$/);
  });

  it('a natural shows 21, not soft 21', () => {
    const s = nonceWhere((x) => {
      const up = blackjackCard(x, 1);
      return Math.floor(up / 4) < 8 && points([blackjackCard(x, 0), blackjackCard(x, 2)]).total === 21;
    });
    expect(value(verifyOutcome({ game: 'blackjack', ...s, actions: [] }), 'Player')).toBe(
      `${label(s, 0)} ${label(s, 2)} (21) blackjack`,
    );
  });

  it('a split shows each hand', () => {
    const s = nonceWhere((x) => {
      const up = blackjackCard(x, 1);
      const [a, b] = [blackjackCard(x, 0), blackjackCard(x, 2)];
      return Math.floor(up / 4) < 8 && Math.floor(a / 4) === Math.floor(b / 4) && Math.floor(a / 4) < 8;
    });
    const lines = verifyOutcome({ game: 'blackjack', ...s, actions: ['split'] });
    expect(value(lines, 'Player')).toBeUndefined();
    expect(value(lines, 'Player hand 1')?.startsWith(`${label(s, 0)} `)).toBe(true);
    expect(value(lines, 'Player hand 2')?.startsWith(`${label(s, 2)} `)).toBe(true);
  });

  it('slots: the reel stops, the rows, the line wins and the multiplier of the spin', () => {
    const s = seeds(0);
    const spin = slotSpin(s);
    const lines = verifyOutcome({ game: 'slots', ...s });
    expect(value(lines, 'Reel stops')).toBe(spin.stops.join(', '));
    const rows = value(lines, 'Rows')?.split(' / ') ?? [];
    expect(rows).toHaveLength(3);
    for (const [row, text] of rows.entries())
      expect(text).toBe(spin.window.map((reel) => reel[row]).join(' '));
    expect(value(lines, 'Multiplier')).toBe(`${(spin.multiplier / 10_000).toFixed(2)}x`);
    const winning = nonceWhere((x) => slotSpin(x).wins.length > 1);
    const won = slotSpin(winning);
    const winLines = verifyOutcome({ game: 'slots', ...winning });
    expect(value(winLines, 'Line wins')).toBe(
      won.wins.map((w) => `line ${w.line + 1}: ${w.count}× ${w.symbol}`).join(', '),
    );
    expect(won.multiplier).toBeGreaterThan(0);
    expect(value(winLines, 'Multiplier')).toBe(`${(won.multiplier / 10_000).toFixed(2)}x`);
    const losing = nonceWhere((x) => slotSpin(x).wins.length === 0);
    expect(value(verifyOutcome({ game: 'slots', ...losing }), 'Line wins')).toBe('none');
  });
  it('plinko and wheel: the path, slot, segment and multiplier of the vectors', () => {
    const SS2 = 'ffc53128113ba1a15adcc475f488da63805c6f2ad4da8b5a74f4605fdd38ebec';
    const plinko = verifyOutcome({
      game: 'plinko',
      serverSeed: SS2,
      clientSeed: 'my-client-seed',
      nonce: 14,
      rows: 12,
      risk: 'medium',
    });
    expect(value(plinko, 'Path')).toBe('R R R R L R R R L L L R');
    expect(value(plinko, 'Slot')).toBe('8 of 0..12');
    expect(value(plinko, 'Multiplier')).toBe('1.10x');
    const wheel = verifyOutcome({
      game: 'wheel',
      serverSeed: SS2,
      clientSeed: 'my-client-seed',
      nonce: 17,
      segments: 30,
      risk: 'low',
    });
    expect(value(wheel, 'Segment')).toBe('22 of 0..29');
    expect(value(wheel, 'Multiplier')).toBe('1.20x');
  });
});

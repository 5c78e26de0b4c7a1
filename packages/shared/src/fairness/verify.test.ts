import { describe, expect, it } from 'vitest';
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

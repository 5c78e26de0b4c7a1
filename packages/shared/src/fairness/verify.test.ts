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
  it('mines', () => {
    const lines = verifyOutcome({
      game: 'mines',
      serverSeed: SS1,
      clientSeed: 'my-client-seed',
      nonce: 5,
      mines: 3,
    });
    expect(value(lines, 'Mines (draw order)')).toBe('2, 7, 22');
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
    expect(
      value(
        verifyOutcome({ game: 'coinflip', serverSeed: 'c0ffee00c0ffee00c0ffee00c0ffee00', blockId }),
        'Side',
      ),
    ).toBe('heads');
  });
  it('crash and roulette', () => {
    const crash = verifyOutcome({
      game: 'crash',
      privateSeed: 'ef4427e541f4fa32fcfa70d91e7e915ba078b8ad528cb1eb293007cb06e91c2d',
      publicSeed: '0000000000000000001b34dc6a1e86083f95500b096231436e9b25cbdd0075c4',
    });
    expect(value(crash, 'Crash point')).toBe('2.91x');
    const roulette = verifyOutcome({
      game: 'roulette',
      privateSeed: 'e2c21c3901e116dc1285a575fc5efcb410dfdd7d575ca6dc51cf180097947abd',
      publicSeed: '0000000000000000004d6ec16dafe9d8370958664c1dc422f452892264c59526',
    });
    expect(value(roulette, 'Slot')).toBe('5');
    expect(value(roulette, 'Colour')).toBe('red');
  });
});

import { describe, expect, it } from 'vitest';
import { battleIdOf, outcomeLines } from './bet-outcome.ts';
import { filterGames, gameRows, multiplierTone } from './game-rows.ts';
import { actionLabel, filterTxs, txRows } from './tx-rows.ts';

const user = { id: '7', username: 'p', avatar: '' };

describe('profile game rows', () => {
  const rows = gameRows({
    caseBattles: [],
    cases: [],
    games: [
      {
        id: '11',
        game: 'dice',
        user,
        amount: 2,
        payout: 3.96,
        multiplier: 1.98,
        created: '2024-05-01T10:00:03Z',
      },
      {
        id: '10',
        game: 'battles',
        user,
        amount: 5,
        payout: 0,
        multiplier: 0,
        created: '2024-05-01T10:00:00Z',
      },
    ],
    crash: [
      {
        _id: '3',
        betAmount: 1.5,
        stoppedAt: 250,
        winningAmount: 3.75,
        crashPoint: 4.1,
        status: 'cashed',
        created: '2024-05-01T10:00:02Z',
      },
      {
        _id: '4',
        betAmount: 1,
        stoppedAt: null,
        winningAmount: 1,
        crashPoint: 0,
        status: 'refunded',
        created: '2024-04-30T10:00:00Z',
      },
    ],
    roulette: [
      {
        _id: '9',
        players: [
          { _id: '7', betAmount: 0.1, color: 'red' },
          { _id: '7', betAmount: 0.2, color: 'green' },
        ],
        winner: 'green',
        payout: 2.8,
        created: '2024-05-01T10:00:01Z',
      },
    ],
  });

  it('merges every list newest first with bet, multiplier and payout', () => {
    expect(rows.map((r) => [r.label, r.bet, r.multiplier, r.payout])).toEqual([
      ['Dice', 2, 1.98, 3.96],
      ['Crash', 1.5, 2.5, 3.75],
      ['Roulette', 0.3, 9.33, 2.8],
      ['Case Battles', 5, 0, 0],
      ['Crash', 1, 1, 1],
    ]);
    expect(rows[0]?.details).toEqual({ kind: 'bet', betId: '11' });
  });

  it('filters by game', () => {
    expect(filterGames(rows, 'crash').map((r) => r.key)).toEqual(['crash:3', 'crash:4']);
    expect(filterGames(rows, 'battles').map((r) => r.key)).toEqual(['bet:10']);
    expect(filterGames(rows, 'all')).toHaveLength(5);
  });

  it('colours multipliers above 1 green, below red, 1 white', () => {
    expect([multiplierTone(1.01), multiplierTone(0), multiplierTone(1)]).toEqual(['win', 'loss', 'even']);
  });
});

describe('profile transaction rows', () => {
  const rows = txRows({
    deposits: [
      {
        _id: '1',
        type: 'deposit',
        currency: 'btc',
        siteValue: 20,
        state: 3,
        txid: 'ab',
        created: '2024-05-01T10:00:00Z',
      },
    ],
    withdraws: [
      {
        _id: '2',
        type: 'withdraw',
        currency: 'CASH',
        siteValue: 12,
        state: 4,
        txid: null,
        created: '2024-05-02T10:00:00Z',
      },
    ],
    free: [
      { _id: '30', action: 'sent-tip', amount: -1, created: '2024-05-03T10:00:00Z' },
      { _id: '31', action: 'affiliate-bonus', amount: 0.25, created: '2024-04-01T10:00:00Z' },
    ],
  });

  it('labels events, types and states with their colours', () => {
    expect(rows.map((r) => [r.event, r.type, r.amount, r.amountTone, r.status, r.statusTone])).toEqual([
      ['Sent Tip', 'Free', 1, 'red', 'Completed', 'green'],
      ['Withdraw', 'CashApp', 12, 'red', 'Manual Review', 'blue'],
      ['Deposit', 'BTC', 20, 'green', 'Completed', 'green'],
      ['Affiliate Bonus', 'Free', 0.25, 'green', 'Completed', 'green'],
    ]);
  });

  it('filters by list', () => {
    expect(filterTxs(rows, 'deposits').map((r) => r.key)).toEqual(['deposit:1']);
    expect(filterTxs(rows, 'withdraws').map((r) => r.key)).toEqual(['withdraw:2']);
    expect(filterTxs(rows, 'free').map((r) => r.key)).toEqual(['free:30', 'free:31']);
  });

  it('turns actions into labels', () => {
    expect(actionLabel('rain-tip')).toBe('Rain Tip');
    expect(actionLabel('daily_case')).toBe('Daily Case');
  });
});

describe('bet details outcome lines', () => {
  it('reads each game in its own units', () => {
    expect(outcomeLines('dice', { roll: 2884, target: 4950, win: true })).toEqual([
      { label: 'Roll', value: '28.84' },
      { label: 'Roll under', value: '49.50' },
      { label: 'Result', value: 'Win' },
    ]);
    expect(outcomeLines('limbo', { result: 123, target: 200, win: false })).toEqual([
      { label: 'Result', value: '1.23x' },
      { label: 'Target', value: '2.00x' },
      { label: 'Outcome', value: 'Loss' },
    ]);
    expect(
      outcomeLines('cases', {
        case: { name: 'Starter' },
        ticket: 12345,
        item: { name: 'Knife', price: 1250 },
      }),
    ).toEqual([
      { label: 'Case', value: 'Starter' },
      { label: 'Ticket', value: '12,345' },
      { label: 'Item', value: 'Knife (12.50)' },
    ]);
  });

  it('ignores what it cannot read and finds a battle id', () => {
    expect(outcomeLines('dice', null)).toEqual([]);
    expect(outcomeLines('dice', { roll: 'x' })).toEqual([]);
    expect(battleIdOf({ battleId: 'ab12', seat: 2 })).toBe('ab12');
    expect(battleIdOf([])).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { firstIssue } from './common.ts';
import { normalizeTriviaAnswer, triviaCreateBody, triviaText } from './trivia.ts';

const ok = { question: 'Capital of France?', answer: 'Paris', winnerAmount: 3, prize: 1 };

describe('trivia answers', () => {
  it('are compared trimmed and case-insensitively', () => {
    expect(normalizeTriviaAnswer('  PaRis ')).toBe('paris');
    expect(normalizeTriviaAnswer('Paris')).toBe(normalizeTriviaAnswer('paris'));
  });
});

describe('trivia/create', () => {
  it('a question and an answer of 1 to 200 characters, 1 to 1,000 winners, a prize of at least 0.01', () => {
    expect(triviaCreateBody.parse({ ...ok, winnerAmount: '1000', prize: '0.01', answer: ' Paris ' })).toEqual(
      {
        ...ok,
        winnerAmount: 1000,
        prize: 0.01,
      },
    );
    expect(
      triviaCreateBody.safeParse({ ...ok, question: 'q'.repeat(200), answer: 'a'.repeat(200) }).success,
    ).toBe(true);
    const refused: Array<[object, string]> = [
      [{ question: '  ' }, 'Please enter the question.'],
      [{ answer: '' }, 'Please enter the answer.'],
      [{ question: 'q'.repeat(201) }, 'The question can be at most 200 characters long.'],
      [{ answer: 'a'.repeat(201) }, 'The answer can be at most 200 characters long.'],
      [{ winnerAmount: 0 }, 'Winners must be at least 1.'],
      [{ winnerAmount: 1001 }, 'Winners must be at most 1000.'],
      [{ winnerAmount: 2.5 }, 'Winners must be a whole number.'],
      [{ winnerAmount: 'many' }, 'Winners must be a number.'],
      [{ prize: 0 }, 'Prize must be at least 0.01.'],
    ];
    for (const [patch, message] of refused) {
      const r = triviaCreateBody.safeParse({ ...ok, ...patch });
      expect(r.success, message).toBe(false);
      if (!r.success) expect(firstIssue(r.error)).toBe(message);
    }
  });

  it('texts', () => {
    expect(triviaText.won(250)).toBe('Correct answer! You won 2.50 coins in the trivia.');
    expect(triviaText.over('Paris')).toBe('The trivia is over! The answer was: Paris');
  });
});

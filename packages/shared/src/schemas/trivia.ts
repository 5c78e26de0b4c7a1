import { z } from 'zod';
import { type Cents, formatCents } from '../money.ts';
import { coinAmount, INTEGER_STRING, text, wireNumber } from './common.ts';

/**
 * Trivia (spec-2 §2–§9, PROTOCOL.md §5): an admin's question, answered in chat. The shapes sent to
 * clients (TriviaState, the history's trivia part, the event names) live in chat.ts.
 */

/** After the countdown the question is out this long; unanswered places then lapse (ours). */
export const TRIVIA_ANSWER_WINDOW_MS = 10 * 60_000;
export const TRIVIA_MAX_WINNERS = 1000;
export const TRIVIA_TEXT_MAX = 200;

/** PUT /api/external/v1/trivia/create (rank 5). Fields arrive as typed (spec-2 §9): strings or numbers. */
export const triviaCreateBody = z.object({
  question: text('question')
    .min(1, 'Please enter the question.')
    .max(TRIVIA_TEXT_MAX, `The question can be at most ${TRIVIA_TEXT_MAX} characters long.`),
  answer: text('answer')
    .min(1, 'Please enter the answer.')
    .max(TRIVIA_TEXT_MAX, `The answer can be at most ${TRIVIA_TEXT_MAX} characters long.`),
  winnerAmount: wireNumber(
    z
      .number({ error: 'Winners must be a number.' })
      .int('Winners must be a whole number.')
      .min(1, 'Winners must be at least 1.')
      .max(TRIVIA_MAX_WINNERS, `Winners must be at most ${TRIVIA_MAX_WINNERS}.`),
    INTEGER_STRING,
  ),
  prize: coinAmount.refine((v) => v >= 0.01, 'Prize must be at least 0.01.'),
});
export type TriviaCreateBody = z.infer<typeof triviaCreateBody>;

/** The server's trivia sentences (the spec shows none besides the admin toasts). */
export const TRIVIA_TEXT = {
  alreadyRunning: 'A trivia is already running.',
  created: 'Successfully created trivia!',
  panelTitle: 'Trivia',
  startsIn: 'Question in',
  answerHint: 'Type your answer in chat',
  // a correct answer is never shown in chat: its sender gets one of these (or the win notification)
  alreadyWon: 'You have already won this trivia.',
  placesTaken: 'Correct, but all the trivia places were already taken.',
} as const;

export const triviaText = {
  won: (cents: Cents) => `Correct answer! You won ${formatCents(cents)} coins in the trivia.`,
  over: (answer: string) => `The trivia is over! The answer was: ${answer}`,
};

/** How a chat line is compared with the answer: trimmed, case-insensitive. */
export function normalizeTriviaAnswer(s: string): string {
  return s.trim().toLowerCase();
}

export * from './crash.ts';
export * from './limits.ts';
export * from './upgrader.ts';
export * from './blackjack.ts';

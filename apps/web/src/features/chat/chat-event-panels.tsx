import { GiveawayPanel } from '../giveaway/giveaway-panel.tsx';
import { RainPanel } from '../rain/rain-panel.tsx';
import { TriviaPanel } from '../trivia/trivia-panel.tsx';
import { useChatStore } from './chat-store.ts';

/**
 * The giveaway, trivia and rain panels above the messages (spec-2 §2), in that order, each only
 * while active (a drawn giveaway stays a few minutes with its result). Their state is kept live by
 * useChatEvents.
 */
export function ChatEventPanels() {
  const rainActive = useChatStore((s) => s.rain.active);
  const triviaActive = useChatStore((s) => s.trivia?.active === true);
  const giveawayShown = useChatStore((s) => s.giveaway !== null);
  if (!rainActive && !triviaActive && !giveawayShown) return null;
  return (
    <>
      {giveawayShown ? <GiveawayPanel /> : null}
      {triviaActive ? <TriviaPanel /> : null}
      {rainActive ? <RainPanel /> : null}
    </>
  );
}

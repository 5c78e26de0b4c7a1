import type { RainState } from '@coinsite/shared/schemas/chat';
import { useEffect, useState } from 'react';
import { useChatStore } from '../chat/chat-store.ts';

/**
 * The live rain with its countdowns ticking locally every second (spec-2 §4); each server state
 * replaces the base the ticking starts from.
 */
export function useRainClock(): { rain: RainState; timeLeft: number; timeLeftToJoin: number } {
  const rain = useChatStore((s) => s.rain);
  const [base, setBase] = useState(() => ({ rain, at: Date.now() }));
  const [now, setNow] = useState(() => Date.now());
  if (base.rain !== rain) setBase({ rain, at: Date.now() });
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const elapsed = Math.max(0, now - base.at);
  return {
    rain,
    timeLeft: Math.max(0, rain.timeLeft - elapsed),
    timeLeftToJoin: rain.joinable ? Math.max(0, rain.timeLeftToJoin - elapsed) : 0,
  };
}

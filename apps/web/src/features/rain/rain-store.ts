import { CHAT_EVENTS } from '@coinsite/shared/chat-events';
import { toast } from '../../lib/toast.ts';
import { create } from 'zustand';
import { getSocket, onSocket } from '../../lib/socket.ts';
import { botCheck } from '../auth/recaptcha.ts';

interface RainUi {
  /** enter-rain sent, no answer yet */
  joining: boolean;
  /** the tip-rain dialog's prefilled amount, or null when closed */
  tipAmount: string | null;
  openTipRain: (amount?: string) => void;
  closeTipRain: () => void;
}

export const useRainUi = create<RainUi>()((set) => ({
  joining: false,
  tipAmount: null,
  openTipRain: (amount = '') => set({ tipAmount: amount }),
  closeTipRain: () => set({ tipAmount: null }),
}));

export const openTipRain = (amount?: string): void => useRainUi.getState().openTipRain(amount);

/** Join: the bot check (when configured), then enter-rain; the answer ends the loading state. */
export async function joinRain(): Promise<void> {
  if (useRainUi.getState().joining) return;
  useRainUi.setState({ joining: true });
  const token = await botCheck('rain');
  if (token === undefined) {
    useRainUi.setState({ joining: false });
    return;
  }
  const socket = getSocket('chat');
  if (token) socket.emit(CHAT_EVENTS.enterRain, token);
  else socket.emit(CHAT_EVENTS.enterRain);
}

/** rain-join-success / rain-join-error: a toast with the server's sentence (spec-2 §8). */
export function listenRainJoin(): () => void {
  const offs = [
    onSocket('chat', CHAT_EVENTS.rainJoinSuccess, (message) => {
      useRainUi.setState({ joining: false });
      toast.success(typeof message === 'string' ? message : 'Joined');
    }),
    onSocket('chat', CHAT_EVENTS.rainJoinError, (message) => {
      useRainUi.setState({ joining: false });
      toast.error(typeof message === 'string' ? message : 'Could not join the rain.');
    }),
  ];
  return () => {
    for (const off of offs) off();
  };
}

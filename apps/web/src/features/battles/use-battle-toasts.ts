import { useEffect } from 'react';
import { toast } from 'sonner';
import { onSocket } from '../../lib/socket.ts';
import { playSound } from '../../lib/sounds.ts';

/** spec-3 §8: battles:error → error toast and sound; battles:success → success toast (one page listens). */
export function useBattleToasts(onAnswer?: () => void): void {
  useEffect(() => {
    const offs = [
      onSocket('battles', 'battles:error', (message) => {
        playSound('error');
        toast.error(String(message ?? 'Something went wrong.'));
        onAnswer?.();
      }),
      onSocket('battles', 'battles:success', (message) => {
        toast.success(String(message ?? ''));
        onAnswer?.();
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [onAnswer]);
}

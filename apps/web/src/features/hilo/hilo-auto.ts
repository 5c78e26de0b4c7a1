import type { HiloView } from '@coinsite/shared';

/**
 * Autobet's guess on a card: the more likely of higher and lower (higher on a tie; on an ace or a
 * king only one of them is offered). docs/decisions/originals-keno-hilo.md.
 */
export function likelierGuess(options: HiloView['options']): 'higher' | 'lower' {
  const { higher, lower } = options;
  if (!lower) return 'higher';
  if (!higher) return 'lower';
  return lower.chance > higher.chance ? 'lower' : 'higher';
}

import { Plus } from 'lucide-react';
import { openDialog } from '../../lib/dialog-store.ts';
import { formatPlain } from '../../lib/format.ts';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useAnimatedNumber } from './use-animated-number.ts';

/** The animated balance with the Cashier button (signed-in area of the navigation bar). */
export function Balance({ compact = false }: { compact?: boolean }) {
  const wallet = useAuthStore((s) => s.user?.wallet ?? 0);
  const shown = useAnimatedNumber(wallet);
  return (
    <div className="flex items-center rounded-xl bg-ink-950/70 p-1 ring-1 ring-ink-700">
      <div className="flex items-center gap-2 px-2.5" title="Your balance in coins">
        <CoinIcon className="h-4 w-4" />
        <span data-testid="balance" className="font-mono text-sm font-bold text-white tabular-nums">
          {formatPlain(shown)}
        </span>
      </div>
      <button
        type="button"
        onClick={() => openDialog({ name: 'cashier' })}
        className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-gradient-to-b from-accent-400 to-accent-600 px-3 text-xs font-bold text-ink-950 transition hover:brightness-110"
      >
        <Plus className="h-4 w-4" aria-hidden="true" />
        {compact ? <span className="sr-only">Cashier</span> : 'Cashier'}
      </button>
    </div>
  );
}

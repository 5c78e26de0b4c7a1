import type { FaucetClaimResult, FaucetView } from '@coinsite/shared/schemas/economy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Droplets } from 'lucide-react';
import { toast } from 'sonner';
import { errorText } from '../../lib/errors.ts';
import { formatCoins } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useMsUntil } from '../../lib/use-clock.ts';
import { formatClock } from './format-clock.ts';

const FAUCET_KEY = ['rewards', 'faucet'] as const;
const GENERIC = 'There was an error while claiming the faucet. Please try again later!';

/** The Faucet tab and popup: 0.05 every 30 minutes while the balance is below 0.10. */
export function FaucetPanel() {
  const client = useQueryClient();
  const wallet = useAuthStore((s) => s.user?.wallet ?? 0);
  const faucet = useQuery({
    queryKey: FAUCET_KEY,
    queryFn: () => http.get<FaucetView>('/rewards/faucet'),
  });
  const nextAt = faucet.data?.nextClaimAt ? Date.parse(faucet.data.nextClaimAt) : null;
  const left = useMsUntil(nextAt);
  const { pending, run } = useAction();

  if (faucet.isPending) {
    return (
      <div className="flex h-40 items-center justify-center text-accent-400">
        <Spinner className="h-7 w-7" />
      </div>
    );
  }
  if (faucet.isError) {
    return (
      <p className="py-8 text-center text-ink-300">{errorText(faucet.error, 'Could not load the faucet.')}</p>
    );
  }
  const f = faucet.data;
  const tooRich = wallet >= f.below;
  const waiting = left > 0;

  function claim() {
    void run(
      async () => {
        try {
          const res = await http.post<FaucetClaimResult>('/rewards/faucet/claim');
          toast.success(`You claimed ${formatCoins(res.claimed)} coins from the faucet!`);
        } finally {
          // claimed or refused, the countdown is the server's
          void client.invalidateQueries({ queryKey: FAUCET_KEY });
        }
      },
      GENERIC,
      { sound: true },
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-sky-500/15 text-sky-300 ring-1 ring-sky-400/30">
        <Droplets className="h-8 w-8" aria-hidden="true" />
      </div>
      <div>
        <p className="text-lg font-bold text-white">Claim {formatCoins(f.amount)} free coins</p>
        <p className="mt-1 max-w-sm text-sm text-ink-300">
          Ran dry? The faucet pays {formatCoins(f.amount)} coins every {Math.round(f.intervalMs / 60_000)}{' '}
          minutes while your balance is below {formatCoins(f.below)}.
        </p>
      </div>
      {tooRich ? (
        <p className="rounded-lg bg-ink-950/60 px-3 py-2 text-sm text-ink-300 ring-1 ring-ink-700">
          Your balance must be below {formatCoins(f.below)} to use the faucet.
        </p>
      ) : null}
      <Button
        onClick={claim}
        disabled={pending || waiting || tooRich}
        loading={pending}
        className="w-full max-w-xs"
        data-testid="faucet-claim"
      >
        {waiting ? `Next claim in ${formatClock(left)}` : 'Claim faucet'}
      </Button>
    </div>
  );
}

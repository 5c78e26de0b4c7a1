import { REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { useQueryClient } from '@tanstack/react-query';
import { Crown } from 'lucide-react';
import { toast } from 'sonner';
import { closeDialog } from '../../lib/dialog-store.ts';
import { formatCoins } from '../../lib/format.ts';
import { http } from '../../lib/http.ts';
import { useAction } from '../../lib/use-action.ts';
import { Button } from '../../ui/button.tsx';
import { CoinIcon } from '../../ui/coin-icon.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useVip, VIP_KEY } from './vip-api.ts';
import { openVipDialog } from './vip-store.ts';

const CLAIM_GENERIC = 'There was an error while claiming your rakeback. Please try again later!';

/** The claim button of the VIP dialog and the rakeback tab: 'Claiming' while busy, then a reload. */
export function ClaimRakebackButton({ balance, minimum }: { balance: number; minimum: number }) {
  const client = useQueryClient();
  const { pending, run } = useAction();
  function claim() {
    void run(
      async () => {
        await http.post<{ rakebackClaimed: number }>('/vip/claim');
        toast.success(REWARDS_TEXT.rakebackClaimed);
        await client.invalidateQueries({ queryKey: VIP_KEY });
      },
      CLAIM_GENERIC,
      { sound: true },
    );
  }
  return (
    <Button variant="gold" onClick={claim} disabled={pending} loading={pending} className="w-full">
      {pending
        ? 'Claiming'
        : balance >= minimum
          ? 'Claim rakeback'
          : `Claim rakeback (min ${formatCoins(minimum)})`}
    </Button>
  );
}

/** Where VIP data would be after a failed load: the toast said why, this offers another try. */
export function VipRetry({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="flex justify-center py-8">
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** The Rakeback tab and popup: the balance, the player's rate and the claim. */
export function RakebackPanel({ showVipLink = true }: { showVipLink?: boolean }) {
  const vip = useVip();
  if (vip.isPending) {
    return (
      <div className="flex h-40 items-center justify-center text-accent-400">
        <Spinner className="h-7 w-7" />
      </div>
    );
  }
  // the failure itself was a toast (useVip); here only the way to try again
  if (vip.isError) return <VipRetry onRetry={() => void vip.refetch()} />;
  const v = vip.data;
  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-2xl bg-[radial-gradient(ellipse_at_top,#3b2a0a,transparent_70%),#0b1020] p-5 text-center ring-1 ring-gold-500/30">
        <p className="text-xs font-semibold tracking-widest text-gold-300/80 uppercase">Rakeback balance</p>
        <p className="mt-2 flex items-center justify-center gap-2 text-3xl font-black text-white tabular-nums">
          <CoinIcon className="h-7 w-7" />
          <span data-testid="rakeback-balance">{formatCoins(v.rakebackBalance)}</span>
        </p>
        <p className="mt-2 text-sm text-ink-300">
          Level {v.currentLevel.name} · {v.currentLevel.levelName} earns{' '}
          <span className="font-bold text-gold-300">{v.currentLevel.rakebackPercentage.toFixed(2)}%</span> of
          the house edge on every bet.
        </p>
      </div>
      <ClaimRakebackButton balance={v.rakebackBalance} minimum={v.minimumClaim} />
      {showVipLink ? (
        <button
          type="button"
          onClick={() => {
            closeDialog();
            openVipDialog();
          }}
          className="inline-flex items-center justify-center gap-1.5 text-sm font-semibold text-ink-300 transition hover:text-white"
        >
          <Crown className="h-4 w-4 text-gold-400" aria-hidden="true" /> View VIP levels
        </button>
      ) : null}
    </div>
  );
}

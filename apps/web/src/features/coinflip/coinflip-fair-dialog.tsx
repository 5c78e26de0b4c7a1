import type { CoinflipView } from '@coinsite/shared/schemas/coinflip';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { AppDialog } from '../../ui/dialog.tsx';

function Field({ label, value, testId }: { label: string; value: string | null; testId?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[11px] font-semibold tracking-wider text-ink-400 uppercase">{label}</span>
      <span
        data-testid={testId}
        className="rounded-md bg-ink-950/70 px-2.5 py-1.5 font-mono text-xs break-all text-white ring-1 ring-ink-700"
      >
        {value ?? 'Not yet known'}
      </span>
    </div>
  );
}

/**
 * A flip's Provably Fair dialog (fairness.md §2): the server seed's hash from creation, the EOS block
 * fixed when the second seat filled, then the seed, the block id and the roll: 0–29 heads, 30–59 tails.
 */
export function CoinflipFairDialog({
  flip,
  open,
  onOpenChange,
}: {
  flip: CoinflipView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Provably Fair" width="max-w-xl">
      <div className="flex flex-col gap-4 text-sm">
        <p className="text-ink-300">
          The server seed is drawn when the flip is created and only its hash is shown. When the second player
          (or the bot) joins, an EOS block a few blocks ahead is chosen; once it is irreversible its id
          decides: roll = the first number of HMAC-SHA256(server seed, "block id:0:0") scaled to 0–59.
        </p>
        <Field label="Server seed hash" value={flip.serverSeedHash} />
        <Field label="Server seed" value={flip.serverSeed} testId="flip-server-seed" />
        <Field label="EOS block" value={flip.blockNumber === null ? null : `#${flip.blockNumber}`} />
        <Field label="EOS block id" value={flip.blockId} />
        <Field
          label="Roll"
          value={flip.roll === null ? null : `${flip.roll} / 60 → ${flip.roll < 30 ? 'heads' : 'tails'}`}
          testId="flip-roll"
        />
        <Link
          to="/provably-fair?tab=coinflip"
          onClick={() => onOpenChange(false)}
          className="inline-flex items-center gap-1.5 self-start font-semibold text-accent-400 hover:underline"
        >
          Verify it yourself <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </AppDialog>
  );
}

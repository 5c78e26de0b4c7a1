import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';
import type { BattleDetail } from './battles-api.ts';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold text-ink-300">{label}</span>
      <code className="rounded-lg bg-ink-950/70 px-3 py-2 font-mono text-xs break-all text-ink-200 ring-1 ring-ink-700">
        {value}
      </code>
    </div>
  );
}

/** The battle's Provably Fair dialog (spec-3 §2.5): seed hash, seed (after the end), EOS block and hash. */
export function BattleFairButton({ battle }: { battle: BattleDetail }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <ShieldCheck className="h-4 w-4 text-accent-400" aria-hidden="true" /> Provably Fair
      </Button>
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Provably Fair"
        description="Each drop comes from the server seed, the EOS block hash, the round and the seat."
        width="max-w-lg"
      >
        <div className="flex flex-col gap-4">
          <Row label="Server Seed Hashed" value={battle.serverSeedHash} />
          <Row label="Server Seed" value={battle.serverSeed ?? 'Revealed when the battle ends'} />
          <Row
            label="EOS Block"
            value={battle.blockNumber ? `#${battle.blockNumber}` : 'Chosen when the last seat fills'}
          />
          <Row label="EOS Block Hash" value={battle.blockHash ?? 'Known once that block is irreversible'} />
          <p className="text-xs text-ink-400">
            Round r, seat p: ticket = pick(p − 1, 100000) + 1 of HMAC-SHA256(server seed, “block hash:r:0”);
            the item whose range holds the ticket is the drop.
          </p>
          <Link
            to={`/provably-fair?tab=battles&battle=${battle.id}`}
            className="self-start text-sm font-semibold text-accent-400 hover:underline"
          >
            Verify this battle: every drop and the winner
          </Link>
        </div>
      </AppDialog>
    </>
  );
}

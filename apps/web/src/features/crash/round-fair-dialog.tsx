import { ExternalLink, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/button.tsx';
import { AppDialog } from '../../ui/dialog.tsx';

export interface FairRound {
  _id: string;
  /** the game's own round count, the number shown (issue 28 item 9) */
  number: number;
  privateHash: string;
  privateSeed: string;
  publicSeed: string;
  /** what the seeds gave, as shown ("2.91x", "red 5") */
  result: string;
  /** how the round was settled, when not as usual (a hand-over gap) */
  note?: string;
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-[11px] font-semibold tracking-wider text-ink-400 uppercase">{label}</span>
      <span className="rounded-md bg-ink-950/70 px-2.5 py-1.5 font-mono text-xs break-all text-white ring-1 ring-ink-700">
        {value || '—'}
      </span>
    </div>
  );
}

/**
 * The Provably Fair dialog of a chain game (spec-3 §2.5: round id, private hash, private seed,
 * public seed, result): the running round's commitment and the revealed rounds, with the way to
 * the verifier on /provably-fair.
 */
export function RoundFairDialog({
  game,
  current,
  rounds,
  open,
  onOpenChange,
  focus,
}: {
  game: 'crash' | 'roulette';
  current: { _id: string | null; number: number | null; privateHash: string; publicSeed: string };
  rounds: FairRound[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** a round to show first (clicked in the history) */
  focus?: string | null;
}) {
  const first = focus ? rounds.filter((r) => r._id === focus) : [];
  const shown = [...first, ...rounds.filter((r) => r._id !== focus)].slice(0, 10);
  // a round that is over is listed with its seed below, never as the round in play
  const playing = current._id !== null && !rounds.some((r) => r._id === current._id);
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Provably Fair" width="max-w-2xl">
      <div className="flex flex-col gap-5 text-sm">
        <p className="text-ink-300">
          Every round's seed comes from a hash chain published before its first round. The private hash is
          shown before bets open; the private seed is revealed when the round is over, and hashing it gives
          the private hash. The result is derived from the private seed and the public seed (the salt).
        </p>
        {playing ? (
          <section
            className="flex flex-col gap-2 rounded-xl bg-ink-950/40 p-3 ring-1 ring-ink-700"
            data-testid="fair-current"
          >
            <h3 className="font-bold text-white">
              {current.number === null ? 'Current round' : `Round #${current.number}`} (now)
            </h3>
            <Field label="Private hash" value={current.privateHash} />
            <Field label="Public seed" value={current.publicSeed} />
            <p className="text-xs text-ink-400">The private seed is revealed when this round is over.</p>
          </section>
        ) : null}
        <section className="flex flex-col gap-3">
          <h3 className="font-bold text-white">Revealed rounds</h3>
          {shown.length === 0 ? <p className="text-ink-400">No round has finished yet.</p> : null}
          {shown.map((r) => (
            <div
              key={r._id}
              data-testid="fair-round"
              className="flex flex-col gap-2 rounded-xl bg-ink-950/40 p-3 ring-1 ring-ink-700"
            >
              <div className="flex items-center justify-between">
                <span className="font-bold text-white">Round #{r.number}</span>
                <span className="font-mono font-bold text-accent-300">{r.result}</span>
              </div>
              <Field label="Private hash" value={r.privateHash} />
              <Field label="Private seed" value={r.privateSeed} />
              <Field label="Public seed" value={r.publicSeed} />
              {r.note ? (
                <p
                  data-testid="fair-round-note"
                  className="rounded-md bg-amber-500/10 px-2.5 py-2 text-xs text-amber-200 ring-1 ring-amber-500/30"
                >
                  {r.note}
                </p>
              ) : null}
            </div>
          ))}
        </section>
        <Link
          to={`/provably-fair?tab=${game}`}
          onClick={() => onOpenChange(false)}
          className="inline-flex items-center gap-1.5 self-start font-semibold text-accent-400 hover:underline"
        >
          Verify a round and see the published chains <ExternalLink className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
    </AppDialog>
  );
}

/** The header button opening it. */
export function RoundFairButton(props: Omit<Parameters<typeof RoundFairDialog>[0], 'open' | 'onOpenChange'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <ShieldCheck className="h-4 w-4 text-accent-400" aria-hidden="true" />
        Provably Fair
      </Button>
      {open ? <RoundFairDialog {...props} open onOpenChange={setOpen} /> : null}
    </>
  );
}

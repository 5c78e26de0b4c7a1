import { sha256Hex } from '@coinsite/shared/fairness';
import { clientSeed as clientSeedSchema } from '@coinsite/shared/schemas/games';
import { BadgeCheck, Dices, TriangleAlert } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../ui/button.tsx';
import { inputClass } from '../../ui/input.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CopyValue } from './copy-value.tsx';
import { type RevealedPair, useChangeClientSeed, useCurrentSeeds, useSeedHistory } from './fairness-api.ts';

function randomClientSeed(): string {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function ClientSeedForm({ current }: { current: string }) {
  const [value, setValue] = useState(current);
  const [error, setError] = useState<string | null>(null);
  const change = useChangeClientSeed();
  // a rotation (here or in another tab) brings a new current seed: show it
  useEffect(() => setValue(current), [current]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = clientSeedSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a client seed.');
      return;
    }
    setError(null);
    change.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5">
      <label htmlFor="pf-client-seed" className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
        Client Seed
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <input
            id="pf-client-seed"
            value={value}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => setValue(e.target.value)}
            className={`${inputClass} pr-11 font-mono`}
          />
          <button
            type="button"
            aria-label="Random client seed"
            title="Random client seed"
            onClick={() => setValue(randomClientSeed())}
            className="absolute inset-y-0 right-1.5 my-auto h-8 rounded-md px-2 text-ink-400 transition hover:bg-ink-700 hover:text-white"
          >
            <Dices className="h-4 w-4" />
          </button>
        </div>
        <Button type="submit" loading={change.isPending} disabled={change.isPending} className="h-11 sm:w-32">
          Change
        </Button>
      </div>
      {error ? <p className="text-xs text-red-300">{error}</p> : null}
    </form>
  );
}

function HashCheck({ pair }: { pair: RevealedPair }) {
  const ok = sha256Hex(pair.serverSeed) === pair.serverSeedHash;
  return ok ? (
    <BadgeCheck className="inline h-4 w-4 shrink-0 text-accent-400" aria-label="Hash matches" />
  ) : (
    <TriangleAlert className="inline h-4 w-4 shrink-0 text-red-400" aria-label="Hash does not match" />
  );
}

function HistoryTable({ rows }: { rows: RevealedPair[] }) {
  if (rows.length === 0) {
    return (
      <p className="rounded-xl bg-ink-950/50 p-4 text-center text-sm text-ink-400 ring-1 ring-ink-700">
        No revealed seeds yet. Change your client seed to reveal the current server seed.
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-xl ring-1 ring-ink-700">
      <table className="w-full min-w-[40rem] table-fixed text-left text-xs">
        <thead className="bg-ink-950/70 text-ink-400">
          <tr>
            <th className="w-[34%] px-3 py-2 font-semibold">Server Seed</th>
            <th className="w-[34%] px-3 py-2 font-semibold">Server Seed Hash</th>
            <th className="w-[20%] px-3 py-2 font-semibold">Client Seed</th>
            <th className="w-[12%] px-3 py-2 text-right font-semibold">Nonce</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-700/70 font-mono">
          {rows.map((r) => (
            <tr key={r.id} data-testid="pf-history-row" className="align-top odd:bg-ink-850/60">
              <td className="px-3 py-2 break-all text-white">{r.serverSeed}</td>
              <td className="px-3 py-2 break-all text-ink-300">
                <span className="mr-1">
                  <HashCheck pair={r} />
                </span>
                {r.serverSeedHash}
              </td>
              <td className="px-3 py-2 break-all text-ink-200">{r.clientSeed}</td>
              <td className="px-3 py-2 text-right text-white tabular-nums">{r.nonce}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** spec-2 §2 "How it works?": the player's pair, the Change button and the revealed pairs. */
export function SeedsPanel() {
  const current = useCurrentSeeds();
  const history = useSeedHistory();
  return (
    <div className="flex flex-col gap-5">
      {current.data ? (
        <div className="grid gap-4 md:grid-cols-2">
          <CopyValue
            label="Current Server Seed (hashed)"
            value={current.data.serverSeedHash}
            testId="pf-current-hash"
          />
          <ClientSeedForm current={current.data.clientSeed} />
          <CopyValue
            label="Next Server Seed (hashed)"
            value={current.data.nextServerSeedHash}
            testId="pf-next-hash"
          />
          <div className="flex flex-col gap-1.5">
            <span className="text-xs font-semibold tracking-wider text-ink-400 uppercase">Nonce</span>
            <span
              data-testid="pf-nonce"
              className="rounded-lg bg-ink-950/70 px-3 py-2 font-mono text-sm text-white ring-1 ring-ink-700"
            >
              {current.data.nonce}
            </span>
          </div>
        </div>
      ) : current.isError ? (
        <p className="text-sm text-ink-300">Your seeds could not be loaded. Please refresh the page.</p>
      ) : (
        <div className="flex justify-center py-6 text-ink-300">
          <Spinner className="h-7 w-7" />
        </div>
      )}
      <div className="flex flex-col gap-2">
        <h3 className="font-bold text-white">Seed history</h3>
        {history.data ? (
          <HistoryTable rows={history.data} />
        ) : history.isPending ? (
          <div className="flex justify-center py-4 text-ink-300">
            <Spinner className="h-6 w-6" />
          </div>
        ) : (
          <p className="text-sm text-ink-300">The history could not be loaded.</p>
        )}
      </div>
    </div>
  );
}

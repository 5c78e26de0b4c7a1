import { chainHash } from '@coinsite/shared/fairness';
import { Link2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { formatShortDate } from '../../lib/format.ts';
import { Button } from '../../ui/button.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { CopyValue } from './copy-value.tsx';
import { type PublicChain, useChains } from './fairness-api.ts';

type ChainGame = PublicChain['game'];

const STATUS_TEXT: Record<PublicChain['status'], string> = {
  current: 'In use',
  next: 'Published, next',
  used: 'Used up',
};

/** The published chains of one game: terminating hash and salt, so every round can be traced to them. */
export function ChainList({ game }: { game: ChainGame }) {
  const chains = useChains();
  const mine = (chains.data ?? []).filter((c) => c.game === game);
  if (chains.isPending) {
    return (
      <div className="flex justify-center py-4 text-ink-300">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (mine.length === 0) {
    return (
      <p className="rounded-xl bg-ink-950/50 p-4 text-sm text-ink-400 ring-1 ring-ink-700">
        No chain has been published yet. It appears here before the first round is played.
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      {mine.map((c) => (
        <div
          key={c.id}
          data-testid="pf-chain"
          className="flex flex-col gap-3 rounded-2xl bg-ink-950/50 p-4 ring-1 ring-ink-700"
        >
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            <span className="inline-flex items-center gap-1.5 font-bold text-white">
              <Link2 className="h-4 w-4 text-accent-400" aria-hidden="true" /> Chain #{c.id}
            </span>
            <span className="rounded-full bg-ink-700 px-2 py-0.5 text-xs font-semibold text-ink-200">
              {STATUS_TEXT[c.status]}
            </span>
            <span className="text-ink-400">
              {c.gamesPlayed.toLocaleString('en-US')} / {c.length.toLocaleString('en-US')} rounds
            </span>
            <span className="text-ink-400">Published {formatShortDate(c.created)}</span>
          </div>
          <CopyValue label="Terminating hash" value={c.terminalHash} />
          {c.salt ? (
            <CopyValue label={`Salt (EOS block #${c.saltBlock})`} value={c.salt} />
          ) : (
            <p className="text-sm text-ink-300">
              Salt: the id of EOS block #{c.saltBlock}, announced before that block existed; it is filled in
              once the block is irreversible.
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/** Hashes per slice of work: keeps the page responsive while walking up to millions of links. */
const SLICE = 20_000;

type Walk =
  | { state: 'idle' }
  | { state: 'walking'; done: number; total: number }
  | { state: 'found'; game: number; chainId: string }
  | { state: 'missing'; total: number };

/**
 * Hashes the revealed seed forward until it meets a published terminating hash: the number of
 * steps is the round's game number in that chain (fairness.md §2), which proves it was fixed in advance.
 */
export function ChainCheck({ game, privateSeed }: { game: ChainGame; privateSeed: string }) {
  const chains = useChains();
  const [walk, setWalk] = useState<Walk>({ state: 'idle' });
  const cancel = useRef<() => void>(() => undefined);
  const mine = (chains.data ?? []).filter((c) => c.game === game);

  useEffect(() => () => cancel.current(), []);

  if (mine.length === 0) return null;
  const total = Math.max(...mine.map((c) => c.length));
  const terminals = new Map(mine.map((c) => [c.terminalHash, c.id]));

  const start = () => {
    let stopped = false;
    let hash = privateSeed.trim().toLowerCase();
    let done = 0;
    cancel.current = () => {
      stopped = true;
    };
    const slice = () => {
      if (stopped) return;
      const end = Math.min(total, done + SLICE);
      while (done < end) {
        hash = chainHash(hash);
        done++;
        const chainId = terminals.get(hash);
        if (chainId) {
          setWalk({ state: 'found', game: done, chainId });
          return;
        }
      }
      if (done >= total) setWalk({ state: 'missing', total });
      else {
        setWalk({ state: 'walking', done, total });
        setTimeout(slice, 0);
      }
    };
    setWalk({ state: 'walking', done: 0, total });
    setTimeout(slice, 0);
  };

  return (
    <div className="flex flex-col gap-2 border-t border-ink-700 pt-3 text-sm">
      {walk.state === 'idle' ? (
        <Button variant="secondary" size="sm" onClick={start} className="self-start">
          Find this round in the published chain
        </Button>
      ) : walk.state === 'walking' ? (
        <p className="text-ink-300">
          Hashing… {walk.done.toLocaleString('en-US')} of up to {walk.total.toLocaleString('en-US')}
        </p>
      ) : walk.state === 'found' ? (
        <p className="text-accent-300">
          This seed is round #{walk.game.toLocaleString('en-US')} of chain #{walk.chainId}: hashing it{' '}
          {walk.game.toLocaleString('en-US')} times gives the published terminating hash.
        </p>
      ) : (
        <p className="text-red-300">
          Hashing this seed {walk.total.toLocaleString('en-US')} times never reached a published terminating
          hash.
        </p>
      )}
    </div>
  );
}

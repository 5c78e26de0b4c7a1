import { clientSeed as clientSeedSchema } from '@coinsite/shared/schemas/games';
import { ArrowRight, Check, Copy } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorText } from '../../lib/errors.ts';
import { Button } from '../../ui/button.tsx';
import { AppDialog, type DialogProps } from '../../ui/dialog.tsx';
import { inputClass } from '../../ui/input.tsx';
import { LoginRequired } from '../../ui/login-required.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { useRotateSeed, useSeedPair } from './seed-pair-api.ts';

/** spec-3 §8 (the upgrader's text, used by every screen's dialog). */
export const SEED_LOAD_ERROR = 'An error has occured when trying to get seed pair data.';

function CopyButton({ value, label }: { value: string; label: string }) {
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => setDone(false), 1500);
    return () => clearTimeout(t);
  }, [done]);
  return (
    <button
      type="button"
      aria-label={`Copy ${label}`}
      className="rounded-md p-1.5 text-ink-300 transition hover:bg-ink-600 hover:text-white"
      onClick={() => {
        navigator.clipboard
          ?.writeText(value)
          .then(() => setDone(true))
          .catch(() => toast.error('Could not copy to the clipboard.'));
      }}
    >
      {done ? <Check className="h-4 w-4 text-accent-400" /> : <Copy className="h-4 w-4" />}
    </button>
  );
}

/** One labelled, copyable value (hashes wrap instead of overflowing on a phone). */
function SeedRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1.5">
      <span className="text-xs font-semibold text-ink-300">{label}</span>
      <div className="flex items-start gap-2 rounded-lg bg-ink-950/70 py-2 pr-1 pl-3 ring-1 ring-ink-700">
        <code data-testid={testId} className="min-w-0 flex-1 font-mono text-xs break-all text-ink-200">
          {value}
        </code>
        <CopyButton value={value} label={label} />
      </div>
    </div>
  );
}

function ClientSeedForm({ current }: { current: string }) {
  const id = useId();
  const [value, setValue] = useState(current);
  const rotate = useRotateSeed();
  useEffect(() => setValue(current), [current]);
  const submit = () => {
    const parsed = clientSeedSchema.safeParse(value);
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please enter a client seed.');
      return;
    }
    rotate.mutate(parsed.data, {
      onSuccess: (res) => toast.success(res.message),
      onError: (err) => toast.error(errorText(err, 'Could not change your client seed.')),
    });
  };
  return (
    <form
      className="flex flex-col gap-1.5"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="text-xs font-semibold text-ink-300">
        Client Seed
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={value}
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => setValue(e.target.value)}
          className={`${inputClass} font-mono text-xs`}
        />
        <Button type="submit" variant="secondary" loading={rotate.isPending} disabled={value === current}>
          Change
        </Button>
      </div>
      <p className="text-[11px] text-ink-400">
        Changing it reveals the current server seed and starts a new pair at nonce 0.
      </p>
    </form>
  );
}

function SeedPairView() {
  const pair = useSeedPair(true);
  useEffect(() => {
    if (pair.isError) toast.error(SEED_LOAD_ERROR);
  }, [pair.isError]);
  if (pair.isPending) {
    return (
      <div className="flex justify-center py-8 text-ink-300">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (pair.isError) return <p className="py-6 text-center text-sm text-red-300">{SEED_LOAD_ERROR}</p>;
  const p = pair.data;
  return (
    <div className="flex flex-col gap-4">
      <SeedRow label="Server Seed Hashed" value={p.serverSeedHash} testId="server-seed-hash" />
      <ClientSeedForm current={p.clientSeed} />
      <div className="flex flex-col gap-1.5">
        <span className="text-xs font-semibold text-ink-300">Amount of bets with this pair</span>
        <span
          data-testid="seed-nonce"
          className="flex h-10 items-center rounded-lg bg-ink-950/70 px-3 font-mono text-sm font-bold text-white ring-1 ring-ink-700"
        >
          {p.nonce}
        </span>
      </div>
      <SeedRow label="Next Server Seed Hashed" value={p.nextServerSeedHash} />
    </div>
  );
}

/**
 * The Provably Fair dialog of the single-player games (spec-3 §2.5): the player's current seed pair,
 * a client seed change, and the way to the full page. `children` adds game-specific rows.
 */
export function FairnessDialog({ open, onOpenChange, children }: DialogProps & { children?: ReactNode }) {
  const signedIn = useAuthStore((s) => s.isAuthenticated && s.user !== null);
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Provably Fair"
      description="Every result comes from this seed pair and the bet's nonce."
      width="max-w-lg"
    >
      <div className="flex flex-col gap-5">
        {signedIn ? <SeedPairView /> : <LoginRequired message="Sign in to see your seed pair." />}
        {children}
        <Link
          to="/provably-fair"
          onClick={() => onOpenChange(false)}
          className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-accent-400 hover:underline"
        >
          Verify bets and see past seeds <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
        </Link>
      </div>
    </AppDialog>
  );
}

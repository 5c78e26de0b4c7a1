import { rgBreakSentence } from '@coinsite/shared/rg-text';
import type { RgView } from '@coinsite/shared/schemas/account';
import { useQuery } from '@tanstack/react-query';
import { Hourglass } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { http } from '../../lib/http.ts';
import { useAuthStore } from '../auth/auth-store.ts';
import { RG_KEY } from './rg-key.ts';

/**
 * Issue 26: a player on a cool-off or a self-exclusion sees it on every page, with its end, instead
 * of finding out by a refused click. The text is the sentence the server refuses with
 * (rgBreakSentence). It shares the limits query, so starting a break shows it at once; it goes away
 * by itself when the break ends.
 */
export function BreakBanner() {
  const signedIn = useAuthStore((s) => s.isAuthenticated);
  const rg = useQuery({
    queryKey: RG_KEY,
    queryFn: () => http.get<RgView>('/account/limits'),
    enabled: signedIn,
    staleTime: 60_000,
  });
  const block = signedIn ? (rg.data?.block ?? null) : null;
  const endsAt = block?.until ? Date.parse(block.until) : null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt === null) return;
    // re-render once the break is over (a timer longer than ~24.8 days would fire at once)
    const wait = Math.min(endsAt - Date.now() + 1000, 2 ** 31 - 1);
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setNow(Date.now()), wait);
    return () => window.clearTimeout(timer);
  }, [endsAt]);
  if (!block || (endsAt !== null && endsAt <= now)) return null;
  return (
    <div
      role="status"
      data-testid="break-banner"
      className="flex shrink-0 items-center justify-center gap-2 border-b border-sky-400/25 bg-sky-500/10 px-4 py-2 text-center text-xs font-semibold text-sky-200 sm:text-sm"
    >
      <Hourglass className="hidden h-4 w-4 shrink-0 sm:block" aria-hidden="true" />
      <span>
        {rgBreakSentence(block.kind, block.until)} Withdrawals still work.{' '}
        <Link to="/profile" className="underline underline-offset-2 hover:text-white">
          Responsible gaming
        </Link>
      </span>
    </div>
  );
}

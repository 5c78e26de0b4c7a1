import { Receipt } from 'lucide-react';
import { useParams } from 'react-router';
import { BetDetails } from './bet-details.tsx';

/** /bets/{id}: a bet's shareable page, the same details as the bet dialog. */
export function BetPage() {
  const { betId = '' } = useParams();
  const valid = /^(?:[0-9]{1,18}|(?:crash|roulette)-[0-9]{1,18}|coinflip-[0-9]{1,18}-[12])$/.test(betId);
  return (
    <div className="mx-auto flex w-full max-w-2xl animate-fade-in flex-col gap-4 p-3 sm:p-6">
      <h1 className="flex items-center gap-2 text-xl font-black text-white sm:text-2xl">
        <Receipt className="h-6 w-6 text-accent-400" aria-hidden="true" /> Bet #{valid ? betId : '—'}
      </h1>
      <section className="rounded-2xl bg-ink-850 p-4 ring-1 ring-ink-700 sm:p-5">
        {valid ? <BetDetails betId={betId} /> : <p className="text-ink-300">This is not a bet id.</p>}
      </section>
    </div>
  );
}

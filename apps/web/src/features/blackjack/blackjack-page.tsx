import { coinsToCents } from '@coinsite/shared/money';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from '../../ui/button.tsx';
import { AmountField } from '../dice/amount-field.tsx';
import { InstantGameScreen, PlayButton } from '../dice/instant-game.tsx';
import { centsToText, textToCents } from '../dice/numeric.ts';
import { BlackjackTable } from './blackjack-table.tsx';
import { type BlackjackMove, useBlackjack } from './use-blackjack.ts';

const RULES = 'Dealer stands on all 17s · Insurance pays 2 to 1';

/** The action buttons and their hotkeys. */
const MOVES: Array<{ move: BlackjackMove; label: string; key: string }> = [
  { move: 'hit', label: 'Hit', key: 'H' },
  { move: 'stand', label: 'Stand', key: 'S' },
  { move: 'split', label: 'Split', key: 'P' },
  { move: 'double', label: 'Double', key: 'D' },
];
const HOTKEYS: Record<string, BlackjackMove> = {
  h: 'hit',
  s: 'stand',
  p: 'split',
  d: 'double',
  i: 'insurance',
  n: 'noInsurance',
};

/** /blackjack (issue 17): one seat against the dealer, provably fair like the other games. */
export function BlackjackPage() {
  const [amount, setAmount] = useState('0.00');
  const { view, ready, pending, deal, act } = useBlackjack();
  const playing = view?.status === 'playing';

  // a resumed hand brings its stake into the field
  useEffect(() => {
    if (view?.status === 'playing') setAmount(centsToText(coinsToCents(view.amount)));
  }, [view?.status, view?.amount]);

  // hotkeys: H S P D, I / N for insurance, Space or Enter deals a new hand
  const keys = useRef({ act, deal: () => deal(textToCents(amount) ?? 0), playing });
  keys.current = { act, deal: () => deal(textToCents(amount) ?? 0), playing };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.metaKey || e.ctrlKey || e.altKey || e.repeat) return;
      const t = e.target as HTMLElement | null;
      if (
        t &&
        (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)
      )
        return;
      const move = HOTKEYS[e.key.toLowerCase()];
      if (move && keys.current.playing) {
        e.preventDefault();
        keys.current.act(move);
      } else if (e.key === ' ' && !keys.current.playing && t?.tagName !== 'BUTTON') {
        e.preventDefault();
        keys.current.deal();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const allowed = new Set(playing ? view.actions : []);
  const panel = (
    <>
      <AmountField value={amount} onChange={setAmount} disabled={playing || pending} />
      <div
        className={cn('grid grid-cols-2 gap-2', playing && 'max-md:order-first')}
        role="group"
        aria-label="Actions"
      >
        {MOVES.map(({ move, label, key }) => (
          <Button
            key={move}
            variant="secondary"
            data-testid={`bj-${move}`}
            disabled={!allowed.has(move) || pending}
            onClick={() => act(move)}
            className={cn('h-12 justify-between px-4 text-base', allowed.has(move) && 'ring-1 ring-white/15')}
          >
            {label}
            <kbd className="rounded bg-ink-950/60 px-1.5 py-0.5 font-mono text-[11px] text-ink-300">
              {key}
            </kbd>
          </Button>
        ))}
      </div>
      <PlayButton
        data-testid="bj-bet"
        disabled={playing || pending || !ready}
        onClick={() => deal(textToCents(amount) ?? 0)}
      >
        {view?.status === 'finished' ? 'Bet again' : 'Bet'}
      </PlayButton>
      <p className="text-xs text-ink-400">
        Infinite deck, dealer stands on all 17s, blackjack pays 3:2, insurance 2:1, double on any two cards,
        split once (aces take one card). Hotkeys: H hit, S stand, D double, P split, Space deals.
      </p>
    </>
  );

  return (
    <InstantGameScreen
      title="Blackjack"
      game="blackjack"
      panel={panel}
      stage={
        <BlackjackTable
          view={view}
          rulesText={RULES}
          onInsurance={(yes) => act(yes ? 'insurance' : 'noInsurance')}
        />
      }
    />
  );
}

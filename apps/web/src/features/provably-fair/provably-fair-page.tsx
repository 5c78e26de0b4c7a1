import { KeyRound, ShieldCheck } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { VERIFIER_TABS } from '../../app/games.tsx';
import { openDialog } from '../../lib/dialog-store.ts';
import { Button } from '../../ui/button.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import { ChainList } from './chain-panel.tsx';
import { GameExplanation, HowItWorks } from './explanations.tsx';
import { SeedsPanel } from './seeds-panel.tsx';
import { Verifier } from './verifier.tsx';
import { type FieldValues, VERIFIERS, type VerifyGame } from './verifier-games.ts';
import { prefillFrom } from '../bet-details/verify-href.ts';

/** "How it works?", then a tab per game in the registry's order (app/games.tsx: spec-2 §2's six first). */
const TABS: ReadonlyArray<{ value: 'how' | VerifyGame; label: string }> = [
  { value: 'how', label: 'How it works?' },
  ...VERIFIER_TABS.map((game) => ({ value: game.key, label: game.name })),
];

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-2xl bg-ink-850/80 p-4 ring-1 ring-ink-700 sm:p-5">
      <h2 className="text-lg font-extrabold text-white">{title}</h2>
      {children}
    </section>
  );
}

function SignInForSeeds() {
  return (
    <div className="flex flex-col items-start gap-3 rounded-xl bg-ink-950/50 p-4 ring-1 ring-ink-700 sm:flex-row sm:items-center">
      <KeyRound className="h-6 w-6 shrink-0 text-gold-400" aria-hidden="true" />
      <p className="flex-1 text-sm text-ink-200">
        Sign in to see your seeds, change your client seed and get your revealed server seeds.
      </p>
      <Button size="sm" onClick={() => openDialog({ name: 'signIn', view: 'login' })}>
        Sign in
      </Button>
    </div>
  );
}

function GameTab({ game, prefill }: { game: VerifyGame; prefill?: FieldValues }) {
  const verifier = VERIFIERS[game];
  const title = TABS.find((t) => t.value === game)?.label ?? game;
  return (
    <div className="flex flex-col gap-4">
      <Card title={title}>
        <GameExplanation game={game} />
      </Card>
      {verifier.kind === 'chain' ? (
        <Card title="Published chains">
          <ChainList game={game === 'crash' ? 'crash' : 'roulette'} />
        </Card>
      ) : null}
      <Card title="Verifier">
        <Verifier key={game} verifier={verifier} prefill={prefill} />
      </Card>
    </div>
  );
}

const isTab = (value: string | null): value is (typeof TABS)[number]['value'] =>
  TABS.some((t) => t.value === value);

/** /provably-fair (spec-2 §2): how results are made, the player's seeds and a verifier per game. */
export function ProvablyFairPage() {
  const signedIn = useAuthStore((s) => s.user !== null);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = isTab(requested) ? requested : 'how';
  // a bet's Verify link (?tab=dice&serverSeed=…) fills that game's verifier once
  const [linked] = useState(() => ({ tab: requested, values: prefillFrom(params) }));
  const list = useRef<HTMLDivElement>(null);
  // on a phone the tab bar scrolls: keep the open tab in sight (also when opened from a link)
  useEffect(() => {
    const active = list.current?.querySelector<HTMLElement>(`[data-tab="${tab}"]`);
    active?.scrollIntoView({ block: 'nearest', inline: 'center' });
  }, [tab]);

  return (
    <div className="mx-auto flex max-w-6xl animate-fade-in flex-col gap-5 p-3 sm:p-5">
      <header className="flex items-center gap-3">
        <span className="flex h-11 w-11 items-center justify-center rounded-2xl bg-accent-500/15 text-accent-400 ring-1 ring-accent-500/30">
          <ShieldCheck className="h-6 w-6" aria-hidden="true" />
        </span>
        <div>
          <h1 className="text-2xl font-black text-white">Provably Fair</h1>
          <p className="text-sm text-ink-400">
            Every result can be recomputed from seeds fixed before the bet.
          </p>
        </div>
      </header>
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'how' ? {} : { tab: v }, { replace: true })}>
        {/* a phone scrolls the row of games; a wide screen shows every game, on two rows if need be */}
        <TabsList ref={list} aria-label="Games" className="overflow-x-auto lg:flex-wrap lg:overflow-visible">
          {TABS.map((t) => (
            <TabsTrigger
              key={t.value}
              value={t.value}
              data-tab={t.value}
              className="flex-none whitespace-nowrap"
            >
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="how" className="mt-4 flex flex-col gap-4">
          <Card title="How it works?">
            <HowItWorks />
          </Card>
          <Card title="Your seeds">{signedIn ? <SeedsPanel /> : <SignInForSeeds />}</Card>
        </TabsContent>
        {TABS.map((t) =>
          t.value === 'how' ? null : (
            <TabsContent key={t.value} value={t.value} className="mt-4">
              <GameTab game={t.value} prefill={t.value === linked.tab ? linked.values : undefined} />
            </TabsContent>
          ),
        )}
      </Tabs>
    </div>
  );
}

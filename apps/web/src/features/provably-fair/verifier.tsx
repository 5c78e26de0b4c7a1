import { minePositions, type VerifyInput, type VerifyLine, verifyOutcome } from '@coinsite/shared/fairness';
import { Calculator } from 'lucide-react';
import { useCallback, useDeferredValue, useId, useMemo, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { inputClass } from '../../ui/input.tsx';
import { useAuthStore } from '../auth/auth-store.ts';
import type { BattleDetail } from '../battles/battles-api.ts';
import type { CaseItemView } from '../cases/cases-api.ts';
import { rouletteWinnerLabel } from '../roulette/roulette-state.ts';
import { ChainCheck } from './chain-panel.tsx';
import { useRecentRounds, useSeedHistory } from './fairness-api.ts';
import { BattleLoader, battleLines, CaseTablePicker, caseItemLines } from './verifier-context.tsx';
import { type FieldDef, type FieldValues, type GameVerifier, initialValues } from './verifier-games.ts';

type Outcome = { lines: VerifyLine[]; input: VerifyInput } | { error: string };

function compute(verifier: GameVerifier, values: FieldValues): Outcome {
  const input = verifier.build(values);
  if (typeof input === 'string') return { error: input };
  try {
    return { lines: verifyOutcome(input), input };
  } catch (err) {
    return { error: err instanceof Error ? `Check the inputs: ${err.message}` : 'Check the inputs.' };
  }
}

function Field({ def, value, onChange }: { def: FieldDef; value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div
      className={cn(
        'flex flex-col gap-1.5',
        def.key.endsWith('Seed') || def.key === 'blockId' ? 'sm:col-span-2' : '',
      )}
    >
      <label htmlFor={id} className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
        {def.label}
      </label>
      {def.options ? (
        <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={inputClass}>
          {def.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          value={value}
          placeholder={def.placeholder}
          inputMode={def.numeric ? 'decimal' : undefined}
          autoComplete="off"
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          className={cn(inputClass, 'font-mono')}
        />
      )}
      {def.hint ? <p className="text-xs text-ink-400">{def.hint}</p> : null}
    </div>
  );
}

/** Fills the seed fields from one of the player's revealed pairs (signed in only). */
function PairPicker({ onPick }: { onPick: (values: FieldValues) => void }) {
  const history = useSeedHistory();
  const id = useId();
  const rows = history.data ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
        Fill from a revealed seed pair
      </label>
      <select
        id={id}
        defaultValue=""
        className={inputClass}
        onChange={(e) => {
          const row = rows.find((r) => r.id === e.target.value);
          if (row) onPick({ serverSeed: row.serverSeed, clientSeed: row.clientSeed, nonce: '0' });
        }}
      >
        <option value="" disabled>
          Choose a pair…
        </option>
        {rows.map((r) => (
          <option key={r.id} value={r.id}>
            {r.clientSeed} · {r.nonce} {r.nonce === 1 ? 'bet' : 'bets'} · {r.serverSeedHash.slice(0, 12)}…
          </option>
        ))}
      </select>
    </div>
  );
}

/** Fills a chain game's seeds from one of its latest finished rounds. */
function RoundPicker({
  game,
  onPick,
}: {
  game: 'crash' | 'roulette';
  onPick: (values: FieldValues) => void;
}) {
  const rounds = useRecentRounds(game);
  const id = useId();
  const rows = rounds.data ?? [];
  if (rows.length === 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold tracking-wider text-ink-400 uppercase">
        Fill from a recent round
      </label>
      <select
        id={id}
        defaultValue=""
        className={inputClass}
        onChange={(e) => {
          const row = rows.find((r) => r._id === e.target.value);
          if (row) onPick({ privateSeed: row.privateSeed, publicSeed: row.publicSeed });
        }}
      >
        <option value="" disabled>
          Choose a round…
        </option>
        {rows.map((r) => (
          <option key={r._id} value={r._id}>
            Round #{r._id} ·{' '}
            {r.crashPoint !== undefined
              ? `${r.crashPoint.toFixed(2)}x`
              : r.winner === undefined
                ? ''
                : rouletteWinnerLabel(r.winner)}
          </option>
        ))}
      </select>
    </div>
  );
}

function MinesBoard({ input }: { input: VerifyInput }) {
  if (input.game !== 'mines') return null;
  const mines = new Set(minePositions(input, input.mines));
  return (
    <div className="grid w-44 grid-cols-5 gap-1" role="img" aria-label="Mine positions">
      {Array.from({ length: 25 }, (_, tile) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: the 25 tiles are fixed
          key={tile}
          className={cn(
            'flex aspect-square items-center justify-center rounded text-[0.6rem] font-bold',
            mines.has(tile) ? 'bg-red-500/80 text-white' : 'bg-ink-700 text-ink-400',
          )}
        >
          {tile}
        </span>
      ))}
    </div>
  );
}

/** One game's in-browser verifier: the shared verifyOutcome on what is typed, recomputed as it changes. */
export function Verifier({ verifier, prefill }: { verifier: GameVerifier; prefill?: FieldValues }) {
  const signedIn = useAuthStore((s) => s.user !== null);
  const [values, setValues] = useState<FieldValues>(() => ({ ...initialValues(verifier), ...prefill }));
  const deferred = useDeferredValue(values);
  const [items, setItems] = useState<CaseItemView[] | undefined>(undefined);
  const [battle, setBattle] = useState<BattleDetail | null>(null);
  const outcome = useMemo(() => {
    const out = compute(verifier, deferred);
    if ('error' in out) return out;
    // cases and battles go on from tickets to the item won and the battle's winner
    try {
      return {
        ...out,
        lines: [...out.lines, ...caseItemLines(out.input, items), ...battleLines(out.input, battle)],
      };
    } catch (err) {
      return { error: err instanceof Error ? `Check the inputs: ${err.message}` : 'Check the inputs.' };
    }
  }, [verifier, deferred, items, battle]);
  const set = (patch: FieldValues) => setValues((v) => ({ ...v, ...patch }));
  const onItems = useCallback((next: CaseItemView[] | undefined) => setItems(next), []);

  return (
    <div className="grid gap-5 lg:grid-cols-[3fr_2fr]">
      <div className="flex flex-col gap-4">
        {signedIn && verifier.kind === 'pair' ? <PairPicker onPick={set} /> : null}
        {verifier.game === 'cases' ? <CaseTablePicker onItems={onItems} /> : null}
        {verifier.game === 'battles' ? (
          <BattleLoader
            onBattle={(b, patch) => {
              setBattle(b);
              set(patch);
            }}
          />
        ) : null}
        {verifier.game === 'crash' || verifier.game === 'roulette' ? (
          <RoundPicker game={verifier.game} onPick={set} />
        ) : null}
        <div className="grid gap-3 sm:grid-cols-2">
          {verifier.fields.map((def) => (
            <Field
              key={def.key}
              def={def}
              value={values[def.key] ?? ''}
              onChange={(v) => set({ [def.key]: v })}
            />
          ))}
        </div>
      </div>
      <div
        data-testid="pf-result"
        className="flex flex-col gap-3 self-start rounded-2xl bg-ink-950/60 p-4 ring-1 ring-ink-700"
      >
        <h4 className="flex items-center gap-2 font-bold text-white">
          <Calculator className="h-4 w-4 text-accent-400" aria-hidden="true" /> Result
        </h4>
        {'error' in outcome ? (
          <p className="text-sm text-ink-300">{outcome.error}</p>
        ) : (
          <>
            <dl className="flex flex-col gap-2">
              {outcome.lines.map((line) => (
                <div key={line.label} data-testid="pf-line" className="flex flex-col">
                  <dt className="text-xs text-ink-400">{line.label}</dt>
                  <dd
                    className={cn(
                      'font-mono text-sm break-all',
                      line.value === 'win'
                        ? 'text-accent-400'
                        : line.value === 'lose'
                          ? 'text-red-400'
                          : 'text-white',
                    )}
                  >
                    {line.value}
                  </dd>
                </div>
              ))}
            </dl>
            <MinesBoard input={outcome.input} />
            {outcome.input.game === 'crash' || outcome.input.game === 'roulette' ? (
              <ChainCheck
                key={outcome.input.privateSeed}
                game={outcome.input.game}
                privateSeed={outcome.input.privateSeed}
              />
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}

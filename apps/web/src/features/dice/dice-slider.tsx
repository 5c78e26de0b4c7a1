import { cn } from '../../lib/cn.ts';
import { PILL_FADE, useCalm } from '../../lib/use-calm.ts';
import { clampTarget, diceRangeHint } from './dice-math.ts';

const thumb =
  '[&::-webkit-slider-thumb]:h-8 [&::-webkit-slider-thumb]:w-8 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-lg [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white/80 [&::-webkit-slider-thumb]:bg-gradient-to-b [&::-webkit-slider-thumb]:from-sky-300 [&::-webkit-slider-thumb]:to-sky-500 [&::-webkit-slider-thumb]:shadow-lg ' +
  '[&::-moz-range-thumb]:h-8 [&::-moz-range-thumb]:w-8 [&::-moz-range-thumb]:rounded-lg [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white/80 [&::-moz-range-thumb]:bg-sky-400';

export interface DiceMark {
  /** 0.00–100.00 */
  roll: number;
  win: boolean;
  /** Changes with every bet, so the same roll twice still animates. */
  id: string;
}

/**
 * The roll-under slider of spec-3 §2.11 (from 0.1, step 0.1): green below the target wins, red
 * above it loses; the last roll is marked on the track. It ends where the house edge lets a win pay
 * more than the stake (98.99 at 1 %, not the spec's 99.9), and says so under the track.
 */
export function DiceSlider({
  target,
  onTarget,
  mark,
  disabled,
  over = false,
}: {
  /** Roll over: the track is mirrored (over X is the server's roll under 100 − X, see use-dice). */
  over?: boolean;
  target: number;
  onTarget: (hundredths: number) => void;
  mark: DiceMark | null;
  disabled?: boolean;
}) {
  const under = target / 100;
  // the mark slides and fades in at a person's pace; in a turbo run it just jumps
  const calm = useCalm(mark?.id);
  const range = diceRangeHint();
  const minUnder = range.min / 100;
  const maxUnder = range.max / 100;
  // in roll-over mode everything is read from the other end of the track
  const pct = over ? Math.round((100 - under) * 100) / 100 : under;
  // (over: floored to the 0.1 step, so the steps land on whole tenths; the target is clamped anyway)
  const minPct = over ? Math.floor((100 - maxUnder) * 10) / 10 : minUnder;
  const maxPct = over ? Math.round((100 - minUnder) * 100) / 100 : maxUnder;
  const background = over
    ? `linear-gradient(90deg, #334155 0 ${minPct}%, #ef4444 ${minPct}% ${pct}%, #22c55e ${pct}% 100%)`
    : `linear-gradient(90deg, #22c55e 0 ${pct}%, #ef4444 ${pct}% ${maxPct}%, #334155 ${maxPct}% 100%)`;
  return (
    // the input reaches half a thumb past the track on each side, so the thumb's centre and the
    // track's colours meet at the same point
    <div className="flex flex-col gap-2">
      <div className="rounded-full bg-ink-950/70 px-7 pt-9 pb-4 ring-1 ring-white/5 sm:px-9">
        <div className="relative">
          {mark ? (
            <div
              className={cn(
                'absolute -top-9 z-10 -translate-x-1/2',
                calm && 'transition-[left] duration-300 ease-out',
              )}
              style={{ left: `${mark.roll}%` }}
              aria-hidden="true"
            >
              <span
                key={mark.id}
                className={cn(
                  'block rounded-md px-1.5 py-0.5 font-mono text-xs font-black text-ink-950 shadow-lg',
                  calm && PILL_FADE,
                  mark.win ? 'bg-accent-400' : 'bg-red-400',
                )}
              >
                {mark.roll.toFixed(2)}
              </span>
            </div>
          ) : null}
          <div
            className="h-3 rounded-full"
            // past the largest target the track is grey: no roll under there can be chosen
            style={{ background }}
          />
          <input
            type="range"
            aria-label={over ? 'Roll over' : 'Roll under'}
            min={minPct}
            max={maxPct}
            step={0.1}
            aria-describedby="dice-range-hint"
            value={pct}
            disabled={disabled}
            onChange={(e) => {
              const v = Number(e.target.value) * 100;
              onTarget(clampTarget(over ? 10000 - v : v));
            }}
            // the thumb's centre spans min..max of the 0–100 track, so it sits on the value it shows
            style={{ left: `calc(${minPct}% - 1rem)`, width: `calc(${maxPct - minPct}% + 2rem)` }}
            className={cn(
              'absolute top-1/2 h-8 -translate-y-1/2 cursor-pointer appearance-none bg-transparent disabled:cursor-not-allowed',
              thumb,
            )}
          />
        </div>
        <div
          className="mt-3 flex justify-between font-mono text-[11px] font-semibold text-ink-400"
          aria-hidden="true"
        >
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
      <p id="dice-range-hint" data-testid="dice-range-hint" className="px-4 text-center text-xs text-ink-400">
        {over
          ? `Roll over ${(100 - maxUnder).toFixed(2)} to ${(100 - minUnder).toFixed(2)} (sent as roll under 100 − your number).`
          : range.text}
      </p>
    </div>
  );
}

import { useEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import type { UpgradeResult } from './use-upgrade.ts';
import { useDialSpin } from './use-dial-spin.ts';
import { useInstant } from '../../lib/game-settings.ts';
import { formatChance, fractionText, ticketFraction } from './upgrader-math.ts';

const R = 84;
const CIRCUMFERENCE = 2 * Math.PI * R;

export type DialTone = 'idle' | 'win' | 'lose';

interface DialProps {
  /** Win chance in hundredths of a percent. */
  chanceBp: number;
  isUnder: boolean;
  /** Needle angle in degrees (0 = top, clockwise). */
  angle: number;
  tone: DialTone;
  overCap: boolean;
  /** Replaces "Win chance" under the number once a result is shown. */
  caption?: string;
}

const TONE_COLOR: Record<DialTone, string> = { idle: '#2dd4bf', win: '#4ade80', lose: '#f87171' };

/**
 * spec-3 §2.4: the circular dial. The lit arc is where the ticket wins (under: from the top
 * clockwise; over: the last part before the top); the needle points at the ticket.
 */
export function UpgraderDial({ chanceBp, isUnder, angle, tone, overCap, caption }: DialProps) {
  const chance = Math.min(1, Math.max(0, chanceBp / 10_000));
  const start = isUnder ? 0 : 1 - chance;
  const color = overCap ? '#f87171' : TONE_COLOR[tone];
  return (
    <div className="relative aspect-square w-56 sm:w-64">
      <div
        aria-hidden="true"
        className="absolute inset-6 rounded-full opacity-40 blur-2xl transition-colors duration-500"
        style={{ background: color }}
      />
      <svg viewBox="0 0 200 200" className="relative h-full w-full" aria-hidden="true">
        <circle cx="100" cy="100" r="98" fill="#0b1020" stroke="#1b243e" strokeWidth="2" />
        <circle cx="100" cy="100" r={R} fill="none" stroke="#1b243e" strokeWidth="14" />
        {Array.from({ length: 40 }, (_, i) => (
          <line
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed tick marks
            key={i}
            x1="100"
            y1="22"
            x2="100"
            y2={i % 5 === 0 ? 30 : 26}
            stroke="#33406a"
            strokeWidth={i % 5 === 0 ? 2 : 1}
            transform={`rotate(${i * 9} 100 100)`}
          />
        ))}
        <circle
          cx="100"
          cy="100"
          r={R}
          fill="none"
          stroke={color}
          strokeWidth="14"
          strokeLinecap={chance > 0 && chance < 1 ? 'round' : 'butt'}
          strokeDasharray={`${CIRCUMFERENCE * chance} ${CIRCUMFERENCE}`}
          transform={`rotate(${-90 + start * 360} 100 100)`}
          className="transition-[stroke-dasharray,stroke] duration-300"
        />
        <g transform={`rotate(${angle} 100 100)`}>
          <path d="M100 6 L108 24 L92 24 Z" fill="#ffffff" stroke="#0b1020" strokeWidth="2" />
          <line x1="100" y1="24" x2="100" y2="40" stroke="#ffffff" strokeWidth="3" strokeLinecap="round" />
        </g>
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center text-center">
        <span
          data-testid="upgrader-chance"
          className={cn(
            'font-mono text-3xl font-black tabular-nums sm:text-4xl',
            overCap ? 'text-red-400' : 'text-white',
          )}
        >
          {formatChance(chanceBp)}
        </span>
        <span
          data-testid="upgrader-caption"
          className={cn(
            'text-xs font-semibold tracking-wider uppercase',
            caption && tone === 'win'
              ? 'text-accent-300'
              : caption && tone === 'lose'
                ? 'text-red-300'
                : 'text-ink-400',
          )}
        >
          {caption ?? 'Win chance'}
        </span>
      </div>
    </div>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="flex min-w-0 flex-col items-center rounded-xl bg-ink-950/60 px-2 py-2 ring-1 ring-ink-700">
      <span className="text-[0.65rem] font-semibold tracking-wider text-ink-400 uppercase">{label}</span>
      <span data-testid={testId} className="truncate font-mono text-sm font-bold text-white tabular-nums">
        {value}
      </span>
    </div>
  );
}

interface StageProps extends Omit<DialProps, 'angle'> {
  /** The result to turn to (null: at rest). */
  spin: UpgradeResult | null;
  onSpinEnd: (result: UpgradeResult) => void;
  /** The last result's ticket, shown at rest. */
  restTicket: string | undefined;
  range: { low: string; high: string };
}

/**
 * The dial with its roll range and ticket counter. The needle's angle lives here, so the 5 s spin
 * re-renders only this part of the page; the counter reads the needle, then the server's ticket.
 */
export function DialStage({ spin, onSpinEnd, restTicket, range, ...dial }: StageProps) {
  const { angle, spin: turn } = useDialSpin();
  const instant = useInstant('upgrader');
  const onEnd = useRef(onSpinEnd);
  useEffect(() => {
    onEnd.current = onSpinEnd;
  }, [onSpinEnd]);
  useEffect(() => {
    // instant mode: the needle lands on the next frame
    if (spin) turn(ticketFraction(spin.ticket), () => onEnd.current(spin), instant ? 0 : undefined);
  }, [spin, turn, instant]);
  const ticket = spin ? fractionText((((angle % 360) + 360) % 360) / 360) : (restTicket ?? '0.000000000');
  return (
    <>
      <UpgraderDial angle={angle} {...dial} />
      <div className="grid w-full max-w-72 grid-cols-2 gap-2">
        <Stat label="Roll range" value={`${range.low} - ${range.high}`} testId="upgrader-range" />
        <Stat label="Ticket" value={ticket} testId="upgrader-ticket" />
      </div>
    </>
  );
}

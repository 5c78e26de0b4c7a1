import { Keyboard, Settings2, Zap } from 'lucide-react';
import { useState, memo } from 'react';
import { cn } from '../../lib/cn.ts';
import { type InstantGame, useGameSettings, useInstant } from '../../lib/game-settings.ts';
import { AppDialog } from '../../ui/dialog.tsx';
import { centsToText, textToCents } from '../dice/numeric.ts';
import { HOTKEYS, type HotkeyRow } from './hotkeys.ts';
import { SoundControl } from './sound-control.tsx';
import { LiveStatsButton } from '../live-stats/live-stats-button.tsx';

const toolClass =
  'inline-flex h-9 items-center gap-1.5 rounded-lg bg-ink-800 px-2.5 text-sm font-semibold text-ink-300 ring-1 ring-ink-700 transition hover:text-white';

function Switch({
  checked,
  onChange,
  label,
  testId,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      data-testid={testId}
      onClick={() => onChange(!checked)}
      className={cn(
        'relative h-6 w-11 shrink-0 rounded-full transition',
        checked ? 'bg-accent-500' : 'bg-ink-600',
      )}
    >
      <span
        className={cn(
          'absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform',
          checked && 'translate-x-5',
        )}
      />
    </button>
  );
}

function HotkeysToggle() {
  const on = useGameSettings((s) => s.hotkeys);
  const update = useGameSettings((s) => s.update);
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-ink-950/50 p-3 ring-1 ring-ink-700">
      <span className="text-sm font-semibold text-white">Hotkeys</span>
      <Switch
        checked={on}
        onChange={(v) => update({ hotkeys: v })}
        label="Enable hotkeys"
        testId="hotkeys-switch"
      />
    </div>
  );
}

/** The hotkeys dialog: the keys and the switch that turns them on (off by default). */
export function HotkeysDialog({
  open,
  onOpenChange,
  game,
  rows,
  note,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** The screen it opened on: a case page lists what the keys do to the number of cases. */
  game?: InstantGame;
  /** A game's own list (crash, roulette, coinflip, blackjack, slots); default: the instant games' keys. */
  rows?: ReadonlyArray<HotkeyRow>;
  /** A line about this game's keys under the list. */
  note?: string;
}) {
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Hotkeys">
      <div className="flex flex-col gap-3">
        <HotkeysToggle />
        <ul className="flex flex-col gap-2" aria-label="Hotkeys">
          {(rows ?? HOTKEYS).map((h) => (
            <li key={h.key} className="flex items-center gap-3 text-sm text-ink-200">
              <kbd className="min-w-14 rounded-md bg-ink-700 px-2 py-1 text-center font-mono text-xs font-bold text-white ring-1 ring-ink-600">
                {h.label}
              </kbd>
              {game === 'cases' && h.cases ? h.cases : h.action}
            </li>
          ))}
        </ul>
        {note ? <p className="text-xs text-ink-300">{note}</p> : null}
        <p className="text-xs text-ink-400">Keys do nothing while you type in a field or a dialog is open.</p>
      </div>
    </AppDialog>
  );
}

const FRACTIONS = [
  { value: 0, label: 'Never' },
  { value: 0.1, label: '10% of balance' },
  { value: 0.25, label: '25% of balance' },
  { value: 0.5, label: '50% of balance' },
  { value: 0.75, label: '75% of balance' },
];

function SoundSection() {
  return (
    <section className="flex items-center justify-between gap-3 rounded-xl bg-ink-950/50 p-3 ring-1 ring-ink-700">
      <h3 className="text-sm font-semibold text-white">Sound</h3>
      <SoundControl />
    </section>
  );
}

/** Game settings: hotkeys, the bet confirmation thresholds and sound. */
export function SettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const s = useGameSettings();
  const [amount, setAmount] = useState(() => (s.confirmAmount > 0 ? centsToText(s.confirmAmount) : ''));
  return (
    <AppDialog open={open} onOpenChange={onOpenChange} title="Game settings">
      <div className="flex flex-col gap-4">
        <HotkeysToggle />
        <section className="flex flex-col gap-3 rounded-xl bg-ink-950/50 p-3 ring-1 ring-ink-700">
          <h3 className="text-sm font-semibold text-white">Bet confirmation</h3>
          <label className="flex items-center justify-between gap-3 text-sm text-ink-300">
            Ask for a bet above
            <select
              data-testid="confirm-fraction"
              value={s.confirmFraction}
              onChange={(e) => s.update({ confirmFraction: Number(e.target.value) })}
              className="h-9 rounded-lg border border-ink-600 bg-ink-900 px-2 text-sm text-white"
            >
              {FRACTIONS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </select>
          </label>
          <label className="flex items-center justify-between gap-3 text-sm text-ink-300">
            or above (0 = never)
            <input
              data-testid="confirm-amount"
              inputMode="decimal"
              value={amount}
              placeholder="0.00"
              onChange={(e) => {
                const text = e.target.value;
                if (!/^\d{0,9}(\.\d{0,2})?$/.test(text)) return;
                setAmount(text);
                s.update({ confirmAmount: textToCents(text) ?? 0 });
              }}
              className="h-9 w-28 rounded-lg border border-ink-600 bg-ink-900 px-2 text-right font-mono text-sm text-white"
            />
          </label>
          <label className="flex items-center justify-between gap-3 text-sm text-ink-300">
            Ask again before a Max bet
            <Switch
              checked={!s.maxConfirmed}
              onChange={(v) => s.update({ maxConfirmed: !v })}
              label="Ask again before a Max bet"
            />
          </label>
        </section>
        <SoundSection />
      </div>
    </AppDialog>
  );
}

/** Instant mode, hotkeys and settings beside a game's title. */
function GameToolbarView({ game }: { game: InstantGame }) {
  const instant = useInstant(game);
  const toggle = useGameSettings((s) => s.toggleInstant);
  const [open, setOpen] = useState<'keys' | 'settings' | null>(null);
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        aria-pressed={instant}
        data-testid="instant-toggle"
        title="Instant mode: skip the animation"
        onClick={() => toggle(game)}
        className={cn(toolClass, instant && 'bg-gold-500/15 text-gold-300 ring-gold-500/40')}
      >
        <Zap className="h-4 w-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Instant</span>
      </button>
      <LiveStatsButton />
      <button
        type="button"
        aria-label="Hotkeys"
        data-testid="hotkeys-open"
        onClick={() => setOpen('keys')}
        className={toolClass}
      >
        <Keyboard className="h-4 w-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label="Game settings"
        data-testid="settings-open"
        onClick={() => setOpen('settings')}
        className={toolClass}
      >
        <Settings2 className="h-4 w-4" aria-hidden="true" />
      </button>
      <HotkeysDialog game={game} open={open === 'keys'} onOpenChange={(o) => setOpen(o ? 'keys' : null)} />
      <SettingsDialog open={open === 'settings'} onOpenChange={(o) => setOpen(o ? 'settings' : null)} />
    </div>
  );
}

/** Memoized: a game screen re-renders on every bet (turbo autobet), this part only when its props change. */
export const GameToolbar = memo(GameToolbarView);

/**
 * Live stats and the hotkeys dialog beside the title of a game without the instant games' toolbar
 * (crash, roulette, coinflip, blackjack, slots): one dialog per game listing that game's keys.
 */
function GameKeysView({ rows, note }: { rows: ReadonlyArray<HotkeyRow>; note?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex items-center gap-1.5">
      <LiveStatsButton />
      <button
        type="button"
        aria-label="Hotkeys"
        data-testid="hotkeys-open"
        onClick={() => setOpen(true)}
        className={toolClass}
      >
        <Keyboard className="h-4 w-4" aria-hidden="true" />
      </button>
      <HotkeysDialog open={open} onOpenChange={setOpen} rows={rows} note={note} />
    </div>
  );
}
export const GameKeys = memo(GameKeysView);

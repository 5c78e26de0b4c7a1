import { Volume1, Volume2, VolumeX } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import { useGameSettings } from '../../lib/game-settings.ts';
import { playSound } from '../../lib/sounds.ts';

/** The volume slider (0–100 %), remembered; a sample plays when it is let go. */
export function VolumeSlider({ className }: { className?: string }) {
  const volume = useGameSettings((s) => s.volume);
  const muted = useGameSettings((s) => s.muted);
  const update = useGameSettings((s) => s.update);
  return (
    <input
      type="range"
      min={0}
      max={100}
      step={5}
      aria-label="Volume"
      data-testid="volume-slider"
      value={muted ? 0 : Math.round(volume * 100)}
      onChange={(e) => update({ volume: Number(e.target.value) / 100, muted: false })}
      onPointerUp={() => playSound('notify')}
      onKeyUp={() => playSound('notify')}
      className={cn('h-1.5 w-20 cursor-pointer accent-accent-500', className)}
    />
  );
}

/** Mute and volume in the header (the slider from a small screen's width up). */
export function SoundControl({ compact = false }: { compact?: boolean }) {
  const volume = useGameSettings((s) => s.volume);
  const muted = useGameSettings((s) => s.muted);
  const update = useGameSettings((s) => s.update);
  const silent = muted || volume === 0;
  const Icon = silent ? VolumeX : volume < 0.5 ? Volume1 : Volume2;
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        aria-label={silent ? 'Unmute sounds' : 'Mute sounds'}
        aria-pressed={silent}
        data-testid="sound-mute"
        onClick={() => update(silent ? { muted: false, volume: volume === 0 ? 1 : volume } : { muted: true })}
        className={cn(
          'flex items-center justify-center rounded-md text-ink-400 transition hover:text-white',
          compact ? 'h-9 w-9 bg-ink-800 ring-1 ring-ink-700' : 'h-7 w-7',
        )}
      >
        <Icon className="h-4 w-4" aria-hidden="true" />
      </button>
      {compact ? null : <VolumeSlider />}
    </div>
  );
}

import { WIN_SOUND_VOLUME } from '@coinsite/shared/constants';

/** Sounds are synthesised with WebAudio: nothing to download, nothing to bundle. */
export type SoundName = 'win' | 'error' | 'notify';

interface Note {
  freq: number;
  at: number;
  dur: number;
  type: OscillatorType;
}

const SOUNDS: Record<SoundName, { notes: Note[]; volume: number }> = {
  win: {
    volume: WIN_SOUND_VOLUME,
    notes: [
      { freq: 784, at: 0, dur: 0.12, type: 'triangle' },
      { freq: 988, at: 0.08, dur: 0.12, type: 'triangle' },
      { freq: 1175, at: 0.16, dur: 0.14, type: 'triangle' },
      { freq: 1568, at: 0.24, dur: 0.32, type: 'sine' },
    ],
  },
  error: {
    volume: 0.2,
    notes: [
      { freq: 220, at: 0, dur: 0.14, type: 'square' },
      { freq: 165, at: 0.12, dur: 0.2, type: 'square' },
    ],
  },
  notify: {
    volume: 0.2,
    notes: [
      { freq: 880, at: 0, dur: 0.1, type: 'sine' },
      { freq: 1320, at: 0.09, dur: 0.18, type: 'sine' },
    ],
  },
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
  if (!context) context = new window.AudioContext();
  return context;
}

/** Plays a sound; silently does nothing when the browser has not allowed audio yet. */
export function playSound(name: SoundName, volume?: number): void {
  try {
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const spec = SOUNDS[name];
    const peak = volume ?? spec.volume;
    const start = ctx.currentTime + 0.01;
    for (const note of spec.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.type;
      osc.frequency.value = note.freq;
      const t0 = start + note.at;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(peak, t0 + 0.015);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.dur);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + note.dur + 0.02);
    }
  } catch {
    // audio is a nicety; never let it break the page
  }
}

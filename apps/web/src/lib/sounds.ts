import { WIN_SOUND_VOLUME } from '@coinsite/shared/constants';
import { soundGain } from './game-settings.ts';
import { CALM_GAP_MS, nextPace, type Pace } from './use-calm.ts';

/**
 * Sounds are synthesised with WebAudio: nothing to download, nothing to bundle. Each note is a
 * soft sine or triangle with a bell-like partial, shaped by a quick attack and an exponential
 * decay, through a low-pass filter and a short echo: chimes rather than the beeps of a square wave.
 * The player's volume and mute (header, remembered) scale the spec's volumes.
 */
export type SoundName = 'win' | 'error' | 'notify' | 'bet';

interface Note {
  freq: number;
  /** Start, seconds after the sound begins. */
  at: number;
  /** Decay time, seconds. */
  dur: number;
  type: OscillatorType;
  /** Pitch glide: the note ends at freq × bend (a thud falls). */
  bend?: number;
  /** Relative loudness of the note in its sound (1 by default). */
  level?: number;
}

interface SoundSpec {
  volume: number;
  notes: Note[];
  /** Low-pass cut-off, Hz. */
  tone: number;
  /** Echo level, 0 to 1. */
  echo: number;
}

const SOUNDS: Record<SoundName, SoundSpec> = {
  // a rising major arpeggio that rings out
  win: {
    volume: WIN_SOUND_VOLUME,
    tone: 6000,
    echo: 0.25,
    notes: [
      { freq: 523.25, at: 0, dur: 0.35, type: 'triangle' },
      { freq: 659.25, at: 0.07, dur: 0.35, type: 'triangle' },
      { freq: 783.99, at: 0.14, dur: 0.4, type: 'triangle' },
      { freq: 1046.5, at: 0.21, dur: 0.7, type: 'sine', level: 1.1 },
      { freq: 2093, at: 0.21, dur: 0.35, type: 'sine', level: 0.25 },
    ],
  },
  // a soft falling two-note thud, not an alarm
  error: {
    volume: 0.2,
    tone: 1200,
    echo: 0.1,
    notes: [
      { freq: 311.13, at: 0, dur: 0.18, type: 'triangle', bend: 0.85 },
      { freq: 233.08, at: 0.11, dur: 0.3, type: 'triangle', bend: 0.8 },
    ],
  },
  // a two-tone bell
  notify: {
    volume: 0.2,
    tone: 5000,
    echo: 0.2,
    notes: [
      { freq: 880, at: 0, dur: 0.3, type: 'sine' },
      { freq: 2640, at: 0, dur: 0.12, type: 'sine', level: 0.2 },
      { freq: 1318.5, at: 0.1, dur: 0.45, type: 'sine' },
    ],
  },
  // a short wooden tick as a bet goes out
  bet: {
    volume: 0.12,
    tone: 3000,
    echo: 0,
    notes: [{ freq: 1400, at: 0, dur: 0.05, type: 'sine', bend: 0.5 }],
  },
};

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return null;
  if (!context) context = new window.AudioContext();
  return context;
}

/**
 * Opening the page's AudioContext is one long task (70–80 ms on a 2-core machine: the browser
 * starts its audio output). Opened by the first sound, it landed in the middle of play: turbo's
 * first win chime was its longest frame (issue 33). So it is opened ahead, when the page is idle
 * after the player's click or key: from that gesture on the browser lets it play (sticky
 * activation), and no game is waiting on the page then. Nothing is opened while the player is
 * muted; a later gesture (the unmute itself) opens it. Returns the function that stops listening.
 */
export function openAudioAfterGesture(): () => void {
  if (typeof window === 'undefined' || typeof window.AudioContext === 'undefined') return () => undefined;
  let scheduled = false;
  const events = ['pointerdown', 'keydown'] as const;
  const stop = () => {
    for (const e of events) window.removeEventListener(e, onGesture, true);
  };
  const open = () => {
    scheduled = false;
    if (context) return stop();
    if (soundGain() <= 0) return;
    try {
      audio();
      stop();
    } catch {
      // audio is a nicety; the first sound tries again
    }
  };
  function onGesture() {
    if (scheduled || context) return;
    scheduled = true;
    if ('requestIdleCallback' in window) window.requestIdleCallback(open, { timeout: 2000 });
    else setTimeout(open, 300);
  }
  for (const e of events) window.addEventListener(e, onGesture, { capture: true, passive: true });
  return stop;
}

/**
 * Plays a sound at its spec volume (or `volume`), scaled by the player's volume; silent when
 * muted, and silently does nothing when the browser has not allowed audio yet.
 */
export function playSound(name: SoundName, volume?: number): void {
  try {
    const gainScale = soundGain();
    if (gainScale <= 0) return;
    const ctx = audio();
    if (!ctx) return;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const spec = SOUNDS[name];
    const peak = Math.max(0.0002, (volume ?? spec.volume) * gainScale);
    const start = ctx.currentTime + 0.01;

    const filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = spec.tone;
    filter.connect(ctx.destination);
    if (spec.echo > 0) {
      const delay = ctx.createDelay(0.5);
      delay.delayTime.value = 0.12;
      const feedback = ctx.createGain();
      feedback.gain.value = spec.echo;
      filter.connect(delay);
      delay.connect(feedback);
      feedback.connect(delay);
      delay.connect(ctx.destination);
      // let the echo die away, then free the nodes
      setTimeout(() => feedback.disconnect(), 2000);
    }

    for (const note of spec.notes) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = note.type;
      const t0 = start + note.at;
      osc.frequency.setValueAtTime(note.freq, t0);
      if (note.bend) osc.frequency.exponentialRampToValueAtTime(note.freq * note.bend, t0 + note.dur);
      const level = Math.max(0.0002, peak * (note.level ?? 1));
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(level, t0 + 0.008);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + note.dur);
      osc.connect(gain).connect(filter);
      osc.start(t0);
      osc.stop(t0 + note.dur + 0.05);
    }
  } catch {
    // audio is a nicety; never let it break the page
  }
}

/**
 * A sound for a change that can come many times a second (a turbo autobet's wins, about 12 a
 * second): it plays only when the change comes at a calm pace, like the motion that marks a change
 * (use-calm.ts). The first win of a run chimes; the rest stay quiet until the player pauses.
 * Returns the function to call on each change; it says whether the sound was played.
 */
export function calmSound(
  name: SoundName,
  gapMs = CALM_GAP_MS,
  clock: () => number = () => performance.now(),
): () => boolean {
  let pace: Pace = { key: 0, at: Number.NEGATIVE_INFINITY, calm: true };
  let changes = 0;
  return () => {
    changes += 1;
    pace = nextPace(pace, changes, clock(), gapMs);
    if (pace.calm) playSound(name);
    return pace.calm;
  };
}

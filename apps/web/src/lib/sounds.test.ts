import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The page's audio is opened in the first idle moment after a click or key (issue 33: opened by
 * the first win chime, it was turbo's longest frame). A fake window stands in for the browser:
 * what matters is when the AudioContext is made, not what it plays.
 */
describe('opening the audio after the first gesture', () => {
  let made = 0;
  let idle: Array<() => void> = [];
  let listeners: Map<string, Set<() => void>>;

  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    constructor() {
      made++;
    }
  }

  beforeEach(() => {
    made = 0;
    idle = [];
    listeners = new Map();
    vi.resetModules();
    vi.stubGlobal('window', {
      AudioContext: FakeAudioContext,
      requestIdleCallback: (cb: () => void) => idle.push(cb),
      addEventListener: (type: string, fn: () => void) => {
        if (!listeners.has(type)) listeners.set(type, new Set());
        listeners.get(type)?.add(fn);
      },
      removeEventListener: (type: string, fn: () => void) => listeners.get(type)?.delete(fn),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  const fire = (type: string) => {
    for (const fn of [...(listeners.get(type) ?? [])]) fn();
  };
  const runIdle = () => {
    const due = idle.splice(0);
    for (const cb of due) cb();
  };
  const listening = () => [...listeners.values()].reduce((n, s) => n + s.size, 0);

  it('nothing is opened before a gesture; a click opens it once the page is idle, then stops listening', async () => {
    const { openAudioAfterGesture } = await import('./sounds.ts');
    openAudioAfterGesture();
    expect(made).toBe(0);
    expect(listening()).toBe(2);
    fire('pointerdown');
    fire('pointerdown'); // a second click before the idle moment schedules nothing more
    expect(made).toBe(0);
    expect(idle.length).toBe(1);
    runIdle();
    expect(made).toBe(1);
    expect(listening()).toBe(0);
  });

  it('a muted player opens nothing; the gesture after unmuting does', async () => {
    const { useGameSettings } = await import('./game-settings.ts');
    const { openAudioAfterGesture, playSound } = await import('./sounds.ts');
    useGameSettings.setState({ muted: true });
    openAudioAfterGesture();
    fire('keydown');
    runIdle();
    expect(made).toBe(0);
    playSound('win'); // muted: silent, and nothing opened
    expect(made).toBe(0);
    expect(listening()).toBe(2);
    useGameSettings.setState({ muted: false });
    fire('pointerdown');
    runIdle();
    expect(made).toBe(1);
    expect(listening()).toBe(0);
  });

  it('a calm sound plays for a change at a calm pace only: a turbo run chimes once, then after a pause', async () => {
    const { calmSound } = await import('./sounds.ts');
    let now = 10_000;
    const chime = calmSound('win', 1000, () => now);
    const played: boolean[] = [];
    // a win every 80 ms for 2 s
    for (let i = 0; i < 25; i++) {
      played.push(chime());
      now += 80;
    }
    expect(played.filter(Boolean).length).toBe(1);
    expect(played[0]).toBe(true);
    now += 1000;
    expect(chime()).toBe(true); // the first win after a pause chimes again
    now += 1500;
    expect(chime()).toBe(true); // wins at a person's pace all chime
    now += 200;
    expect(chime()).toBe(false);
  });
});

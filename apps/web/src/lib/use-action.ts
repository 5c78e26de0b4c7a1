import { useCallback, useRef, useState } from 'react';
import { ActionGate } from './action-gate.ts';
import { toastApiError } from './errors.ts';

/** How a failed action is shown: toastApiError with this fallback text, or a handler of its own. */
export type ActionFailure = string | ((err: unknown) => void);

export interface Action {
  /** True while the work runs: for the button's loading and disabled states. */
  pending: boolean;
  /**
   * Starts `work` unless one is already running (then nothing happens, or `onBusy`). A failure
   * becomes `toastApiError(err, fail, options)` when `fail` is a text, goes to `fail` when it is a
   * function, and rejects the run when there is none. Resolves to the work's value, or undefined.
   */
  run: <T>(
    work: () => Promise<T>,
    fail?: ActionFailure,
    options?: { sound?: boolean },
  ) => Promise<T | undefined>;
}

/** The submit of a form or a dialog: pending state, a double-click guard and the usual error toast. */
export function useAction({ onBusy }: { onBusy?: () => void } = {}): Action {
  const [pending, setPending] = useState(false);
  const busyHandler = useRef(onBusy);
  busyHandler.current = onBusy;
  const gate = useRef<ActionGate | null>(null);
  gate.current ??= new ActionGate(setPending, () => busyHandler.current?.());
  const current = gate.current;

  const run = useCallback(
    <T>(work: () => Promise<T>, fail?: ActionFailure, options?: { sound?: boolean }) =>
      current.run(
        work,
        typeof fail === 'string' ? (err: unknown) => toastApiError(err, fail, options) : fail,
      ),
    [current],
  );
  return { pending, run };
}

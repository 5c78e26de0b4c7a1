import { type RefObject, useCallback, useRef, useState } from 'react';

/**
 * useReducer for a screen fed by socket events, whose latest state can be read at once: `ref.current`
 * is the state after every action dispatched so far, not the last render's. A decision taken in an
 * event handler or a timer (is the round taking bets right now?) must never read a state one render
 * behind: between an event and the render it schedules, a timer can run (docs/decisions/web.md, issue 15).
 * `reducer` must be a stable (module-level) function.
 */
export function useEventReducer<S, A>(
  reducer: (state: S, action: A) => S,
  initial: S,
): [S, (action: A) => void, RefObject<S>] {
  const ref = useRef(initial);
  const [state, setState] = useState(initial);
  const dispatch = useCallback(
    (action: A) => {
      ref.current = reducer(ref.current, action);
      setState(ref.current);
    },
    [reducer],
  );
  return [state, dispatch, ref];
}

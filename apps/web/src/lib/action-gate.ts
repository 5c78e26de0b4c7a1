/**
 * One action at a time, for a form's submit or a claim button: `run` starts its work only when
 * none is in flight. The flag is a plain field, not React state, so two clicks in the same tick
 * cannot both start (state would still read "idle" for the second). `useAction` wraps it.
 */
export class ActionGate {
  private busy = false;

  constructor(
    /** Told true when work starts and false when it ends, however it ends (the hook's state). */
    private readonly onPending: (pending: boolean) => void,
    /** Called instead of starting, when work is already in flight. */
    private readonly onBusy?: () => void,
  ) {}

  get pending(): boolean {
    return this.busy;
  }

  /**
   * Runs `work` unless some is in flight. A failure goes to `onError` when given (the run then
   * resolves to undefined), else it rejects the run. `work` is called synchronously, so what it
   * does before its first await still counts as part of the click (window.open, for one).
   */
  async run<T>(work: () => Promise<T>, onError?: (err: unknown) => void): Promise<T | undefined> {
    if (this.busy) {
      this.onBusy?.();
      return undefined;
    }
    this.busy = true;
    this.onPending(true);
    try {
      return await work();
    } catch (err) {
      if (!onError) throw err;
      onError(err);
      return undefined;
    } finally {
      this.busy = false;
      this.onPending(false);
    }
  }
}

/**
 * Whether this instance's background jobs still get through a whole pass.
 * The runner reports each pass that ran every step to its end; readiness
 * and /metrics read it. It is this instance's own runner, so the state is
 * this process's (each instance answers for its own jobs).
 */

/** No complete pass for this many intervals: the jobs are stalled. */
export const STALLED_AFTER_INTERVALS = 5;

export class JobPulse {
  private intervalMs: number | undefined;
  private since = new Date();
  private lastPass: Date | undefined;

  /** The runner started, passing every `intervalSeconds`. */
  started(intervalSeconds: number, now = new Date()): void {
    this.intervalMs = intervalSeconds * 1000;
    this.since = now;
  }

  /** A pass ran every step to its end. */
  passCompleted(now = new Date()): void {
    this.lastPass = now;
  }

  get lastCompletedPassAt(): Date | undefined {
    return this.lastPass;
  }

  /** True once a started runner has completed no pass for `STALLED_AFTER_INTERVALS` intervals. */
  stalled(now = new Date()): boolean {
    if (this.intervalMs === undefined) return false;
    const from = this.lastPass ?? this.since;
    return now.getTime() - from.getTime() > STALLED_AFTER_INTERVALS * this.intervalMs;
  }
}

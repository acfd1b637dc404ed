/**
 * A budget of events per fixed window, counted in this instance's memory:
 * for limits on what one instance spends (certificate fetches, checks a
 * webhook hints at), where a shared count in Postgres (window-counter.ts)
 * would cost a row per attempt. Each instance has its own budget.
 */
export class InstanceBudget {
  private window = { endsAt: 0, used: 0 };

  constructor(
    private readonly perWindow: number,
    private readonly windowMs: number,
  ) {}

  /** Takes one from the open window's budget; false when it is spent. */
  take(now: number): boolean {
    if (this.window.endsAt <= now) this.window = { endsAt: now + this.windowMs, used: 0 };
    if (this.window.used >= this.perWindow) return false;
    this.window.used += 1;
    return true;
  }

  /** How long until the open window ends and the budget is whole again. */
  resetInMs(now: number): number {
    return Math.max(0, this.window.endsAt - now);
  }
}

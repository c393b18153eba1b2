// A limit on everyone together, beside the per-address one: many addresses at once (a
// botnet) cannot make the service do unbounded work. A fixed window, counted in memory.
export class TotalBudget {
  private windowStart = 0;
  private used = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether one more may go now; counts it if so. */
  take(): boolean {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used >= this.max) return false;
    this.used += 1;
    return true;
  }
}

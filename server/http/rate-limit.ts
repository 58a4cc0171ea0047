/**
 * A fixed window per API key (per client address when there is no valid key). X-RateLimit-Reset
 * is the end of the current window in epoch SECONDS. Refused requests do not spend the budget.
 */
export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private lastPrune = 0;

  constructor(
    public limit: number,
    public windowMs: number,
    private readonly now: () => number,
  ) {}

  take(bucket: string): RateDecision {
    const t = this.now();
    this.prune(t);
    let w = this.windows.get(bucket);
    if (!w || t >= w.start + this.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(bucket, w);
    }
    const allowed = w.count < this.limit;
    if (allowed) w.count += 1;
    const resetMs = w.start + this.windowMs;
    return {
      allowed,
      retryAfterSeconds: Math.max(1, Math.ceil((resetMs - t) / 1000)),
      headers: {
        'X-RateLimit-Limit': String(this.limit),
        'X-RateLimit-Remaining': String(Math.max(0, this.limit - w.count)),
        'X-RateLimit-Reset': String(Math.ceil(resetMs / 1000)),
      },
    };
  }

  /** Starts the bucket afresh (a right password gives a visitor their attempts back). */
  forget(bucket: string): void {
    this.windows.delete(bucket);
  }

  /** How many buckets are held. */
  get size(): number {
    return this.windows.size;
  }

  /**
   * Drops buckets whose window has ended: each visitor address or key leaves one, and a bucket
   * past its window means the same as none. At most once a window, so a take stays O(1) on average.
   */
  private prune(t: number): void {
    if (t - this.lastPrune < this.windowMs) return;
    this.lastPrune = t;
    for (const [bucket, w] of this.windows) if (t >= w.start + this.windowMs) this.windows.delete(bucket);
  }
}

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

  constructor(
    public limit: number,
    public windowMs: number,
    private readonly now: () => number,
  ) {}

  take(bucket: string): RateDecision {
    const t = this.now();
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
}

import type { Fetch } from '../api/fetch';
import type { RateLimitInfo } from '../api/rate-limit';
import type { LinkpilotDb } from '../db/schema';
import { type Budget, initialBudget, observe, type Priority, spend, waitFor } from './budget';
import type { Use } from './usage';

export const BUDGET_META_KEY = 'budget';

/** Thrown before a request is sent when the budget says it must wait; nothing went out. */
export class BudgetWait extends Error {
  constructor(readonly until: number) {
    super('Waiting for the rate limit window to reset.');
    this.name = 'BudgetWait';
  }
}

/**
 * The persisted budget of this worker: every request asks it first (and waits or throws
 * BudgetWait), every response updates it. Kept in memory, written through to IndexedDB, so a
 * restarted worker starts from what its predecessor knew.
 */
export class BudgetStore {
  private current: Budget | null = null;

  constructor(
    private readonly db: LinkpilotDb,
    private readonly now: () => number,
  ) {}

  async get(): Promise<Budget> {
    if (!this.current) {
      const row = await this.db.meta.get(BUDGET_META_KEY);
      this.current = (row?.value as Budget | undefined) ?? initialBudget();
      this.current = { ...initialBudget(), ...this.current };
    }
    return this.current;
  }

  private async save(next: Budget): Promise<void> {
    this.current = next;
    await this.db.meta.put({ key: BUDGET_META_KEY, value: next });
  }

  /** Milliseconds a request of this priority must wait. */
  async waitFor(priority: Priority): Promise<number> {
    return waitFor(await this.get(), priority, this.now());
  }

  async spend(use: Use): Promise<void> {
    await this.save(spend(await this.get(), this.now(), use));
  }

  async observe(info: RateLimitInfo, status: number): Promise<void> {
    await this.save(observe(await this.get(), info, status, this.now()));
  }
}

/**
 * A fetch that asks the budget before every request: it sleeps through short waits and throws
 * BudgetWait for long ones, then counts the request as spent. Each client has its priority.
 */
export function budgetedFetch(options: {
  store: BudgetStore;
  priority: Priority;
  /** What the requests are for, as the sync centre counts them. */
  use: Use;
  fetch: Fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  maxInlineWaitMs: number;
}): Fetch {
  return async (input, init) => {
    for (let i = 0; i < 100; i++) {
      const wait = await options.store.waitFor(options.priority);
      if (wait <= 0) break;
      if (wait > options.maxInlineWaitMs) throw new BudgetWait(options.now() + wait);
      await options.sleep(wait);
    }
    await options.store.spend(options.use);
    // Called as a plain function: a browser's fetch throws "Illegal invocation" on any other `this`.
    const send = options.fetch;
    return send(input, init);
  };
}

import type { RateLimitInfo } from '../api/rate-limit';
import { metaKey, readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';
import { words } from '../words';
import { type Budget, initialBudget, observe, type Priority, spend, waitFor } from './budget';
import type { Use } from './usage';

/** What the last worker knew of the rate limit and of the hour's requests. */
export const budgetKey = metaKey<Budget | null>('budget', null);

/** Thrown before a request is sent when the budget says it must wait; nothing went out. */
export class BudgetWait extends Error {
  constructor(readonly until: number) {
    super(words('syncProblem.rateLimitWait'));
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

  private loading: Promise<void> | null = null;

  /**
   * Read from IndexedDB once. Each step below reads `this.current` after this await and changes it
   * before the next: the value an await resolved with may be stale by the time it resumes, as another
   * request sent beside it may have counted meanwhile.
   */
  async get(): Promise<Budget> {
    this.loading ??= readMeta(this.db, budgetKey).then(
      (stored) => {
        this.current ??= { ...initialBudget(), ...stored };
      },
      (error: unknown) => {
        // Read again by the next request: one failed read must not stop every request after it.
        this.loading = null;
        throw error;
      },
    );
    await this.loading;
    return this.current as Budget;
  }

  private writing: Promise<unknown> = Promise.resolve();

  /**
   * Kept in memory at once and written behind: no request waits on a disk write. A worker stopped
   * before the write lands forgets a count that the next response's headers put right.
   */
  private save(next: Budget): void {
    this.current = next;
    this.writing = this.writing
      .then(() => writeMeta(this.db, budgetKey, this.current))
      .catch((e: unknown) => console.error('Linkpilot: the request budget could not be saved', e));
  }

  /** Resolves once what this store knows is in IndexedDB. */
  saved(): Promise<unknown> {
    return this.writing;
  }

  /** Milliseconds a request of this priority must wait. */
  async waitFor(priority: Priority): Promise<number> {
    return waitFor(await this.get(), priority, this.now());
  }

  /**
   * Before a request: sleeps through a wait up to `maxWaitMs`, throws BudgetWait for a longer one,
   * then counts it. The last look and the count are one step, with nothing awaited between them:
   * two requests sent beside each other (a person's change beside the drain) cannot both take the
   * window's last request. `room`: how many requests in a row the window must still hold (budget.ts).
   */
  async take(
    priority: Priority,
    use: Use,
    maxWaitMs: number,
    sleep: (ms: number) => Promise<void>,
    room = 1,
  ): Promise<void> {
    for (let i = 0; i < 100; i++) {
      await this.get();
      const budget = this.current as Budget;
      const now = this.now();
      const wait = waitFor(budget, priority, now, room);
      if (wait <= 0) return this.save(spend(budget, now, use));
      if (wait > maxWaitMs) throw new BudgetWait(now + wait);
      await sleep(wait);
    }
    await this.get();
    this.save(spend(this.current as Budget, this.now(), use));
  }

  async observe(info: RateLimitInfo, status: number): Promise<void> {
    await this.get();
    this.save(observe(this.current as Budget, info, status, this.now()));
  }
}

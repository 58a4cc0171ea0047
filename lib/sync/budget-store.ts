import type { Fetch } from '../api/fetch';
import { type RateLimitInfo, readRateLimit } from '../api/rate-limit';
import type { LinkpilotDb } from '../db/schema';
import { type Budget, initialBudget, observe, type Priority, spend, waitFor } from './budget';

export const BUDGET_META_KEY = 'budget';

/** Thrown before a request is sent when the budget says it must wait; nothing went out. */
export class BudgetWait extends Error {
  constructor(readonly until: number) {
    super('Waiting for the rate limit window to reset.');
    this.name = 'BudgetWait';
  }
}

/** What the budget expected as a request went out, to judge the count its answer reports. */
export interface SendTicket {
  /** The service's count left after this request, as we expect it; null when unknown. */
  expected: number | null;
  resetAt: number | null;
  serial: number;
  /** No other request of this store was on the wire when it went out. */
  alone: boolean;
}

/**
 * The persisted budget of this worker: every request asks it first (and waits or throws
 * BudgetWait), every response updates it. Kept in memory, written through to IndexedDB, so a
 * restarted worker starts from what its predecessor knew.
 */
export class BudgetStore {
  private current: Budget | null = null;
  private inFlight = 0;
  private sends = 0;

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

  async spend(): Promise<void> {
    await this.save(spend(await this.get(), this.now()));
  }

  async observe(info: RateLimitInfo, status: number): Promise<void> {
    await this.save(observe(await this.get(), info, status, this.now()));
  }

  /** Spends one request and remembers what its answer should report. Pair with `landed`. */
  async send(): Promise<SendTicket> {
    await this.spend();
    const budget = await this.get();
    this.inFlight += 1;
    this.sends += 1;
    return { expected: budget.remaining, resetAt: budget.resetAt, serial: this.sends, alone: this.inFlight === 1 };
  }

  /**
   * Requests the service counted against the key beyond those sent here, judged from one answer's
   * headers; 0 when it cannot tell. Only a request that was alone on the wire, in a window whose
   * count was known, is judged: any overlap would make the arithmetic guesswork.
   */
  landed(ticket: SendTicket, info: RateLimitInfo | null): number {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (!info || !ticket.alone || this.sends !== ticket.serial) return 0;
    if (
      ticket.expected === null ||
      ticket.resetAt === null ||
      info.remaining === null ||
      info.resetAt !== ticket.resetAt
    )
      return 0;
    return Math.max(0, ticket.expected - info.remaining);
  }
}

/**
 * A fetch that asks the budget before every request: it sleeps through short waits and throws
 * BudgetWait for long ones, then counts the request as spent. `priority` is read per request.
 */
export function budgetedFetch(options: {
  store: BudgetStore;
  priority: () => Priority;
  fetch: Fetch;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
  maxInlineWaitMs: number;
  /**
   * Told when an answer shows the service counted requests that were not sent from here. With one
   * client on the key that is the browser resending a request by itself (see lib/sync/twins.ts).
   */
  onUncounted?: (count: number) => void;
}): Fetch {
  return async (input, init) => {
    for (let i = 0; i < 100; i++) {
      const wait = await options.store.waitFor(options.priority());
      if (wait <= 0) break;
      if (wait > options.maxInlineWaitMs) throw new BudgetWait(options.now() + wait);
      await options.sleep(wait);
    }
    const ticket = await options.store.send();
    // Called as a plain function: a browser's fetch throws "Illegal invocation" on any other `this`.
    const send = options.fetch;
    let response: Response | undefined;
    try {
      response = await send(input, init);
      return response;
    } finally {
      const uncounted = options.store.landed(ticket, response ? readRateLimit(response.headers, options.now()) : null);
      if (uncounted > 0) options.onUncounted?.(uncounted);
    }
  };
}

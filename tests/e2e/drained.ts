import type { Worker } from '@playwright/test';
import { expect } from './fixtures';
import { outboxSize } from './support';

/** Waits until every queued change has been sent, read from IndexedDB itself rather than from any page. */
export async function expectOutboxDrained(worker: Worker): Promise<void> {
  await expect.poll(() => outboxSize(worker), { timeout: 30_000, message: 'every queued change is sent' }).toBe(0);
}

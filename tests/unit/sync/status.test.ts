import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/db/schema';
import { answeredHere, awaitHere } from '@/lib/sync/answered-here';
import { countRefused, outboxCounts, refusedChanges } from '@/lib/sync/status';
import { freshDb } from './db';

const entry = (key: string, state: OutboxEntry['state'], conflict?: string[]): OutboxEntry =>
  ({
    kind: 'channel',
    op: 'create',
    key,
    payload: { name: key },
    deps: [],
    ids: {},
    state,
    priority: 1,
    attempts: 0,
    createdAt: 0,
    notBefore: 0,
    ambiguous: false,
    error: null,
    ...(conflict && { conflict }),
  }) as unknown as OutboxEntry;

describe('where the queue stands, counted', () => {
  it('reads the refused changes once, and counts them with the ones a form here waits for left out', async () => {
    const db = freshDb();
    await db.outbox.bulkAdd([
      entry('a', 'failed'),
      entry('b', 'failed', ['title']),
      entry('c', 'failed', ['url']),
      entry('d', 'pending'),
      entry('e', 'inflight'),
    ]);
    const refused = await refusedChanges(db);
    expect(refused.map((r) => [r.key, r.conflict]).sort()).toEqual([
      ['a', false],
      ['b', true],
      ['c', true],
    ]);
    expect(countRefused(refused)).toEqual({ failed: 3, conflicts: 2 });
    // The same reading serves whatever the form waits for: nothing is read again.
    expect(countRefused(refused, (key) => key === 'b')).toEqual({ failed: 2, conflicts: 1 });
    expect(countRefused(refused, () => true)).toEqual({ failed: 0, conflicts: 0 });
    expect(await outboxCounts(db, (key) => key === 'a')).toEqual({ pending: 1, inflight: 1, failed: 2, conflicts: 2 });
  });
});

describe('a refusal a form here let go of', () => {
  it('taken back, stays left out of reads that still hold it; let go standing, is counted at once', () => {
    // A read of the refused changes made while the worker's delete had not reached this page yet.
    const read = [
      { key: 'taken', conflict: false },
      { key: 'standing', conflict: false },
    ];
    const releaseTaken = awaitHere('taken');
    const releaseStanding = awaitHere('standing');
    expect(countRefused(read, answeredHere.leavesOut).failed).toBe(0);
    const before = answeredHere.version();
    releaseTaken('taken back');
    expect(answeredHere.version()).not.toBe(before);
    // The form took it back; the read that says so has not come yet: still left out.
    expect(countRefused(read, answeredHere.leavesOut).failed).toBe(0);
    // Its form closed before it was fixed: every page counts it now, this one too, without a new read.
    releaseStanding();
    expect(countRefused(read, answeredHere.leavesOut)).toEqual({ failed: 1, conflicts: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '@/lib/db/schema';
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

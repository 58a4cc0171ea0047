import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { queueLinks } from '@/lib/bulk/queue';
import { refusedLines } from '@/lib/bulk/refused';
import { freshDb } from '../sync/db';

const none = { channelKey: null, campaignKey: null };

describe('the lines of a list the service refused', () => {
  it('are named in the list’s order, with the alias asked for and the service’s reason, and stay for Sync', async () => {
    const db = freshDb();
    const keys = await queueLinks(
      { db },
      [
        { url: 'https://example.com/a', alias: 'taken' },
        { url: 'https://example.com/b' },
        { url: 'https://example.com/c', alias: 'also-taken' },
      ],
      none,
    );
    const refusal = new ApiError({
      kind: 'validation',
      field: 'custom',
      message: 'refusal.aliasTaken',
      retryable: false,
    });
    for (const key of [keys[2]!, keys[0]!])
      await db.outbox.where('key').equals(key).modify({ state: 'failed', error: refusal.toJSON() });
    const lines = await refusedLines(db, keys);
    expect(lines.map((l) => [l.url, l.alias, l.error.message])).toEqual([
      ['https://example.com/a', 'taken', 'refusal.aliasTaken'],
      ['https://example.com/c', 'also-taken', 'refusal.aliasTaken'],
    ]);
    expect(await db.outbox.count()).toBe(3);
  });

  it('a list with a line that cannot be a link is not queued at all, and says which line and which field', async () => {
    const db = freshDb();
    const error = await queueLinks(
      { db },
      [{ url: 'https://example.com/a' }, { url: 'https://example.com/b', alias: 'a/b' }],
      none,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'BulkLineProblem',
      line: { url: 'https://example.com/b', alias: 'a/b' },
      problem: { kind: 'validation', field: 'custom' },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a line that is one of the account’s own short URLs stops the list, named, before anything is queued', async () => {
    const db = freshDb();
    const [key] = await queueLinks({ db }, [{ url: 'https://example.com/made' }], none);
    await db.links.update(key!, { shorturl: 'https://s.test/abc' });
    const error = await queueLinks(
      { db },
      [{ url: 'https://example.com/fine' }, { url: 'https://s.test/abc' }],
      none,
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      name: 'BulkLineProblem',
      line: { url: 'https://s.test/abc' },
      problem: { field: 'url' },
    });
    expect(await db.outbox.count()).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { writeMeta } from '@/lib/db/meta';
import { linksCopy } from '@/lib/links/copy';
import { COLLECTIONS, pullCursorKey, writeStatus } from '@/lib/refresh/pull';
import { freshDb } from '../sync/db';

const NOW = Date.UTC(2026, 10, 22, 12);

describe('linksCopy', () => {
  it('is null without a copy under way, and once the copy has read the links whole', async () => {
    const db = await freshDb();
    expect(await linksCopy(db)).toBeNull();
    const after = COLLECTIONS[COLLECTIONS.indexOf('links') + 1]!;
    await writeMeta(db, pullCursorKey, { collection: after, page: 1, startedAt: NOW });
    expect(await linksCopy(db)).toBeNull();
  });

  it('expects page count times page size once a page of links was read, and nothing before', async () => {
    const db = await freshDb();
    await writeMeta(db, pullCursorKey, { collection: COLLECTIONS[0]!, page: 1, startedAt: NOW });
    expect(await linksCopy(db)).toEqual({ expected: null });
    await writeMeta(db, pullCursorKey, { collection: 'links', page: 48, startedAt: NOW });
    await writeStatus(db, 'links', { lastPull: null, page: 47, maxpage: 60, perpage: 25 });
    expect(await linksCopy(db)).toEqual({ expected: 1500 });
  });
});

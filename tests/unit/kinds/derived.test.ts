import { describe, expect, it } from 'vitest';
import { changeTables } from '@/lib/kinds';
import { COUNTED_KINDS, totalIn } from '@/lib/kinds/counted';
import { isItemOf, itemKeyOf, itemTables } from '@/lib/kinds/item-types';
import { freshDb } from '../sync/db';

describe('lists derived from the kinds', () => {
  it("a change's transaction holds every table a kind writes, the account's row, pixels and the outbox", () => {
    const db = freshDb();
    const names = changeTables(db).map((t) => t.name);
    expect(new Set(names)).toEqual(
      new Set(['links', 'channels', 'campaigns', 'domains', 'qrs', 'channelItems', 'account', 'pixels', 'outbox']),
    );
    expect(names).toHaveLength(new Set(names).size);
  });

  it("a channel's item names a mirrored link or QR code by its key; a bio page by its id only", async () => {
    const db = freshDb();
    await db.links.put({ key: 'l1', id: 7 } as never);
    await db.qrs.put({ key: 'q1', id: 7 } as never);
    expect(await itemKeyOf(db, 'links', 7)).toBe('l1');
    expect(await itemKeyOf(db, 'qr', 7)).toBe('q1');
    expect(await itemKeyOf(db, 'bio', 7)).toBeNull();
    expect(await itemKeyOf(db, 'links', 8)).toBeNull();
    expect(await itemKeyOf(db, 'something-new', 7)).toBeNull();
    expect(itemTables(db).map((t) => t.name)).toEqual(['links', 'qrs']);
    expect(isItemOf({ type: 'links' }, 'link')).toBe(true);
    expect(isItemOf({ type: 'qr' }, 'link')).toBe(false);
  });

  it('links count clicks and QR codes scans', () => {
    expect(COUNTED_KINDS).toEqual(['link', 'qr']);
    expect(totalIn('link', { clicks: 3, scans: 9 })).toBe(3);
    expect(totalIn('qr', { clicks: 3, scans: 9 })).toBe(9);
  });
});

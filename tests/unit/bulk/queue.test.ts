import { describe, expect, it } from 'vitest';
import { bulkProgress, queueLinks } from '@/lib/bulk/queue';
import { alreadyShortened, refusedHere, reusing } from '@/lib/bulk/same-page';
import { withLinkWords } from '@/lib/kinds/link-row';
import * as actions from '@/lib/sync/actions';
import { readWords } from '@/lib/words';
import { freshDb } from '../sync/db';

describe('bulk shortening', () => {
  it('queues every link with its alias, channel and campaign, in one go and in order', async () => {
    const db = freshDb();
    const channel = await actions.create({ db }, 'channel', { name: 'Launch' });
    const items: { url: string; alias?: string }[] = Array.from({ length: 50 }, (_, i) => ({
      url: `https://example.com/${i}`,
    }));
    items[3] = { url: 'https://example.com/3', alias: 'third-one' };
    const keys = await queueLinks({ db }, items, {
      channelKey: channel,
      campaignKey: null,
      fields: { status: 'public' },
    });
    expect(keys).toHaveLength(50);
    const rows = await db.links.bulkGet(keys);
    expect(rows.map((r) => r?.longurl)).toEqual(items.map((i) => i.url));
    expect(rows[3]?.alias).toBe('third-one');
    const creates = (await db.outbox.toArray()).filter((e) => e.kind === 'link');
    expect(creates).toHaveLength(50);
    expect(await db.channelItems.where('channelKey').equals(channel).count()).toBe(50);
    expect(bulkProgress(rows)).toEqual({ done: 0, refused: 0, total: 50 });
    db.close();
  });

  it('queues nothing when one line is refused', async () => {
    const db = freshDb();
    await expect(
      queueLinks({ db }, [{ url: 'https://example.com/ok' }, { url: 'not a url' }], {
        channelKey: null,
        campaignKey: null,
      }),
    ).rejects.toThrow();
    expect(await db.links.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});

describe('bulk shortening of pages already shortened', () => {
  const at = (db: ReturnType<typeof freshDb>, url: string, id: number, date: string) =>
    db.links.add(
      withLinkWords({
        key: `s${id}`,
        id,
        sync: 'synced',
        pulledAt: 0,
        alias: `a${id}`,
        shorturl: `https://sho.rt/a${id}`,
        longurl: url,
        longurlKey: '',
        clicks: 0,
        title: '',
        description: '',
        date,
        campaignKey: null,
        domain: '',
        status: null,
        input: null,
        words: [],
      }),
    );

  it('finds the lines whose page has a link, tracking parameters or not, the exact one first', async () => {
    const db = freshDb();
    await at(db, 'https://example.com/post', 1, '2026-01-01 00:00:00');
    await at(db, 'https://example.com/post?utm_source=news', 2, '2025-01-01 00:00:00');
    await at(db, 'https://example.com/other', 3, '2026-01-01 00:00:00');
    const found = await alreadyShortened(db, [
      { line: 1, url: 'https://example.com/post?utm_source=news' },
      { line: 2, url: 'https://example.com/post?fbclid=1' },
      { line: 3, url: 'https://example.com/new' },
      { line: 4, url: 'https://example.com/other', alias: 'wanted' },
      { line: 5, url: 'https://example.com/other', alias: 'a3' },
    ]);
    expect(found.map((f) => [f.line, f.link.id])).toEqual([
      [1, 2],
      [2, 1],
      [5, 3],
    ]);
    db.close();
  });

  it('reuses the existing links when asked, and makes new ones when not, keeping the order', async () => {
    const db = freshDb();
    await at(db, 'https://example.com/post', 1, '2026-01-01 00:00:00');
    const items = [
      { line: 1, url: 'https://example.com/a', title: 'Page A' },
      { line: 2, url: 'https://example.com/post?utm_medium=email', title: 'Post' },
    ];
    const existing = await alreadyShortened(db, items);

    const reused = await queueLinks({ db }, reusing(items, existing, true), { channelKey: null, campaignKey: null });
    expect(reused[1]).toBe('s1');
    expect(await db.links.count()).toBe(2);
    expect((await db.links.get(reused[0]!))?.title).toBe('Page A');
    // The link used was not shortened by this list: it is not counted as one it shortened.
    expect(bulkProgress(await db.links.bulkGet(reused), new Set(['s1']))).toEqual({ done: 0, refused: 0, total: 1 });

    const again = await queueLinks({ db }, reusing(items, existing, false), { channelKey: null, campaignKey: null });
    expect(again[1]).not.toBe('s1');
    expect(await db.links.count()).toBe(4);
    expect((await db.outbox.toArray()).filter((e) => e.kind === 'link')).toHaveLength(3);
    db.close();
  });

  it('keeps a long title to its first 200 characters instead of refusing the list', async () => {
    const db = freshDb();
    const [key] = await queueLinks({ db }, [{ url: 'https://example.com/x', title: `  ${'t'.repeat(900)}  ` }], {
      channelKey: null,
      campaignKey: null,
    });
    expect((await db.links.get(key!))?.title).toBe('t'.repeat(200));
    db.close();
  });

  it('lists at its line an alias another link already has, ignoring case, and not a line that reuses its link', async () => {
    const db = freshDb();
    await at(db, 'https://example.com/taken', 7, '2026-01-01 00:00:00');
    const lines = [
      { line: 1, url: 'https://example.com/x', alias: 'A7' },
      { line: 2, url: 'https://example.com/y', alias: 'free' },
      { line: 3, url: 'https://example.com/taken', alias: 'a7', reuse: 's7' },
    ];
    const taken = await refusedHere(db, lines);
    expect(taken.map((p) => [p.line, readWords(p.reason)?.key])).toEqual([[1, 'refusal.aliasTaken']]);
    // The alias refused is said, as typed, beside the address: the address alone does not say which.
    expect(taken.map((p) => [p.text, p.alias])).toEqual([['https://example.com/x', 'A7']]);
    // Queued without it, the rest of the list goes: one taken alias no longer refuses the whole list.
    const keys = await queueLinks({ db }, lines.slice(1, 2), { channelKey: null, campaignKey: null });
    expect(keys).toHaveLength(1);
    await expect(queueLinks({ db }, lines.slice(0, 1), { channelKey: null, campaignKey: null })).rejects.toThrow();
    db.close();
  });

  it('lists at its line an address that is one of the account’s own short URLs, so the rest of the list goes', async () => {
    const db = freshDb();
    await at(db, 'https://example.com/made', 8, '2026-01-01 00:00:00');
    const lines = [
      { line: 1, url: 'https://example.com/fine' },
      { line: 2, url: 'https://sho.rt/a8' },
    ];
    const refused = await refusedHere(db, lines);
    expect(refused.map((p) => [p.line, p.text, readWords(p.reason)?.key])).toEqual([
      [2, 'https://sho.rt/a8', 'refusal.urlPointsBack'],
    ]);
    const keys = await queueLinks({ db }, lines.slice(0, 1), { channelKey: null, campaignKey: null });
    expect(keys).toHaveLength(1);
    db.close();
  });
});

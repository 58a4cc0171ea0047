import { describe, expect, it } from 'vitest';
import { bulkProgress, queueLinks } from '@/lib/bulk/queue';
import { planTabs, tabsBatch } from '@/lib/bulk/tabs';
import { withLinkWords } from '@/lib/kinds/link-row';
import { readWords } from '@/lib/words';
import { freshDb } from '../sync/db';

describe('shortening all tabs of a window', () => {
  it('takes web pages with their titles, reuses pages already shortened, and says why the others are left out', async () => {
    const db = freshDb();
    await db.links.add(
      withLinkWords({
        key: 's7',
        id: 7,
        sync: 'synced',
        pulledAt: 0,
        alias: 'seven',
        shorturl: 'https://sho.rt/seven',
        longurl: 'https://example.com/done?utm_source=newsletter',
        longurlKey: '',
        clicks: 0,
        title: '',
        description: '',
        date: '2026-01-01 00:00:00',
        campaignKey: null,
        domain: '',
        status: null,
        input: null,
        words: [],
      }),
    );
    const plan = await planTabs(db, [
      { url: 'https://example.com/a', title: ' Page A ', own: false, incognito: false },
      { url: 'https://example.com/done', title: 'Done before', own: false, incognito: false },
      { url: 'chrome://settings/', title: 'Settings', own: false, incognito: false },
      { url: 'about:blank', title: '', own: false, incognito: false },
      { url: 'file:///home/me/notes.txt', title: 'notes.txt', own: false, incognito: false },
      { url: 'chrome-extension://abc/popup.html', title: 'Linkpilot', own: true, incognito: false },
      { url: null, title: '', own: false, incognito: false },
      { url: 'https://example.com/a?fbclid=1', title: 'Page A again', own: false, incognito: false },
    ]);
    expect(plan.take).toEqual([{ url: 'https://example.com/a', title: 'Page A' }]);
    expect(plan.reuse.map((r) => [r.url, r.link.key])).toEqual([['https://example.com/done', 's7']]);
    expect(plan.skip.map((s) => [s.title, readWords(s.reason)])).toEqual([
      ['Settings', { key: 'notShortenable.browser', values: {} }],
      ['', { key: 'notShortenable.browser', values: {} }],
      ['notes.txt', { key: 'notShortenable.file', values: {} }],
      ['Linkpilot', { key: 'allTabs.skip.extension', values: {} }],
      ['', { key: 'allTabs.skip.unreadable', values: {} }],
      ['Page A again', { key: 'allTabs.skip.twice', values: {} }],
    ]);
    db.close();
  });

  it('counts only the tabs it shortened as shortened, not the one whose existing link it used', async () => {
    const db = freshDb();
    await db.links.add(
      withLinkWords({
        key: 's7',
        id: 7,
        sync: 'synced',
        pulledAt: 0,
        alias: 'seven',
        shorturl: 'https://sho.rt/seven',
        longurl: 'https://example.com/done',
        longurlKey: '',
        clicks: 0,
        title: '',
        description: '',
        date: '2026-01-01 00:00:00',
        campaignKey: null,
        domain: '',
        status: null,
        input: null,
        words: [],
      }),
    );
    const plan = await planTabs(
      db,
      ['https://example.com/a', 'https://example.com/b', 'https://example.com/done'].map((url) => ({
        url,
        title: 'Tab',
        own: false,
        incognito: false,
      })),
    );
    const keys = await queueLinks({ db }, tabsBatch(plan), { channelKey: null, campaignKey: null });
    expect(keys).toHaveLength(3);
    const reused = new Set(plan.reuse.map((r) => r.link.key));
    // Two to shorten (neither answered yet) and one used: "2 shortened", never "3" beside "1 existing used".
    expect(bulkProgress(await db.links.bulkGet(keys), reused)).toEqual({ done: 0, refused: 0, total: 2 });
    db.close();
  });

  it("shortens each tab's address whole: a comma in it never makes an alias or cuts the URL", async () => {
    const db = freshDb();
    const addresses = ['https://evil.example/,bank-login', 'https://example.com/page?tags=a,summer'];
    const plan = await planTabs(
      db,
      addresses.map((url) => ({ url, title: 'Tab', own: false, incognito: false })),
    );
    const batch = tabsBatch(plan);
    expect(batch).toEqual(addresses.map((url) => ({ url, title: 'Tab' })));
    const rows = await db.links.bulkGet(await queueLinks({ db }, batch, { channelKey: null, campaignKey: null }));
    expect(rows.map((r) => [r?.longurl, r?.alias])).toEqual(addresses.map((url) => [url, '']));
    const sent = (await db.outbox.toArray()).map(
      (e) => (e.payload as { input: { url: string; custom?: string } }).input,
    );
    expect(sent.map((p) => [p.url, p.custom])).toEqual(addresses.map((url) => [url, undefined]));
    db.close();
  });

  it("leaves a private window's tab out and says why, without looking its page up", async () => {
    const db = freshDb();
    const plan = await planTabs(db, [
      { url: 'https://example.com/public', title: 'Public', own: false, incognito: false },
      { url: 'https://example.com/private', title: 'Private', own: false, incognito: true },
    ]);
    expect(plan.take).toEqual([{ url: 'https://example.com/public', title: 'Public' }]);
    expect(plan.skip.map((s) => [s.title, readWords(s.reason)])).toEqual([
      ['Private', { key: 'allTabs.skip.private', values: {} }],
    ]);
    expect(tabsBatch(plan).map((l) => l.url)).toEqual(['https://example.com/public']);
    db.close();
  });
});

import { describe, expect, it } from 'vitest';
import { planTabs } from '@/lib/bulk/tabs';
import { withLinkWords } from '@/lib/db/rows';
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
      { url: 'https://example.com/a', title: ' Page A ', own: false },
      { url: 'https://example.com/done', title: 'Done before', own: false },
      { url: 'chrome://settings/', title: 'Settings', own: false },
      { url: 'about:blank', title: '', own: false },
      { url: 'file:///home/me/notes.txt', title: 'notes.txt', own: false },
      { url: 'chrome-extension://abc/popup.html', title: 'Linkpilot', own: true },
      { url: null, title: '', own: false },
      { url: 'https://example.com/a?fbclid=1', title: 'Page A again', own: false },
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
});

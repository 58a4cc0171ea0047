import { describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api/client';
import type { LinkpilotDb } from '@/lib/db/schema';
import { channel } from '@/lib/kinds/channel';
import { link } from '@/lib/kinds/link';
import { mergeRecords } from '@/lib/refresh/apply';
import * as actions from '@/lib/sync/actions';
import { claim } from '@/lib/sync/outbox';
import { sendEntry } from '@/lib/sync/send';
import { listOf } from '../../fixtures/fake-fetch';
import { freshDb } from '../sync/db';

const NOW = Date.UTC(2026, 10, 22, 12);

function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => {
    open = r;
  });
  return { p, open };
}

function service() {
  const channels: { id: number; name: string }[] = [];
  const links: { id: number; longurl: string }[] = [];
  let nextId = 10;
  const gates: Record<string, Promise<void>> = {};
  const reached: Record<string, () => void> = {};
  const fetchImpl: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const body = text ? JSON.parse(text) : undefined;
    const key = `${request.method} ${url.pathname}`;
    let answer: unknown;
    if (key === 'POST /api/channel/add') {
      const id = nextId++;
      channels.push({ id, name: body.name });
      answer = { error: 0, id, name: body.name, description: '', color: '#000000', starred: false };
    } else if (key === 'POST /api/url/add') {
      const id = nextId++;
      links.push({ id, longurl: body.url });
      answer = { error: 0, id };
    } else if (key === 'GET /api/channels') {
      answer = listOf(
        'channels',
        channels.map((c) => ({ ...c, description: '', color: '#000000', starred: false })),
        { perpage: 100 },
      );
    } else if (key === 'GET /api/urls') {
      answer = listOf(
        'urls',
        links.map((l) => ({
          id: l.id,
          alias: `a${l.id}`,
          shorturl: `https://s.test/a${l.id}`,
          longurl: l.longurl,
          clicks: 0,
          title: '',
          description: '',
          date: '2026-11-22 10:00:00',
        })),
        { perpage: 100 },
      );
    } else if (/^GET \/api\/url\/\d+$/.test(key)) {
      const id = Number(url.pathname.split('/').pop());
      answer = {
        error: 0,
        details: {
          id,
          shorturl: `https://s.test/a${id}`,
          longurl: links.find((l) => l.id === id)!.longurl,
          title: '',
          description: '',
          location: 0,
          device: 0,
          expiry: null,
          date: '2026-11-22 10:00:00',
        },
        data: {
          clicks: 0,
          uniqueClicks: 0,
          topCountries: 0,
          topReferrers: 0,
          topBrowsers: 0,
          topOs: 0,
          socialCount: 0,
        },
      };
    } else answer = { error: 1, message: 'no' };
    reached[key]?.();
    const g = gates[key];
    if (g) await g;
    return new Response(JSON.stringify(answer), {
      status: 200,
      headers: { 'X-RateLimit-Limit': '30', 'X-RateLimit-Remaining': '29', 'X-RateLimit-Reset': '60' },
    });
  };
  return {
    channels,
    links,
    gates,
    reached,
    lookAlikeChannel(name: string) {
      const id = nextId++;
      channels.push({ id, name });
      return id;
    },
    lookAlikeLink(url: string) {
      const id = nextId++;
      links.push({ id, longurl: url });
      return id;
    },
    api: createApiClient({ baseUrl: 'https://s.test', getApiKey: () => 'k', fetch: fetchImpl }),
  };
}

/** Our row is never flagged, each id is mirrored once, and the look-alike is flagged as a copy of ours. */
async function expectOneCopy(db: LinkpilotDb, table: 'channels' | 'links', ours: string, lookAlike: number) {
  const rows = await db.table(table).toArray();
  const ids = rows.map((r) => r.id);
  expect(new Set(ids).size, JSON.stringify(rows)).toBe(ids.length);
  expect(rows.find((r) => r.key === ours)?.twinOf).toBeUndefined();
  expect(rows.filter((r) => r.twinOf !== undefined).map((r) => [r.id, r.twinOf])).toEqual([[lookAlike, ours]]);
}

/**
 * Queues `create`, claims it and sends it until the request to `held` reaches the service, where it
 * waits: returns the record's key, its entry's seq, and how to let the request go and wait for the end.
 */
async function sendHeldAt(db: LinkpilotDb, s: ReturnType<typeof service>, held: string, create: () => Promise<string>) {
  const key = await create();
  const seq = (await db.outbox.toArray())[0]!.seq!;
  const entry = (await claim(db, seq, NOW))!;
  const g = gate();
  s.gates[held] = g.p;
  const reached = new Promise<void>((r) => {
    s.reached[held] = r;
  });
  const sending = sendEntry({ db, api: s.api, now: () => NOW + 5 }, entry);
  await reached;
  return {
    key,
    seq,
    answer: async () => {
      g.open();
      await sending;
    },
  };
}

describe('a create and a list page racing: only the look-alike is flagged', () => {
  it('a channel: a page read once the service made ours and its look-alike, merged before our answer is written', async () => {
    const db = freshDb();
    const s = service();
    const { key, answer } = await sendHeldAt(db, s, 'POST /api/channel/add', () =>
      actions.create({ db }, 'channel', { name: 'Look-alike' }),
    );
    const twin = s.lookAlikeChannel('Look-alike');
    const page = await s.api.listChannels({ page: 1, limit: 100 });
    await mergeRecords(db, channel.listing, page.items, NOW + 1, false);
    await answer();
    const page2 = await s.api.listChannels({ page: 1, limit: 100 });
    await mergeRecords(db, channel.listing, page2.items, NOW + 10, false);
    await expectOneCopy(db, 'channels', key, twin);
  });
  it('a channel: the same page merged after our answer is written', async () => {
    const db = freshDb();
    const s = service();
    const { key, answer } = await sendHeldAt(db, s, 'POST /api/channel/add', () =>
      actions.create({ db }, 'channel', { name: 'Look-alike' }),
    );
    const twin = s.lookAlikeChannel('Look-alike');
    const page = await s.api.listChannels({ page: 1, limit: 100 });
    await answer();
    await mergeRecords(db, channel.listing, page.items, NOW + 1, false);
    await expectOneCopy(db, 'channels', key, twin);
  });
  it('a link whose answer lacks its short URL: a page merged between the id and the end of its entry', async () => {
    const db = freshDb();
    const s = service();
    const { key, answer } = await sendHeldAt(db, s, 'GET /api/url/10', () =>
      actions.create({ db }, 'link', { input: { url: 'https://example.com/x' } }),
    );
    const twin = s.lookAlikeLink('https://example.com/x');
    const page = await s.api.listLinks({ page: 1, limit: 100, order: 'date' });
    await mergeRecords(db, link.listing, page.items, NOW + 1, false);
    await answer();
    const page2 = await s.api.listLinks({ page: 1, limit: 100, order: 'date' });
    await mergeRecords(db, link.listing, page2.items, NOW + 10, false);
    await expectOneCopy(db, 'links', key, twin);
  });
  it('a channel: a page whose merge did not see our create on the wire mirrors it, and the answer takes that row over', async () => {
    const db = freshDb();
    const s = service();
    const { key, seq, answer } = await sendHeldAt(db, s, 'POST /api/channel/add', () =>
      actions.create({ db }, 'channel', { name: 'Look-alike' }),
    );
    const page = await s.api.listChannels({ page: 1, limit: 100 });
    // As a merge whose read of the queue ran apart from its writes would see it: nothing on the wire.
    await db.outbox.update(seq, { state: 'pending' });
    await mergeRecords(db, channel.listing, page.items, NOW + 1, false);
    await db.outbox.update(seq, { state: 'inflight' });
    expect(await db.channels.where('id').equals(10).count()).toBe(1);
    await answer();
    const twin = s.lookAlikeChannel('Look-alike');
    await mergeRecords(db, channel.listing, (await s.api.listChannels({ page: 1, limit: 100 })).items, NOW + 10, false);
    await expectOneCopy(db, 'channels', key, twin);
    expect((await db.channels.get(key))?.id).toBe(10);
  });
});

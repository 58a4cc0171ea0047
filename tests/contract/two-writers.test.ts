import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkpilotDb } from '@/lib/db/schema';
import { createSyncEngine } from '@/lib/engine/engine';
import * as actions from '@/lib/sync/actions';
import { type RunningServer, startServer } from '../../server/start';

/**
 * Two writers on one account: this browser's queued changes against another client of the same
 * service (its web app, a phone) speaking the API directly meanwhile. Nothing the other writer set
 * is overwritten without the person being asked; nothing deleted comes back unasked.
 */
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ port: 0, db: ':memory:', rateLimit: 1000 });
});
afterAll(async () => {
  await server.close();
});

let n = 0;
/** A mirror of its own, pulled once, with the engine and a clock that can be moved on. */
async function browser() {
  const db = new LinkpilotDb(`two-writers-${++n}`);
  let offset = 0;
  const requests: string[] = [];
  const engine = createSyncEngine({
    db,
    now: () => Date.now() + offset,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
      return fetch(input, init);
    }) as typeof fetch,
    connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }),
  });
  await engine.requestPull();
  await engine.drain();
  return {
    db,
    engine,
    requests,
    /** Time passes: the mirror's rows are no longer confirmed lately. */
    later: () => {
      offset += 5 * 60_000;
    },
  };
}

/** The other writer: the API, as the service's web app uses it. */
async function other(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${server.apiKey}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

async function newLink(db: LinkpilotDb, url: string, engine: { drain(): Promise<unknown> }) {
  const key = await actions.create({ db }, 'link', { input: { url, metatitle: 'First title' } });
  await engine.drain();
  return { key, id: (await db.links.get(key))!.id! };
}

const serviceLink = async (id: number) => (await other('GET', `/api/url/${id}`)).details;
const channelAt = async (id: number) =>
  ((await other('GET', '/api/channels?limit=100')).data.channels as { id: number; name: string }[]).find(
    (c) => c.id === id,
  );

describe('a queued edit meets a change made elsewhere', () => {
  it('keeps a destination re-pointed elsewhere when only the title was edited here', async () => {
    const { db, engine, later } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/a', engine);
    await actions.update({ db }, 'link', key, { url: 'https://example.com/two-writers/a', metatitle: 'Mine' });
    await other('PUT', `/api/url/${id}/update`, { url: 'https://example.com/two-writers/re-pointed' });
    later();
    await engine.drain();
    const after = await serviceLink(id);
    expect(after.longurl).toBe('https://example.com/two-writers/re-pointed');
    expect(after.title).toBe('Mine');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toMatchObject({ longurl: after.longurl, title: 'Mine', sync: 'synced' });
  });

  it('holds a field changed on both sides as a conflict; "keep theirs" takes the service’s value', async () => {
    const { db, engine } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/b', engine);
    await actions.update({ db }, 'link', key, { url: 'https://example.com/two-writers/b', metatitle: 'Mine' });
    await other('PUT', `/api/url/${id}/update`, { url: 'https://example.com/two-writers/b', metatitle: 'Theirs' });
    await engine.drain();
    expect((await serviceLink(id)).title).toBe('Theirs');
    const [held] = await db.outbox.toArray();
    expect(held).toMatchObject({ state: 'failed', conflict: [{ field: 'metatitle', mine: 'Mine', theirs: 'Theirs' }] });
    expect((await db.links.get(key))?.sync).toBe('failed');
    await actions.settleConflict({ db }, held!.seq!, 'theirs');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toMatchObject({ title: 'Theirs', sync: 'synced' });
  });

  it('"keep mine" sends the person’s value over the other writer’s', async () => {
    const { db, engine } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/c', engine);
    await actions.update({ db }, 'link', key, { url: 'https://example.com/two-writers/c', metatitle: 'Mine' });
    await other('PUT', `/api/url/${id}/update`, { url: 'https://example.com/two-writers/c', metatitle: 'Theirs' });
    await engine.drain();
    const [held] = await db.outbox.toArray();
    await actions.settleConflict({ db }, held!.seq!, 'mine');
    await engine.drain();
    expect((await serviceLink(id)).title).toBe('Mine');
    expect(await db.outbox.count()).toBe(0);
  });

  it('never brings back a record deleted elsewhere while an edit of it waited', async () => {
    const { db, engine, later } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/d', engine);
    await actions.update({ db }, 'link', key, { url: 'https://example.com/two-writers/d', metatitle: 'Mine' });
    await other('DELETE', `/api/url/${id}/delete`);
    later();
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toBeUndefined();
    expect((await other('GET', `/api/url/${id}`)).error).toBe(1);
  });

  it('asks again before a queued delete of a link changed elsewhere since; "delete anyway" deletes it', async () => {
    const { db, engine, later } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/e', engine);
    await actions.remove({ db }, 'link', [key]);
    expect(await db.links.get(key)).toBeUndefined();
    await other('PUT', `/api/url/${id}/update`, { url: 'https://example.com/two-writers/e-moved' });
    later();
    await engine.drain();
    expect((await serviceLink(id)).longurl).toBe('https://example.com/two-writers/e-moved');
    const [held] = await db.outbox.toArray();
    expect(held).toMatchObject({ op: 'delete', state: 'failed' });
    expect(held!.conflict).toContainEqual({
      field: 'url',
      mine: 'https://example.com/two-writers/e',
      theirs: 'https://example.com/two-writers/e-moved',
    });
    // Shown again, as the service has it, where the person can decide.
    expect(await db.links.get(key)).toMatchObject({ longurl: 'https://example.com/two-writers/e-moved' });
    await actions.settleConflict({ db }, held!.seq!, 'mine');
    expect(await db.links.get(key)).toBeUndefined();
    await engine.drain();
    expect((await other('GET', `/api/url/${id}`)).error).toBe(1);
  });

  it('"keep it" gives a held delete up: the record stays as the service has it', async () => {
    const { db, engine, later } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/f', engine);
    await actions.remove({ db }, 'link', [key]);
    await other('PUT', `/api/url/${id}/update`, { url: 'https://example.com/two-writers/f', metatitle: 'Renamed' });
    later();
    await engine.drain();
    const [held] = await db.outbox.toArray();
    await actions.settleConflict({ db }, held!.seq!, 'theirs');
    await engine.drain();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toMatchObject({ title: 'Renamed', sync: 'synced' });
    expect((await serviceLink(id)).title).toBe('Renamed');
  });

  it('sends only what changed for a channel, keeping a colour changed elsewhere', async () => {
    const { db, engine, later } = await browser();
    const key = await actions.create({ db }, 'channel', { name: 'Two writers', color: '#111111' });
    await engine.drain();
    const id = (await db.channels.get(key))!.id!;
    await actions.update({ db }, 'channel', key, { name: 'Renamed here' });
    await other('PUT', `/api/channel/${id}/update`, { color: '#222222' });
    later();
    await engine.drain();
    expect(await channelAt(id)).toMatchObject({ name: 'Renamed here', color: '#222222' });
    expect(await db.channels.get(key)).toMatchObject({ name: 'Renamed here', color: '#222222', sync: 'synced' });
  });

  it('reads a row confirmed lately before sending an edit that waited in the queue meanwhile', async () => {
    const { db, engine, requests } = await browser();
    const key = await actions.create({ db }, 'channel', { name: 'Waited', color: '#111111' });
    await engine.drain();
    const id = (await db.channels.get(key))!.id!;
    // Confirmed by the create's answer a moment ago; the edit waits (offline, a stopped worker) while
    // the other writer renames it, and goes within the minute the row counts as confirmed.
    const edited = Date.now();
    await actions.update({ db, now: () => edited }, 'channel', key, { name: 'Mine' });
    await db.channels.update(key, { pulledAt: edited });
    await other('PUT', `/api/channel/${id}/update`, { name: 'Theirs' });
    const sent = edited + 20_000;
    const [queued] = await db.outbox.toArray();
    await db.outbox.update(queued!.seq!, { notBefore: sent });
    const engineLater = createSyncEngine({
      db,
      now: () => sent,
      fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      }) as typeof fetch,
      connection: async () => ({ baseUrl: server.url, apiKey: server.apiKey }),
    });
    requests.length = 0;
    await engineLater.drain();
    expect(requests[0]).toMatch(/^GET \/api\/channels/);
    expect((await channelAt(id))?.name).toBe('Theirs');
    expect((await db.outbox.get(queued!.seq!))?.conflict).toEqual([{ field: 'name', mine: 'Mine', theirs: 'Theirs' }]);
  });

  it('reads the record before every edit, even one sent at once over a row just confirmed', async () => {
    const { db, engine, requests } = await browser();
    const key = await actions.create({ db }, 'channel', { name: 'Fresh', color: '#111111' });
    await engine.drain();
    await actions.update({ db }, 'channel', key, { name: 'Fresh and renamed' });
    requests.length = 0;
    await engine.drain();
    // The API has no version to send with a write: only a read tells what the service holds now.
    expect(requests).toEqual([
      expect.stringMatching(/^GET \/api\/channels$/),
      expect.stringMatching(/^PUT \/api\/channel\/\d+\/update$/),
    ]);
  });

  it('a discarded edit puts back what the service holds now, not what this browser saw before', async () => {
    const { db, engine } = await browser();
    const { key, id } = await newLink(db, 'https://example.com/two-writers/g', engine);
    await actions.update({ db }, 'link', key, { url: 'https://example.com/two-writers/g', metatitle: 'Mine' });
    await other('PUT', `/api/url/${id}/update`, { url: 'https://example.com/two-writers/g', metatitle: 'Theirs' });
    await engine.drain();
    const [held] = await db.outbox.toArray();
    await actions.discardChange({ db }, held!.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toMatchObject({ title: 'Theirs', sync: 'synced' });
  });

  it('holds a channel delete when the channel was renamed elsewhere since; "keep it" keeps it', async () => {
    const { db, engine, later } = await browser();
    const key = await actions.create({ db }, 'channel', { name: 'To delete', color: '#111111' });
    await engine.drain();
    const id = (await db.channels.get(key))!.id!;
    await actions.remove({ db }, 'channel', [key]);
    await other('PUT', `/api/channel/${id}/update`, { name: 'Renamed there' });
    later();
    await engine.drain();
    expect((await channelAt(id))?.name).toBe('Renamed there');
    const [held] = await db.outbox.toArray();
    expect(held).toMatchObject({
      op: 'delete',
      conflict: [{ field: 'name', mine: 'To delete', theirs: 'Renamed there' }],
    });
    expect(await db.channels.get(key)).toMatchObject({ name: 'Renamed there', sync: 'failed' });
    await actions.settleConflict({ db }, held!.seq!, 'theirs');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.channels.get(key)).toMatchObject({ name: 'Renamed there', sync: 'synced' });
  });
});

import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import { errorInWords, problemInWords } from '@/lib/browser/problems-in-words';
import { createSyncEngine } from '@/lib/engine/engine';
import type { OwnReport } from '@/lib/messages/reports';
import * as actions from '@/lib/sync/actions';
import type { Claimed } from '@/lib/sync/outbox';
import { freshDb } from '../sync/db';
import { engineFor, fakeService, NO_STATS, page } from '../sync/fake-service';
import { linkRecord, minute, pagedService, type Records } from '../sync/paged-service';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('the drain', () => {
  it('sends creates before what depends on them, rewriting local keys into server ids', async () => {
    const db = freshDb();
    let nextId = 100;
    const service = fakeService(({ path, body }) => {
      if (path === '/api/channel/add')
        return {
          body: { error: 0, id: nextId++, name: body?.name, description: '', color: '#000000', starred: false },
        };
      if (path === '/api/url/add') return { body: { error: 0, id: nextId++, shorturl: 'https://s.test/abc' } };
      if (path.includes('/assign/')) return { body: { error: 0, message: 'ok' } };
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const ctx = { db };
    const link = await actions.create(ctx, 'link', { input: { url: 'https://example.com/x' } });
    const channel = await actions.create(ctx, 'channel', { name: 'Later' });
    await actions.create(ctx, 'channelItem', { channelKey: channel, item: { type: 'links', key: link } });

    const report = await engineFor(db, service).drain();
    expect(report.sent).toBe(3);
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/url/add',
      'POST /api/channel/add',
      'POST /api/channel/101/assign/links/100',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(link)).toMatchObject({
      id: 100,
      shorturl: 'https://s.test/abc',
      alias: 'abc',
      sync: 'synced',
    });
    expect((await db.channelItems.toArray())[0]).toMatchObject({ itemId: 100, sync: 'synced' });
  });

  it('a refused change is marked failed with the message, and does not block unrelated changes', async () => {
    const db = freshDb();
    const service = fakeService(({ path }) => {
      if (path === '/api/domain/add') return { status: 400, body: { error: 1, message: 'domain: already registered' } };
      if (path === '/api/campaign/add')
        return {
          body: { error: 0, id: 7, domain: 'Spring', public: false, rotator: false, list: 'https://s.test/campaign/7' },
        };
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const domain = await actions.create({ db }, 'domain', { domain: 'https://go.test' });
    const campaign = await actions.create({ db }, 'campaign', { name: 'Spring' });
    const report = await engineFor(db, service).drain();
    expect(report).toMatchObject({ sent: 1, failed: 1 });
    const [failed] = await db.outbox.toArray();
    expect(failed).toMatchObject({
      state: 'failed',
      error: { kind: 'validation', serverMessage: 'domain: already registered', field: 'domain' },
    });
    expect((await db.domains.get(domain))?.sync).toBe('failed');
    expect(await db.campaigns.get(campaign)).toMatchObject({
      id: 7,
      sync: 'synced',
      list: 'https://s.test/campaign/7',
    });
  });

  it('after a create whose answer was lost, it finds the record instead of creating it twice', async () => {
    const db = freshDb();
    let created = 0;
    const service = fakeService(({ method, path, query }) => {
      if (method === 'POST' && path === '/api/url/add') {
        created += 1;
        return new TypeError('Failed to fetch');
      }
      if (path === '/api/urls' && query.get('q')) {
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 50,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              urls: [
                {
                  id: 55,
                  alias: 'zz',
                  shorturl: 'https://s.test/zz',
                  longurl: 'https://example.com/lost',
                  clicks: 0,
                  title: '',
                  description: '',
                  date: '2026-11-22 12:00:00',
                },
              ],
            },
          },
        };
      }
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/lost' } });
    const clock = { t: Date.now() };
    const engine = engineFor(db, service, clock);
    // The lost answer makes the create ambiguous; the retry looks before it sends again.
    await engine.drain();
    expect(created).toBe(1);
    expect(await db.links.get(key)).toMatchObject({ id: 55, shorturl: 'https://s.test/zz', sync: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a garbled answer to a create is tried again after a look-up, and the record is adopted, not made twice', async () => {
    const db = freshDb();
    let created = 0;
    const service = fakeService(({ method, path }) => {
      if (method === 'POST' && path === '/api/channel/add') {
        created += 1;
        return { raw: '{"error":0,"id":7,"na' };
      }
      if (method === 'GET' && path === '/api/channels')
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 100,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              channels: [{ id: 7, name: 'Garbled', description: '', color: '#112233', starred: false }],
            },
          },
        };
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const key = await actions.create({ db }, 'channel', { name: 'Garbled' });
    await engineFor(db, service).drain();
    expect(created).toBe(1);
    expect((await db.channels.get(key))?.id).toBe(7);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an answer unreadable four times in a row is shown as refused, with its message, instead of tried forever', async () => {
    const db = freshDb();
    const service = fakeService(({ method, path }) => {
      if (method === 'PUT' && path === '/api/channel/7/update') return { raw: '<html>proxy login</html>' };
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    await db.channels.put({
      key: 's000000000000007',
      id: 7,
      name: 'Old',
      description: '',
      color: '#112233',
      starred: false,
      sync: 'synced',
      // Confirmed lately: the edit goes without a read first (lib/sync/rebase.ts).
      pulledAt: Date.now(),
    } as never);
    await actions.update({ db }, 'channel', 's000000000000007', { name: 'New' });
    await engineFor(db, service).drain();
    expect(service.requests.filter((r) => r.path === '/api/channel/7/update')).toHaveLength(4);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'failed', error: { kind: 'bad-response' } });
    expect(problemInWords(entry!.error!.message)).toBe('The service sent an answer Linkpilot cannot read.');
  });

  it('an adopted record gets the edits folded into its create after the first send', async () => {
    const db = freshDb();
    const service = fakeService(({ method, path }) => {
      if (method === 'GET' && path === '/api/channels')
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 100,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              channels: [{ id: 9, name: 'Edited', description: '', color: '#112233', starred: false }],
            },
          },
        };
      if (method === 'PUT' && path === '/api/channel/9/update')
        return { body: { error: 0, message: 'Channel has been updated successfully.' } };
      return { status: 500, body: { error: 1, message: 'should not be sent' } };
    });
    const key = await actions.create({ db }, 'channel', { name: 'Edited', color: '#112233' });
    await db.outbox.toCollection().modify({ ambiguous: true });
    await actions.update({ db }, 'channel', key, { description: 'added later' });
    await engineFor(db, service).drain();
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /api/channels',
      'PUT /api/channel/9/update',
    ]);
    expect(service.requests[1]!.body).toEqual({ description: 'added later' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('an entry left in flight by a stopped worker is treated as ambiguous on the next start', async () => {
    const db = freshDb();
    const service = fakeService(({ method, path }) => {
      if (method === 'GET' && path === '/api/channels')
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 100,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              channels: [{ id: 9, name: 'Crash', description: '', color: '#112233', starred: false }],
            },
          },
        };
      return { status: 500, body: { error: 1, message: 'should not be sent' } };
    });
    const key = await actions.create({ db }, 'channel', { name: 'Crash' });
    await db.outbox.toCollection().modify({ state: 'inflight' });
    await engineFor(db, service).drain();
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/channels']);
    expect((await db.channels.get(key))?.id).toBe(9);
  });

  it('a create whose id was recorded before the worker stopped is not made again: its fields follow as an update', async () => {
    const db = freshDb();
    const service = fakeService(({ method, path }) => {
      if (method === 'PUT' && path === '/api/channel/12/update') return { body: { error: 0, message: 'updated' } };
      // Our own record is listed (and mirrored here): a look-up would pass it over and create anew.
      if (method === 'GET' && path === '/api/channels')
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 100,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              channels: [{ id: 12, name: 'Made', description: '', color: '#112233', starred: false }],
            },
          },
        };
      return { status: 500, body: { error: 1, message: 'should not be sent' } };
    });
    const key = await actions.create({ db }, 'channel', { name: 'Made', description: 'folded in' });
    await db.channels.update(key, { id: 12 });
    await db.outbox.toCollection().modify((e) => {
      e.state = 'inflight';
      e.ids = { ...e.ids, [key]: 12 };
    });
    const report = await engineFor(db, service).drain();
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /api/channel/12/update']);
    expect(service.requests[0]!.body).toMatchObject({ name: 'Made', description: 'folded in' });
    expect((await db.channels.get(key))?.id).toBe(12);
  });

  it('a link whose create answer lacks the short URL keeps its id first: a failed follow-up never makes it twice', async () => {
    const db = freshDb();
    const stats = NO_STATS;
    let detailAsks = 0;
    const service = fakeService(({ method, path }) => {
      if (method === 'POST' && path === '/api/url/add') return { body: { error: 0, id: 41 } };
      if (method === 'GET' && path === '/api/url/41') {
        detailAsks += 1;
        if (detailAsks === 1) return { status: 500, body: { error: 1, message: 'Internal server error.' } };
        return {
          body: {
            error: 0,
            details: {
              id: 41,
              shorturl: 'https://s.test/abc',
              longurl: 'https://example.com/follow-up',
              title: '',
              description: '',
              location: 0,
              device: 0,
              expiry: null,
              date: '2026-11-22 10:00:00',
            },
            data: stats,
          },
        };
      }
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/follow-up' } });
    const report = await engineFor(db, service).drain();
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    expect(service.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    expect(await db.links.get(key)).toMatchObject({ id: 41, shorturl: 'https://s.test/abc', alias: 'abc' });
  });

  it('a create left in flight is looked for only once its request must have ended on the service', async () => {
    const db = freshDb();
    const clock = { t: Date.now() };
    const lookups: number[] = [];
    const service = fakeService(({ method, path }) => {
      if (method === 'GET' && path === '/api/channels') {
        lookups.push(clock.t);
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 100,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              channels: [{ id: 9, name: 'Late', description: '', color: '#112233', starred: false }],
            },
          },
        };
      }
      return { status: 500, body: { error: 1, message: 'should not be sent' } };
    });
    await actions.create({ db }, 'channel', { name: 'Late' });
    const sentAt = clock.t;
    await db.outbox.toCollection().modify({ state: 'inflight', sentAt });
    await engineFor(db, service, clock).drain();
    // The engine's default timeout is 15 s: nothing is asked before 30 s after the send.
    expect(lookups).toHaveLength(1);
    expect(lookups[0]! - sentAt).toBeGreaterThanOrEqual(30_000);
    expect(service.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['ours (same long URL): adopted', 'https://example.com/mine', { sent: 1, failed: 0 }],
    ["someone else's (another long URL): refused", 'https://example.com/other', { sent: 0, failed: 1 }],
  ])('a create refused at once as "alias taken" looks for the alias: %s', async (_name, longurl, outcome) => {
    const db = freshDb();
    const stats = NO_STATS;
    const service = fakeService(({ method, path, query }) => {
      // The browser resent the POST after a dropped connection: the first copy made the link.
      if (method === 'POST' && path === '/api/url/add')
        return { status: 400, body: { error: 1, message: 'custom: alias is already taken' } };
      if (method === 'GET' && path === '/api/urls' && query.get('short') === 'mine') {
        return {
          body: {
            error: 0,
            details: {
              id: 31,
              shorturl: 'https://s.test/mine',
              longurl,
              title: '',
              description: '',
              location: 0,
              device: 0,
              expiry: null,
              date: '2026-11-22 10:00:00',
            },
            data: stats,
          },
        };
      }
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/mine', custom: 'mine' } });
    const report = await engineFor(db, service).drain();
    expect(report).toMatchObject(outcome);
    expect((await db.links.get(key))?.id).toBe(outcome.sent ? 31 : null);
  });

  it('a domain refused as taken stays refused when the one found is already mirrored here under another record', async () => {
    const db = freshDb();
    const service = fakeService(({ method, path }) => {
      if (method === 'GET' && path === '/api/domains')
        return {
          body: {
            error: '0',
            data: {
              result: 1,
              perpage: 100,
              currentpage: 1,
              nextpage: 0,
              maxpage: 1,
              domains: [{ id: 4, domain: 'https://go.example.com', redirectroot: '', redirect404: '' }],
            },
          },
        };
      if (method === 'POST' && path === '/api/domain/add')
        return { status: 400, body: { error: 1, message: 'domain: is already registered' } };
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    // Queued before the pull brought the other (the mirror refuses a domain it already holds).
    const key = await actions.create({ db }, 'domain', { domain: 'https://go.example.com' });
    await db.domains.put({
      key: 's000000000000004',
      id: 4,
      sync: 'synced',
      pulledAt: 1,
      domain: 'https://go.example.com',
      redirectroot: '',
      redirect404: '',
    });
    const report = await engineFor(db, service).drain();
    expect(report).toMatchObject({ sent: 0, failed: 1 });
    expect((await db.domains.get(key))?.id).toBeNull();
    expect((await db.outbox.toArray())[0]).toMatchObject({
      state: 'failed',
      error: { serverMessage: 'domain: is already registered', field: 'domain', message: 'refusal.domainRegistered' },
    });
  });

  it('an ambiguous create refused as taken is adopted when the look-up now finds it', async () => {
    const db = freshDb();
    let listed = 0;
    const service = fakeService(({ method, path }) => {
      if (method === 'GET' && path === '/api/domains') {
        listed += 1;
        // The first look-up runs before the earlier send has finished on the service.
        const domains =
          listed === 1 ? [] : [{ id: 4, domain: 'https://go.example.com', redirectroot: '', redirect404: '' }];
        return {
          body: {
            error: '0',
            data: { result: domains.length, perpage: 100, currentpage: 1, nextpage: 0, maxpage: 1, domains },
          },
        };
      }
      if (method === 'POST' && path === '/api/domain/add')
        return { status: 400, body: { error: 1, message: 'domain: is already registered' } };
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const key = await actions.create({ db }, 'domain', { domain: 'https://go.example.com' });
    await db.outbox.toCollection().modify({ ambiguous: true });
    const report = await engineFor(db, service).drain();
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    expect((await db.domains.get(key))?.id).toBe(4);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a 429 waits for Retry-After before the entry is tried again', async () => {
    const db = freshDb();
    let calls = 0;
    const service = fakeService(() => {
      calls += 1;
      if (calls === 1)
        return {
          status: 429,
          body: { error: 1, message: 'slow down' },
          headers: { 'Retry-After': '5', 'X-RateLimit-Remaining': '0' },
        };
      return { body: { error: 0, id: 3, name: 'A', description: '', color: '#000000', starred: false } };
    });
    const clock = { t: Date.now() };
    const started = clock.t;
    await actions.create({ db }, 'channel', { name: 'A' });
    const report = await engineFor(db, service, clock).drain();
    expect(report.sent).toBe(1);
    expect(calls).toBe(2);
    expect(clock.t - started).toBeGreaterThanOrEqual(5_000);
  });

  it('sends nothing while offline and asks to be woken', async () => {
    const db = freshDb();
    const service = fakeService(() => ({ body: {} }));
    await actions.create({ db }, 'channel', { name: 'Offline' });
    const woken: number[] = [];
    const engine = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      fetch: service.fetch,
      isOnline: () => false,
      wakeAt: (t) => woken.push(t),
    });
    const report = await engine.drain();
    expect(report.sent).toBe(0);
    expect(service.requests).toHaveLength(0);
    expect(woken).toHaveLength(1);
  });
});

describe('a change put back in the queue', () => {
  it('below where a running drain looks (a refusal corrected, a conflict settled): goes when asked, not when that drain ends', async () => {
    const db = freshDb();
    let domainTries = 0;
    let domainMade = false;
    const service = fakeService(({ method, path }) => {
      // Nothing made yet, as the look-up after an unanswered create finds.
      if (method === 'GET') return page(path.split('/').pop() ?? '', []);
      if (path === '/api/domain/add') {
        domainTries++;
        if (domainTries === 1) return { status: 400, body: { error: 1, message: 'domain: already registered' } };
        domainMade = true;
        return { body: { error: 0, id: 4, domain: 'https://go.test', redirectroot: '', redirect404: '' } };
      }
      // The channel keeps failing until the domain has gone: the drain waits for its backoff, and looks again.
      if (path === '/api/channel/add' && !domainMade) return { status: 500, body: { error: 1, message: 'down' } };
      return { body: { error: 0, id: 9, name: 'Later', description: '', color: null, starred: false } };
    });
    const clock = { t: Date.now() };
    const engine = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      fetch: service.fetch,
      now: () => clock.t,
      // Virtual time, a few real milliseconds a wait: the drain runs on while the test acts.
      sleep: async (ms) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        clock.t += ms;
      },
      random: () => 0.5,
    });
    await actions.create({ db }, 'domain', { domain: 'https://go.test' });
    await actions.create({ db }, 'channel', { name: 'Later' });
    const running = engine.drain();
    await vi.waitFor(() =>
      expect(service.sent().filter((r) => r === 'POST /api/channel/add').length).toBeGreaterThan(1),
    );
    const [refused] = await db.outbox.where('state').equals('failed').toArray();
    expect(refused).toMatchObject({ kind: 'domain' });
    // Put back as a page puts it back, and the worker asked to send it.
    await db.outbox.update(refused!.seq!, { state: 'pending', error: null, attempts: 0, notBefore: clock.t });
    await engine.drain();
    await vi.waitFor(() => expect(domainTries).toBe(2), { timeout: 2_000 });
    await running;
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('one drain at a time', () => {
  it('a drain asked for while the last one lets go of its lock is run by that one, not lost', async () => {
    const db = freshDb();
    const service = fakeService(({ path, body }) =>
      path === '/api/channel/add'
        ? { body: { error: 0, id: 7, name: body?.name, description: '', color: '#000000', starred: false } }
        : { status: 404, body: { error: 1, message: 'no route' } },
    );
    // A lock let go of a moment after its holder's work ends, as navigator.locks does.
    let busy = false;
    let letGo = () => {};
    let lettingGo = () => {};
    const inReleaseWindow = new Promise<void>((resolve) => {
      lettingGo = resolve;
    });
    const gate = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    const exclusive = async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
      if (busy) return undefined;
      busy = true;
      const result = await fn();
      lettingGo();
      await gate;
      busy = false;
      return result;
    };
    const engine = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      fetch: service.fetch,
      exclusive,
    });
    const first = engine.drain();
    await inReleaseWindow;
    await actions.create({ db }, 'channel', { name: 'Queued as the drain ended' });
    await engine.drain();
    letGo();
    const report = await first;
    expect(service.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/channel/add']);
    expect(report.sent).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('outbox before pull', () => {
  it('when the service is back, a change held back while it was out of reach goes before the refresh', async () => {
    const db = freshDb();
    let down = true;
    const service = fakeService(({ method, path }) => {
      if (down) return new TypeError('Failed to fetch');
      if (method === 'POST' && path === '/api/url/add')
        return { body: { error: 0, id: 41, shorturl: 'https://s.test/a' } };
      if (path === '/api/account') return { body: { error: 0, data: { id: 1, email: 'a@b.test' } } };
      return page(path === '/api/overlay' ? 'cta' : (path.split('/').pop() ?? ''), []);
    });
    const clock = { t: Date.now() };
    const engine = engineFor(db, service, clock);
    await actions.create({ db }, 'link', { input: { url: 'https://example.com/while-away' } });
    const away = await engine.drain();
    expect(away).toMatchObject({ sent: 0, failed: 0 });
    // The first send may have reached the service: the tries after it look for the link first.
    expect(service.sent()).toEqual(['POST /api/url/add', 'GET /api/urls', 'GET /api/urls']);
    expect(away.wakeAt).toBeGreaterThan(clock.t);

    // The service is back, and the periodic refresh starts before the change's backoff has passed.
    down = false;
    service.requests.length = 0;
    await engine.requestPull();
    const back = await engine.drain();
    expect(back.sent).toBe(1);
    expect(service.sent().slice(0, 3)).toEqual(['GET /api/urls', 'POST /api/url/add', 'GET /api/account']);
  });

  it('while the service stays out of reach, the refresh does not retry the change in a loop', async () => {
    const db = freshDb();
    const service = fakeService(() => new TypeError('Failed to fetch'));
    await actions.create({ db }, 'link', { input: { url: 'https://example.com/still-away' } });
    const engine = engineFor(db, service);
    await engine.requestPull();
    const report = await engine.drain();
    expect(report.wakeAt).not.toBeNull();
    // One try of the change (held back, it is what tells whether the service is back), then one of the pull.
    expect(service.sent()).toEqual(['POST /api/url/add', 'GET /api/account']);
  });
});

describe('interactive reads', () => {
  it('fail at once with a rate-limited error when the budget is spent, instead of waiting', async () => {
    const db = freshDb();
    const service = fakeService(() => ({
      body: { error: 0, data: { id: 1, email: 'a@b.test' } },
      headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '40' },
    }));
    const engine = engineFor(db, service);
    await engine.interactive((api) => api.getAccount());
    const error = await engine.interactive((api) => api.getAccount()).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'rate-limited' });
    expect(errorInWords(error, '')).toMatch(/^This minute's API allowance is used up; try again in \d+ s\.$/);
    expect(service.requests).toHaveLength(1);
  });
});

describe('a spent budget with a distant reset', () => {
  it('stops the drain and asks to be woken at the reset, leaving the next change untouched', async () => {
    const db = freshDb();
    let id = 1;
    const service = fakeService(() => ({
      body: { error: 0, id: id++, name: 'x', description: '', color: '#000000', starred: false },
      headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '120' },
    }));
    await actions.create({ db }, 'channel', { name: 'First' });
    await actions.create({ db }, 'channel', { name: 'Second' });
    const clock = { t: Date.now() };
    const report = await engineFor(db, service, clock).drain();
    expect(report.sent).toBe(1);
    expect(service.requests).toHaveLength(1);
    expect(report.wakeAt).toBe(clock.t + 120_000);
    expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'pending', ambiguous: false, attempts: 0 });
  });
});

describe('background refresh in the drain', () => {
  it('the reconcile walk resumes where a stopped worker left it, and never starts over from the first list', async () => {
    const db = freshDb();
    const lists: Record<string, Records> = { urls: range(1, 500).map((id) => linkRecord(id, minute(id))) };
    const service = pagedService(lists);
    const clock = { t: Date.UTC(2026, 10, 22, 12) };
    const first = engineFor(db, service, clock);
    await first.requestPull();
    await first.drain();
    service.requests.length = 0;
    const walkPages = () =>
      service.requests
        .filter((r) => r.path === '/api/urls' && new URLSearchParams(r.query).get('page') !== '1')
        .map((r) => Number(new URLSearchParams(r.query).get('page')));
    // Wake up as the worker would (each drain asks for its next wake-up), until the walk is on page 3 of the links.
    for (let i = 0; i < 500 && !walkPages().includes(3); i++) {
      const { wakeAt } = await first.drain();
      clock.t = Math.max(clock.t + 1, wakeAt ?? clock.t + 60_000);
    }
    expect(walkPages()).toEqual([2, 3]);
    // A new worker with the same IndexedDB.
    const second = engineFor(db, service, clock);
    for (let i = 0; i < 500 && !walkPages().includes(5); i++) {
      const { wakeAt } = await second.drain();
      clock.t = Math.max(clock.t + 1, wakeAt ?? clock.t + 60_000);
    }
    expect(walkPages()).toEqual([2, 3, 4, 5]);
    expect(await db.links.count()).toBe(500);
    // Dozens of drains over 500 mirrored links: seconds on a loaded machine.
  }, 60_000);

  it('a change queued while the walk waits for the budget goes at once, not after the wait', async () => {
    const db = freshDb();
    let tight = true;
    const service = fakeService(({ method, path }) => {
      // Another tool on the key has left two requests until the reset; after the change, plenty.
      if (method === 'POST') tight = false;
      const headers = { 'X-RateLimit-Remaining': tight ? '2' : '25', 'X-RateLimit-Reset': '20' };
      if (method === 'POST') {
        return { body: { error: 0, id: 3, name: 'Now', description: '', color: null, starred: false }, headers };
      }
      if (path === '/api/account') return { body: { error: 0, data: { id: 1, email: 'a@b.test' } }, headers };
      return { ...page(path === '/api/overlay' ? 'cta' : (path.split('/').pop() ?? ''), []), headers };
    });
    const engine = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      fetch: service.fetch,
    });
    await engine.requestPull();
    const walking = engine.drain();
    // The walk has sent its first request and now waits 20 s for the budget.
    await vi.waitFor(() => expect(service.requests).toHaveLength(1));
    const queued = Date.now();
    await actions.create({ db }, 'channel', { name: 'Now' });
    await engine.drain();
    await vi.waitFor(() => expect(service.sent()).toContain('POST /api/channel/add'), { timeout: 2_000 });
    expect(Date.now() - queued).toBeLessThan(2_000);
    await walking;
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('a connection removed while its change waits to be sent', () => {
  it('sends nothing once it is gone: not with its old key, not to its old service', async () => {
    const db = freshDb();
    let reads = 0;
    const service = fakeService(() => ({ body: { error: 0, id: 3, name: 'One', description: '', color: null } }));
    const engine = createSyncEngine({
      db,
      // The drain picks the change with the connection it read; the person removes it before the
      // request leaves (while it waited for the allowance, say).
      connection: async () => (++reads === 1 ? { baseUrl: 'https://s.test', apiKey: 'old-key' } : null),
      fetch: service.fetch,
    });
    await actions.create({ db }, 'channel', { name: 'One' });
    await engine.drain();
    expect(reads).toBeGreaterThan(1);
    expect(service.sent()).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => [e.state, e.error])).toEqual([['pending', null]]);
  });

  /** A connection read from a store that says whether it changed since (as the worker's does). */
  function toldConnection() {
    const told = { reads: 0, changes: 0, removed: false };
    const connection = async () => {
      told.reads += 1;
      const seen = told.changes;
      return told.removed ? null : { baseUrl: 'https://s.test', apiKey: 'k', unchanged: () => told.changes === seen };
    };
    return { told, connection };
  }
  const channelService = () =>
    fakeService(() => ({ body: { error: 0, id: 3, name: 'One', description: '', color: null } }));

  it('is read again before a request only when it may have changed', async () => {
    const asBefore = channelService();
    let readsAsBefore = 0;
    const dbBefore = freshDb();
    const before = createSyncEngine({
      db: dbBefore,
      connection: async () => {
        readsAsBefore += 1;
        return { baseUrl: 'https://s.test', apiKey: 'k' };
      },
      fetch: asBefore.fetch,
    });
    await actions.create({ db: dbBefore }, 'channel', { name: 'One' });
    await before.drain();

    const service = channelService();
    const { told, connection } = toldConnection();
    const db = freshDb();
    const engine = createSyncEngine({ db, connection, fetch: service.fetch });
    await actions.create({ db }, 'channel', { name: 'One' });
    await engine.drain();
    expect(service.sent().length).toBeGreaterThan(0);
    expect(service.sent()).toEqual(asBefore.sent());
    // One read fewer for every request that went: the connection was known not to have changed.
    expect(readsAsBefore - told.reads).toBe(service.sent().length);
    expect(await db.outbox.count()).toBe(0);
  });

  it('removed after it was read (the change told) sends nothing, as when every request read it again', async () => {
    const db = freshDb();
    const service = channelService();
    const { told, connection } = toldConnection();
    const engine = createSyncEngine({
      db,
      connection: async () => {
        const read = await connection();
        if (told.reads === 1) {
          told.removed = true;
          told.changes += 1;
        }
        return read;
      },
      fetch: service.fetch,
    });
    await actions.create({ db }, 'channel', { name: 'One' });
    await engine.drain();
    expect(told.reads).toBeGreaterThan(1);
    expect(service.sent()).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => [e.state, e.error])).toEqual([['pending', null]]);
  });
});

describe("the person's own change", () => {
  /** What a page hands to the worker: the entries its action queued claimed. */
  function handOver() {
    const list: Claimed[] = [];
    return { list, claimed: (entry: Claimed) => void list.push(entry) };
  }

  /** A service whose answers to requests matching `held` wait until `release` is called. */
  function heldService(held: (method: string, path: string) => boolean) {
    const service = fakeService(({ method, path }) => {
      if (method === 'POST' && path === '/api/url/add')
        return { body: { error: 0, id: 7, shorturl: 'https://s.test/own' } };
      if (path === '/api/account') return { body: { error: 0, data: { id: 1, email: 'a@b.test' } } };
      return page(path === '/api/overlay' ? 'cta' : (path.split('/').pop() ?? ''), []);
    });
    const gates: (() => void)[] = [];
    const fetch: typeof globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (held(request.method, new URL(request.url).pathname)) await new Promise<void>((r) => gates.push(r));
      return service.fetch(input, init);
    };
    const release = () => {
      for (const open of gates.splice(0)) open();
    };
    const waiting = () => gates.length;
    return { service, fetch, release, waiting };
  }
  const engineWith = (db: ReturnType<typeof freshDb>, fetch: typeof globalThis.fetch) =>
    createSyncEngine({ db, connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }), fetch });

  it('goes at once while the drain waits for a refresh answer, and goes once', async () => {
    const db = freshDb();
    const held = heldService((method) => method === 'GET');
    const engine = engineWith(db, held.fetch);
    await engine.requestPull();
    const walking = engine.drain();
    await vi.waitFor(() => expect(held.waiting()).toBe(1));
    const own = handOver();
    const key = await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/own' },
    });
    const report = await engine.sendOwn(own.list);
    // Answered while the refresh request is still unanswered, and written after.
    expect(report.made[key]).toEqual({ id: 7, shorturl: 'https://s.test/own' });
    expect(held.waiting()).toBe(1);
    await vi.waitFor(async () =>
      expect(await db.links.get(key)).toMatchObject({ id: 7, shorturl: 'https://s.test/own', sync: 'synced' }),
    );
    held.release();
    const release = setInterval(held.release, 5);
    await walking;
    clearInterval(release);
    expect(held.service.sent().filter((r) => r === 'POST /api/url/add')).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('goes together, each once: the report names the records whose changes went, made whole in the mirror', async () => {
    const db = freshDb();
    let next = 40;
    const service = fakeService(({ method, path, body }) => {
      if (method === 'POST' && path === '/api/url/add') {
        if (body?.custom === 'taken')
          return { status: 400, body: { error: 1, message: 'custom: alias is already taken' } };
        next += 1;
        return { body: { error: 0, id: next, shorturl: `https://s.test/made${next}` } };
      }
      return { status: 404, body: { error: 1, message: 'no route' } };
    });
    const engine = engineWith(db, service.fetch);
    const own = handOver();
    const refused = await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/one', custom: 'taken' },
    });
    const a = await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/two' },
    });
    const b = await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/three' },
    });
    const report = await engine.sendOwn(own.list);
    // A refusal is that change's own: the ones after it still go.
    expect(report).toMatchObject({ sent: 2, failed: 1, sentKeys: [a, b] });
    expect(service.sent().filter((r) => r === 'POST /api/url/add')).toHaveLength(3);
    expect(await db.links.get(a)).toMatchObject({ id: 41, alias: 'made41', domain: 'https://s.test', sync: 'synced' });
    expect((await db.links.get(b))?.words).toContain('made42');
    expect(await db.outbox.toArray()).toEqual([expect.objectContaining({ key: refused, state: 'failed' })]);
    // Nothing is left claimed: handed over again, nothing more goes.
    expect(await engine.sendOwn(own.list)).toMatchObject({ sent: 0, sentKeys: [] });
  });

  it('on the wire, is left alone by a drain that recovers what a stopped worker left in flight', async () => {
    const db = freshDb();
    const held = heldService((method) => method === 'POST');
    const engine = engineWith(db, held.fetch);
    const own = handOver();
    const key = await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/own' },
    });
    const sending = engine.sendOwn(own.list);
    await vi.waitFor(() => expect(held.waiting()).toBe(1));
    // A drain starting now finds the entry in flight: not another worker's, so not made ambiguous or sent again.
    const drained = engine.drain();
    await vi.waitFor(async () => expect((await db.outbox.toArray())[0]).toMatchObject({ state: 'inflight' }));
    held.release();
    expect((await sending).made[key]).toMatchObject({ id: 7 });
    await drained;
    expect(held.service.sent().filter((r) => r === 'POST /api/url/add')).toHaveLength(1);
    expect(await db.links.get(key)).toMatchObject({ id: 7 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('queued claimed, is left by a drain while a page may be handing it over; after a timeout, a drain takes it', async () => {
    const db = freshDb();
    const service = heldService(() => false).service;
    const engine = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      fetch: service.fetch,
      // Far above the 100 ms looked at below, so that a loaded machine's late timers cannot pass it.
      timeoutMs: () => 1_200,
    });
    const own = handOver();
    const key = await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/own' },
    });
    expect(await db.outbox.get(own.list[0]!.seq)).toMatchObject({ state: 'inflight', sentAt: expect.any(Number) });
    // The page has not reached the worker yet: a drain now must neither send it nor doubt it...
    const draining = engine.drain();
    await new Promise((r) => setTimeout(r, 100));
    expect(service.sent()).not.toContain('POST /api/url/add');
    expect(await db.outbox.get(own.list[0]!.seq)).toMatchObject({ state: 'inflight', ambiguous: false });
    // ...but nobody sent it within a request's timeout: the page went away. It may have gone, so the
    // drain, which waited for that, looks for it first, then makes it, once.
    await draining;
    const sent = service.sent();
    expect(sent.filter((r) => r === 'POST /api/url/add')).toHaveLength(1);
    const lookedFor = sent.slice(0, sent.indexOf('POST /api/url/add')).some((r) => r.startsWith('GET /api/urls'));
    expect(lookedFor).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toMatchObject({ id: 7 });
  });

  it('handed over while offline or unconnected: back in the queue for the drain, not left in flight', async () => {
    const db = freshDb();
    const offline = createSyncEngine({
      db,
      connection: async () => ({ baseUrl: 'https://s.test', apiKey: 'k' }),
      isOnline: () => false,
    });
    const own = handOver();
    await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/a' },
    });
    expect(await offline.sendOwn(own.list)).toMatchObject({ sent: 0, made: {} });
    expect(await db.outbox.get(own.list[0]!.seq)).toMatchObject({ state: 'pending', ambiguous: false });
    const unconnected = createSyncEngine({ db, connection: async () => null });
    const more = handOver();
    await actions.create({ db, claimed: more.claimed, priority: 0 }, 'channel', { name: 'Later' });
    await unconnected.sendOwn(more.list);
    expect(await db.outbox.get(more.list[0]!.seq)).toMatchObject({ state: 'pending' });
  });

  it('is queued claimed only when it can go at once: not behind a record it needs that is still queued', async () => {
    const db = freshDb();
    const own = handOver();
    const channelKey = await actions.create({ db }, 'channel', { name: 'Queued first' });
    await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/a' },
      channelKey,
    });
    expect(own.list).toEqual([]);
    expect((await db.outbox.toArray()).map((e) => e.state)).toEqual(['pending', 'pending']);
  });

  it('handed over from inside the transaction that queues it: read once committed, sent once', async () => {
    const db = freshDb();
    const held = heldService(() => false);
    const engine = engineWith(db, held.fetch);
    const reports: Promise<OwnReport>[] = [];
    const key = await actions.create(
      // As the worker would, in a context of its own, outside the page's transaction.
      {
        db,
        priority: 0,
        claimed: (entry) => Dexie.ignoreTransaction(() => void reports.push(engine.sendOwn([entry]))),
      },
      'link',
      { input: { url: 'https://example.com/early' } },
    );
    expect(reports).toHaveLength(1);
    expect((await reports[0]!).made[key]).toEqual({ id: 7, shorturl: 'https://s.test/own' });
    expect(held.service.sent().filter((r) => r === 'POST /api/url/add')).toHaveLength(1);
  });

  it('a seq handed over under another key is not sent: it names some other change', async () => {
    const db = freshDb();
    const held = heldService(() => false);
    const engine = engineWith(db, held.fetch);
    const own = handOver();
    await actions.create({ db, claimed: own.claimed, priority: 0 }, 'link', {
      input: { url: 'https://example.com/a' },
    });
    const report = await engine.sendOwn([{ seq: own.list[0]!.seq, key: 'someone-else' }]);
    expect(report).toMatchObject({ sent: 0, made: {} });
    expect(held.service.sent()).not.toContain('POST /api/url/add');
  });
});

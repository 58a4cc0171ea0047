import { describe, expect, it } from 'vitest';
import type { LinkpilotDb } from '@/lib/db/schema';
import { kindOf } from '@/lib/kinds';
import * as actions from '@/lib/sync/actions';
import { sendAs } from '@/lib/sync/send';
import { freshDb } from './db';
import { apiFor, type FakeService, fakeService, listedLink, NO_STATS, page } from './fake-service';

const link = listedLink;
const made = (id: number, extra: Record<string, unknown> = {}) => ({ body: { error: 0, id, ...extra } });

/** Sends the one queued create as the engine does after a send whose outcome is unknown. */
async function sendAmbiguous(db: LinkpilotDb, service: FakeService): Promise<void> {
  await db.outbox.toCollection().modify({ ambiguous: true });
  const entry = (await db.outbox.toArray())[0]!;
  await sendAs({ db, api: apiFor(service), now: Date.now }, entry, kindOf(entry.kind).sending(entry));
}

describe('after a create whose outcome is unknown, the record is looked for before it is made again', () => {
  it('a short link with an alias: by its short URL, adopted when it holds our long URL', async () => {
    const db = freshDb();
    const service = fakeService(({ method, query }) =>
      method === 'GET' && query.get('short') === 'mine'
        ? {
            body: {
              error: 0,
              details: { ...link(31, 'https://example.com/mine', 'mine'), location: 0, device: 0, expiry: null },
              data: NO_STATS,
            },
          }
        : { status: 500, body: { error: 1, message: 'should not be asked' } },
    );
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/mine', custom: 'mine' } });
    await sendAmbiguous(db, service);
    expect(service.sent()).toEqual(['GET /api/urls']);
    expect(await db.links.get(key)).toMatchObject({ id: 31, shorturl: 'https://s.test/mine', alias: 'mine' });
  });

  it('a short link without an alias: by a search for its long URL, passing over links mirrored here', async () => {
    const db = freshDb();
    const service = fakeService(({ method, query }) =>
      method === 'GET' && query.get('q') === 'https://example.com/page'
        ? page('urls', [
            link(5, 'https://example.com/page'),
            link(6, 'https://example.com/page'),
            link(7, 'https://example.com/other'),
          ])
        : { status: 500, body: { error: 1, message: 'should not be asked' } },
    );
    await db.links.add({
      ...(await db.links.get(await actions.create({ db }, 'link', { input: { url: 'https://example.com/page' } })))!,
      key: 's5',
      id: 5,
    });
    await db.outbox.clear();
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/page' } });
    await sendAmbiguous(db, service);
    expect((await db.links.get(key))?.id).toBe(6);
  });

  it('nothing found: the create is sent', async () => {
    const db = freshDb();
    const service = fakeService(({ method, path }) =>
      method === 'POST' && path === '/api/url/add' ? made(9, { shorturl: 'https://s.test/x' }) : page('urls', []),
    );
    const key = await actions.create({ db }, 'link', { input: { url: 'https://example.com/new' } });
    await sendAmbiguous(db, service);
    expect(service.sent()).toEqual(['GET /api/urls', 'POST /api/url/add']);
    expect((await db.links.get(key))?.id).toBe(9);
  });

  it('a channel: every page of the list is walked for the first record with its name not mirrored here', async () => {
    const db = freshDb();
    const channel = (id: number, name: string) => ({ id, name, description: '', color: null, starred: false });
    const service = fakeService(({ query }) => {
      const records =
        query.get('page') === '2'
          ? [channel(3, 'Found'), channel(4, 'Found')]
          : [channel(1, 'Other'), channel(2, 'Found')];
      return {
        body: {
          error: '0',
          data: {
            result: 2,
            perpage: 2,
            currentpage: Number(query.get('page')),
            nextpage: 0,
            maxpage: 2,
            channels: records,
          },
        },
      };
    });
    // Queued before the pull brought the other 'Found' (the mirror refuses a name it already holds).
    const key = await actions.create({ db }, 'channel', { name: 'Found' });
    await db.channels.add({
      key: 's2',
      id: 2,
      sync: 'synced',
      pulledAt: 1,
      name: 'Found',
      description: '',
      color: null,
      starred: false,
    });
    await sendAmbiguous(db, service);
    expect(service.sent()).toEqual(['GET /api/channels', 'GET /api/channels']);
    expect((await db.channels.get(key))?.id).toBe(3);
  });

  it('a campaign with a slug by its rotator URL; a domain whatever its case and trailing slash', async () => {
    const db = freshDb();
    const service = fakeService(({ path }) =>
      path === '/api/campaigns'
        ? page('campaigns', [
            { id: 8, name: 'Spring', public: false, rotator: 'https://s.test/r/other', list: '' },
            { id: 7, name: 'Spring', public: false, rotator: 'https://s.test/r/spring', list: '' },
          ])
        : page('domains', [{ id: 4, domain: 'https://GO.example.com/', redirectroot: '', redirect404: '' }]),
    );
    const spring = await actions.create({ db }, 'campaign', { name: 'Spring', slug: 'spring' });
    await sendAmbiguous(db, service);
    await db.outbox.clear();
    const go = await actions.create({ db }, 'domain', { domain: 'https://go.example.com' });
    await sendAmbiguous(db, service);
    expect([(await db.campaigns.get(spring))?.id, (await db.domains.get(go))?.id]).toEqual([7, 4]);
    expect(service.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('a QR code by its name, with the code URL it lists', async () => {
    const db = freshDb();
    const service = fakeService(() =>
      page('qrs', [{ id: 12, link: 'https://s.test/qr/12', scans: 0, name: 'Poster', date: null }]),
    );
    const key = await actions.create({ db }, 'qr', { type: 'text', data: 'x', name: 'Poster' });
    await sendAmbiguous(db, service);
    expect(await db.qrs.get(key)).toMatchObject({ id: 12, link: 'https://s.test/qr/12' });
  });
});

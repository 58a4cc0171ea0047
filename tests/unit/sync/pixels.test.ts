import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import { createPixelInput, updatePixelInput } from '@/lib/api/inputs/pixels';
import { fieldErrors } from '@/lib/api/validate-input';
import { serverKey } from '@/lib/db/keys';
import type { LinkpilotDb, PixelRow } from '@/lib/db/schema';
import { describeChange } from '@/lib/kinds';
import { readCapability } from '@/lib/kinds/capabilities';
import { listSource, readPage } from '@/lib/refresh/lists';
import * as actions from '@/lib/sync/actions';
import { freshDb } from './db';
import { apiFor, engineFor, fakeService, type Handler, page } from './fake-service';

const now = () => Date.UTC(2026, 10, 22, 12);
const setup = () => {
  const db = freshDb();
  return { db, ctx: { db, now } };
};

const listed = (id: number, type: string, name: string, tag: string): PixelRow => ({
  key: serverKey(id),
  id,
  sync: 'synced',
  // Confirmed lately: an edit goes without a read first (lib/sync/rebase.ts).
  pulledAt: now(),
  type,
  name,
  tag,
  date: '2026-11-01 10:00:00',
});
const SHOP = serverKey(3);
const ADS = serverKey(4);

async function listedPixels(db: LinkpilotDb) {
  await db.pixels.bulkAdd([listed(3, 'facebook', 'Shop', 'fb-123'), listed(4, 'tiktok', 'Ads', 'tt-9')]);
}
const ids = async (db: LinkpilotDb) => (await db.pixels.toArray()).map((p) => p.id);

/**
 * Answers the read every queued delete makes first (lib/sync/rebase.ts) with the pixels as listed
 * here, unchanged, and everything else as `handler` does.
 */
const listing =
  (handler: Handler): Handler =>
  (req) =>
    req.method === 'GET' && req.path === '/api/pixels'
      ? page('pixels', [
          { id: 3, type: 'facebook', name: 'Shop', tag: 'fb-123', date: '2026-11-01 10:00:00' },
          { id: 4, type: 'tiktok', name: 'Ads', tag: 'tt-9', date: '2026-11-02 10:00:00' },
        ])
      : handler(req);
const deleted: Handler = listing(() => ({ body: { error: 0, message: 'Pixel has been deleted.' } }));
const withoutPixels: Handler = () => ({ status: 404, body: { error: 1, message: 'Unknown API endpoint.' } });

/** A service that adds pixels as 20, 21, …, renames them, and lists what it has. */
function pixelService() {
  const pixels: { id: number; type: string; name: string; tag: string; date: string }[] = [];
  const service = fakeService(({ method, path, body }) => {
    if (method === 'POST' && path === '/api/pixel/add') {
      const id = 20 + pixels.length;
      pixels.push({ id, ...(body as { type: string; name: string; tag: string }), date: '2026-11-22 12:00:00' });
      return { body: { error: 0, id } };
    }
    const update = /^\/api\/pixel\/(\d+)\/update$/.exec(path);
    if (method === 'PUT' && update) {
      Object.assign(pixels.find((p) => p.id === Number(update[1]))!, body);
      return { body: { error: 0, id: Number(update[1]) } };
    }
    if (path === '/api/pixels') return page('pixels', pixels);
    return { status: 404, body: { error: 1, message: 'Unknown API endpoint.' } };
  });
  return { pixels, service };
}

describe('adding and editing a tracking pixel', () => {
  it('is listed at once under a local key, and gets its id from the answer', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'pixel', { type: 'linkedin', name: ' Insight ', tag: '12345' });
    expect(await db.pixels.get(key)).toMatchObject({ id: null, sync: 'pending', name: 'Insight', type: 'linkedin' });
    const [entry] = await db.outbox.toArray();
    expect(describeChange(entry!)).toBe('change.pixel.createNamed {"name":"Insight"}');
    const { pixels, service } = pixelService();
    await engineFor(db, service, { t: now() }).drain();
    expect(service.sent()).toEqual(['POST /api/pixel/add']);
    expect(pixels).toMatchObject([{ id: 20, type: 'linkedin', name: 'Insight', tag: '12345' }]);
    expect(await db.pixels.get(key)).toMatchObject({ id: 20, sync: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('edits fold into a queued add (one request), and into each other, keeping what the row first showed', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    const key = await actions.create(ctx, 'pixel', { type: 'linkedin', name: 'Insight', tag: '12345' });
    await actions.update(ctx, 'pixel', key, { name: 'Insight tag' });
    await actions.update(ctx, 'pixel', SHOP, { name: 'Shop EU' });
    await actions.update(ctx, 'pixel', SHOP, { tag: 'fb-456' });
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries).toMatchObject([
      { kind: 'pixel', op: 'create', key, payload: { name: 'Insight tag', tag: '12345' } },
      {
        kind: 'pixel',
        op: 'update',
        key: SHOP,
        payload: { input: { name: 'Shop EU', tag: 'fb-456' }, was: { name: 'Shop', tag: 'fb-123' } },
      },
    ]);
    expect(await db.pixels.get(SHOP)).toMatchObject({ name: 'Shop EU', tag: 'fb-456', sync: 'pending' });
    // An add and its delete before anything was sent: nothing at all.
    await actions.remove(ctx, 'pixel', [key]);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.pixels.get(key)).toBeUndefined();
  });

  it('an add whose answer was lost is found in the list, not made twice', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'pixel', { type: 'reddit', name: 'Reddit', tag: 't2_abc' });
    const { pixels, service } = pixelService();
    pixels.push({ id: 31, type: 'reddit', name: 'Reddit', tag: 't2_abc', date: '2026-11-22 12:00:00' });
    await db.outbox.toCollection().modify({ ambiguous: true });
    await engineFor(db, service, { t: now() }).drain();
    expect(service.sent()).toEqual(['GET /api/pixels']);
    expect(await db.pixels.get(key)).toMatchObject({ id: 31, sync: 'synced' });
  });

  it('a service without pixel routes: the add is taken back, nothing stays queued, the next is refused here', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'pixel', { type: 'bing', name: 'UET', tag: '5555' });
    const service = fakeService(withoutPixels);
    await engineFor(db, service, { t: now() }).drain();
    expect(service.sent()).toEqual(['POST /api/pixel/add']);
    expect(await readCapability(db, 'pixelAdd')).toBe('absent');
    expect(await db.pixels.get(key)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    const again = await actions
      .create(ctx, 'pixel', { type: 'bing', name: 'UET', tag: '5555' })
      .catch((e: unknown) => e);
    expect(isApiError(again) && again.wording?.key).toBe('capability.absent.pixelAdd');
    expect(await db.pixels.count()).toBe(0);
  });

  it('an add tried before and met with no such route takes its later edit along: nothing waits forever', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'pixel', { type: 'bing', name: 'UET', tag: '5555' });
    // Its answer was lost: the edit is queued on its own, waiting for the add's id.
    await db.outbox.toCollection().modify({ ambiguous: true });
    await actions.update(ctx, 'pixel', key, { name: 'UET tag' });
    expect(await db.outbox.count()).toBe(2);
    const service = fakeService(withoutPixels);
    await engineFor(db, service, { t: now() }).drain();
    expect(service.sent()).toEqual(['GET /api/pixels']);
    expect(await readCapability(db, 'pixelAdd')).toBe('absent');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.count()).toBe(0);
  });

  it('an edit the service does not offer shows the pixel as it was', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.update(ctx, 'pixel', SHOP, { name: 'Shop EU' });
    await engineFor(db, fakeService(withoutPixels), { t: now() }).drain();
    expect(await readCapability(db, 'pixelEdit')).toBe('absent');
    expect(await db.pixels.get(SHOP)).toMatchObject({ name: 'Shop', sync: 'synced' });
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('what a pixel is checked for', () => {
  const problems = (input: unknown) => {
    const parsed = createPixelInput.safeParse(input);
    return parsed.success ? {} : fieldErrors(parsed.error);
  };
  it('a network of the list, a name and an ID, each on one line and not too long', () => {
    expect(problems({ type: 'myspace', name: 'x', tag: '1' })).toEqual({
      type: expect.stringContaining('input.pixel.type'),
    });
    expect(problems({ type: 'facebook', name: '  ', tag: '' })).toEqual({
      name: 'input.pixel.name',
      tag: 'input.pixel.tag',
    });
    expect(problems({ type: 'facebook', name: 'a\nb', tag: 'x'.repeat(201) })).toEqual({
      name: 'input.pixel.oneLine',
      tag: 'input.tooLong.pixelTag {"max":200}',
    });
    expect(problems({ type: 'gapixel', name: 'Site', tag: 'G-1' })).toEqual({});
    expect(updatePixelInput.safeParse({}).success).toBe(false);
  });
  it('refused before anything is queued', async () => {
    const { db, ctx } = setup();
    const error = await actions.create(ctx, 'pixel', { type: 'facebook', name: '', tag: '1' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.field).toBe('name');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('deleting a tracking pixel', () => {
  it('leaves the list at once and is sent once; deleting it twice queues nothing more', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.remove(ctx, 'pixel', [SHOP]);
    await actions.remove(ctx, 'pixel', [SHOP]);
    expect(await ids(db)).toEqual([4]);
    const entries = await db.outbox.toArray();
    expect(entries).toMatchObject([{ kind: 'pixel', op: 'delete', key: SHOP }]);
    expect(describeChange(entries[0]!)).toContain('Shop');
    const service = fakeService(deleted);
    await engineFor(db, service, { t: now() }).drain();
    expect(service.sent()).toEqual(['GET /api/pixels', 'DELETE /api/pixel/3/delete']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.get(SHOP)).toBeUndefined();
  });

  it('a list read while the delete waits does not bring the pixel back', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.remove(ctx, 'pixel', [SHOP]);
    const service = fakeService(() =>
      page('pixels', [
        { id: 3, type: 'facebook', name: 'Shop', tag: 'fb-123', date: '2026-11-01 10:00:00' },
        { id: 4, type: 'tiktok', name: 'Ads', tag: 'tt-9', date: '2026-11-02 10:00:00' },
      ]),
    );
    const state = {};
    await readPage(db, apiFor(service), listSource('pixels'), {
      page: 1,
      at: now(),
      previous: null,
      forward: true,
      startedAt: now(),
      state,
    });
    expect(await ids(db)).toEqual([4]);
  });

  it('one whose answer was lost is confirmed by the 404 naming the pixel', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.remove(ctx, 'pixel', [SHOP]);
    const service = fakeService(listing(() => ({ status: 404, body: { error: 1, message: 'Pixel not found.' } })));
    await engineFor(db, service, { t: now() }).drain();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.get(SHOP)).toBeUndefined();
    expect(await readCapability(db, 'pixelDelete')).toBe('unknown');
  });

  it('a refused one brings the pixel back and stays to be retried or discarded', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.remove(ctx, 'pixel', [SHOP]);
    const service = fakeService(
      listing(() => ({ status: 400, body: { error: 1, message: 'id: this pixel is locked' } })),
    );
    await engineFor(db, service, { t: now() }).drain();
    expect(await db.pixels.get(SHOP)).toMatchObject({ name: 'Shop' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ key: SHOP, state: 'failed' });
    await db.pixels.delete(SHOP);
    await actions.discardChange(ctx, entry!.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.get(SHOP)).toMatchObject({ name: 'Shop', tag: 'fb-123' });
  });

  it('a service without pixel routes: tried once, the pixel back, then refused here without a delete sent', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.remove(ctx, 'pixel', [SHOP]);
    await actions.remove(ctx, 'pixel', [ADS]);
    const service = fakeService(withoutPixels);
    await engineFor(db, service, { t: now() }).drain();
    // The read before sending finds no list either: the first delete goes as set here and finds out;
    // the second is read for too, and then refused here, its delete never sent.
    expect(service.sent()).toEqual(['GET /api/pixels', 'DELETE /api/pixel/3/delete', 'GET /api/pixels']);
    expect(await readCapability(db, 'pixelDelete')).toBe('absent');
    expect(await db.outbox.count()).toBe(0);
    expect((await ids(db)).sort()).toEqual([3, 4]);
    const again = await actions.remove(ctx, 'pixel', [SHOP]).catch((e: unknown) => e);
    expect(isApiError(again) && again.wording?.key).toBe('capability.absent.pixelDelete');
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('the list of pixels', () => {
  it('a service without it lists none and is known not to offer pixels', async () => {
    const { db } = setup();
    await listedPixels(db);
    // Listed before this walk began.
    await db.pixels.toCollection().modify({ pulledAt: 1 });
    const service = fakeService(withoutPixels);
    const read = await readPage(db, apiFor(service), listSource('pixels'), {
      page: 1,
      at: now(),
      previous: null,
      forward: true,
      startedAt: now(),
      state: {},
    });
    expect(read.page.items).toEqual([]);
    expect(await readCapability(db, 'pixels')).toBe('absent');
    expect(await db.pixels.count()).toBe(0);
  });

  it('a service with it keeps the capability unknown', async () => {
    const { db } = setup();
    const service = fakeService(() => page('pixels', [{ id: 9, type: 'quora', name: 'Q', tag: 'q1', date: null }]));
    await readPage(db, apiFor(service), listSource('pixels'), {
      page: 1,
      at: now(),
      previous: null,
      forward: true,
      startedAt: now(),
      state: {},
    });
    expect(await readCapability(db, 'pixels')).toBe('unknown');
    expect(await db.pixels.get(serverKey(9))).toMatchObject({ id: 9, name: 'Q', sync: 'synced' });
  });
});

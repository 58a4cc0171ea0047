import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import type { LinkpilotDb } from '@/lib/db/schema';
import { describeChange } from '@/lib/kinds';
import { readCapability } from '@/lib/kinds/capabilities';
import * as actions from '@/lib/sync/actions';
import { freshDb } from './db';
import { engineFor, fakeService, type Handler } from './fake-service';

const now = () => Date.UTC(2026, 10, 22, 12);
const setup = () => {
  const db = freshDb();
  return { db, ctx: { db, now } };
};

async function listedPixels(db: LinkpilotDb) {
  await db.pixels.bulkAdd([
    { id: 3, type: 'facebook', name: 'Shop', tag: 'fb-123', date: '2026-11-01 10:00:00', pulledAt: 1 },
    { id: 4, type: 'tiktok', name: 'Ads', tag: 'tt-9', date: '2026-11-02 10:00:00', pulledAt: 1 },
  ]);
}

const deleted: Handler = () => ({ body: { error: 0, message: 'Pixel has been deleted.' } });
const withoutPixels: Handler = () => ({ status: 404, body: { error: 1, message: 'Unknown API endpoint.' } });

describe('deleting a tracking pixel', () => {
  it('leaves the list at once and is sent once; deleting it twice queues nothing more', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.deletePixel(ctx, 3);
    await actions.deletePixel(ctx, 3);
    expect((await db.pixels.toArray()).map((p) => p.id)).toEqual([4]);
    const entries = await db.outbox.toArray();
    expect(entries).toMatchObject([{ kind: 'pixel', op: 'delete', key: 'pixel:3' }]);
    expect(describeChange(entries[0]!)).toContain('Shop');
    const service = fakeService(deleted);
    await engineFor(db, service).drain();
    expect(service.sent()).toEqual(['DELETE /api/pixel/3/delete']);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.get(3)).toBeUndefined();
  });

  it('one whose answer was lost is confirmed by the 404 naming the pixel', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.deletePixel(ctx, 3);
    // A list read while the delete waited brought it back: the confirmed delete takes it away again.
    await db.pixels.put({ id: 3, type: 'facebook', name: 'Shop', tag: 'fb-123', date: null, pulledAt: 2 });
    const service = fakeService(() => ({ status: 404, body: { error: 1, message: 'Pixel not found.' } }));
    await engineFor(db, service).drain();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.get(3)).toBeUndefined();
    expect(await readCapability(db, 'pixelDelete')).toBe('unknown');
  });

  it('a refused one brings the pixel back and stays to be retried or discarded', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.deletePixel(ctx, 3);
    const service = fakeService(() => ({ status: 400, body: { error: 1, message: 'id: this pixel is locked' } }));
    await engineFor(db, service).drain();
    expect(await db.pixels.get(3)).toMatchObject({ name: 'Shop' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ key: 'pixel:3', state: 'failed' });
    await db.pixels.delete(3);
    await actions.discardChange(ctx, entry!.seq!);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pixels.get(3)).toMatchObject({ name: 'Shop', tag: 'fb-123' });
  });

  it('a service without pixel routes: tried once, the pixel back, then refused here without a request', async () => {
    const { db, ctx } = setup();
    await listedPixels(db);
    await actions.deletePixel(ctx, 3);
    await actions.deletePixel(ctx, 4);
    const service = fakeService(withoutPixels);
    await engineFor(db, service).drain();
    expect(service.sent()).toEqual(['DELETE /api/pixel/3/delete']);
    expect(await readCapability(db, 'pixelDelete')).toBe('absent');
    expect(await db.outbox.count()).toBe(0);
    expect((await db.pixels.toArray()).map((p) => p.id)).toEqual([3, 4]);
    const again = await actions.deletePixel(ctx, 3).catch((e: unknown) => e);
    expect(isApiError(again) && again.wording?.key).toBe('capability.absent.pixelDelete');
    expect(await db.outbox.count()).toBe(0);
  });
});

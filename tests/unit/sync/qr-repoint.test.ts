import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import type { LinkpilotDb } from '@/lib/db/schema';
import { describeChange } from '@/lib/kinds';
import { readCapability } from '@/lib/kinds/capabilities';
import { qrRow } from '@/lib/kinds/qr';
import * as actions from '@/lib/sync/actions';
import { freshDb } from './db';
import { engineFor, fakeService, type Handler, NO_STATS } from './fake-service';

const now = () => Date.UTC(2026, 10, 22, 12);
const setup = () => {
  const db = freshDb();
  return { db, ctx: { db, now } };
};

const listed = { id: 9, link: 'https://s.test/qr/menu', scans: 3, name: 'Menu', date: '2026-11-01 10:00:00' };

/** A code the service has, made elsewhere: what it holds is not known here. */
async function madeElsewhere(db: LinkpilotDb) {
  await db.qrs.add({ ...qrRow(listed, undefined, Date.now()), key: 'q9' });
  return 'q9';
}

/** The service: its read of the code (as `name` says), and its answer to an edit. */
const service = (name = 'Menu', edit: Handler = () => ({ body: { error: 0, id: 9, link: listed.link } })) =>
  fakeService((req) =>
    req.method === 'GET' && req.path === '/api/qr/9'
      ? { body: { error: 0, details: { ...listed, name }, data: NO_STATS } }
      : edit(req),
  );

const puts = (s: ReturnType<typeof fakeService>) => s.requests.filter((r) => r.method === 'PUT');

describe('re-pointing a QR code', () => {
  it('shows at once what a code made elsewhere now holds, and queues an edit carrying its type and data', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    await actions.update(ctx, 'qr', key, { type: 'link', data: 'https://example.com/new-menu' });
    expect(await db.qrs.get(key)).toMatchObject({
      name: 'Menu',
      scans: 3,
      link: listed.link,
      input: { type: 'link', data: 'https://example.com/new-menu' },
      sync: 'pending',
    });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      kind: 'qr',
      op: 'update',
      payload: { input: { type: 'link', data: 'https://example.com/new-menu' }, was: { name: 'Menu', input: null } },
    });
    expect(describeChange(entry!)).toBe('qrDestination.queuedChangeNamed {"name":"Menu"}');
  });

  it('folds into a rename queued before it: one edit, sent once, the type with it as it is not known here', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    await actions.update(ctx, 'qr', key, { name: 'Lunch menu' });
    await actions.update(ctx, 'qr', key, { type: 'text', data: 'Closed today' });
    await actions.update(ctx, 'qr', key, { type: 'link', data: 'https://example.com/lunch' });
    expect(await db.outbox.count()).toBe(1);
    const s = service();
    await engineFor(db, s).drain();
    await engineFor(db, s).drain();
    expect(puts(s)).toEqual([
      expect.objectContaining({
        path: '/api/qr/9/update',
        body: { name: 'Lunch menu', type: 'link', data: 'https://example.com/lunch' },
      }),
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.qrs.get(key)).toMatchObject({
      name: 'Lunch menu',
      input: { type: 'link', data: 'https://example.com/lunch' },
      sync: 'synced',
    });
  });

  it('a code made here: data of its own type goes without the type; its colours stay as they were', async () => {
    const { db, ctx } = setup();
    const made = {
      type: 'link' as const,
      data: 'https://example.com/a',
      foreground: 'rgb(1,2,3)',
      background: 'rgb(255,255,255)',
    };
    await db.qrs.add({ ...qrRow(listed, undefined, Date.now()), key: 'q9', input: made });
    await actions.update(ctx, 'qr', 'q9', { type: 'link', data: 'https://example.com/b' });
    expect((await db.qrs.get('q9'))?.input).toEqual({ ...made, data: 'https://example.com/b' });
    const s = service();
    await engineFor(db, s).drain();
    expect(puts(s).map((r) => r.body)).toEqual([{ data: 'https://example.com/b' }]);
  });

  it('meets another writer: a name changed only there is kept, the new destination still goes', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    await actions.update(ctx, 'qr', key, { type: 'link', data: 'https://example.com/new' });
    const s = service('Renamed elsewhere');
    await engineFor(db, s).drain();
    expect(puts(s).map((r) => r.body)).toEqual([{ type: 'link', data: 'https://example.com/new' }]);
    expect(await db.qrs.get(key)).toMatchObject({
      name: 'Renamed elsewhere',
      input: { data: 'https://example.com/new' },
    });
  });

  it('a name changed on both sides is held; "keep theirs" gives up the name only, and the re-point is sent', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    await actions.update(ctx, 'qr', key, { name: 'Mine', type: 'link', data: 'https://example.com/new' });
    const s = service('Theirs');
    await engineFor(db, s).drain();
    expect(puts(s)).toEqual([]);
    const [held] = await db.outbox.toArray();
    expect(held).toMatchObject({ state: 'failed', conflict: [{ field: 'name', mine: 'Mine', theirs: 'Theirs' }] });
    await actions.settleConflict(ctx, held!.seq!, 'theirs');
    await engineFor(db, s).drain();
    expect(puts(s).map((r) => r.body)).toEqual([{ type: 'link', data: 'https://example.com/new' }]);
    expect(await db.qrs.get(key)).toMatchObject({ name: 'Theirs', input: { data: 'https://example.com/new' } });
  });

  it('refused by the service: held at its field, in the catalogue’s words; discarded, the code holds what it did', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    await actions.update(ctx, 'qr', key, { type: 'link', data: 'https://s.test/elsewhere' });
    const s = service('Menu', () => ({
      status: 400,
      body: { error: 1, message: 'data: must not point back at this service' },
    }));
    await engineFor(db, s).drain();
    const [refused] = await db.outbox.toArray();
    expect(refused).toMatchObject({ state: 'failed', error: { field: 'data', message: 'qrDestination.pointsBack' } });
    await actions.discardChange(ctx, refused!.seq!);
    expect(await db.qrs.get(key)).toMatchObject({ name: 'Menu', input: null, sync: 'synced' });
  });

  it('a service without the route: taken back, the capability marked absent, the next one refused here', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    await actions.update(ctx, 'qr', key, { type: 'link', data: 'https://example.com/new' });
    const s = service('Menu', () => ({ status: 404, body: { error: 1, message: 'Unknown API endpoint.' } }));
    await engineFor(db, s).drain();
    expect(await readCapability(db, 'qrEdit')).toBe('absent');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.qrs.get(key)).toMatchObject({ input: null, sync: 'synced' });
    const again = await actions
      .update(ctx, 'qr', key, { type: 'link', data: 'https://example.com/new' })
      .catch((e: unknown) => e);
    expect(isApiError(again) && again.wording?.key).toBe('capability.absent.qrEdit');
  });

  it('is refused here for a Wi-Fi code made here, and to Wi-Fi: the printed code could not follow', async () => {
    const { db, ctx } = setup();
    const key = await madeElsewhere(db);
    const toWifi = await actions
      .update(ctx, 'qr', key, { type: 'wifi', data: { ssid: 'Cafe', encryption: 'nopass' } })
      .catch((e: unknown) => e);
    expect(isApiError(toWifi) && [toWifi.field, toWifi.wording?.key]).toEqual(['type', 'qrDestination.noWifi']);
    await db.qrs.update(key, { input: { type: 'wifi', data: { ssid: 'Cafe', encryption: 'nopass' } } });
    const fromWifi = await actions.update(ctx, 'qr', key, { type: 'text', data: 'Hello' }).catch((e: unknown) => e);
    expect(isApiError(fromWifi) && fromWifi.wording?.key).toBe('qrDestination.wifiHoldsNetwork');
    expect(await db.outbox.count()).toBe(0);
    // Its look can still be edited.
    await actions.update(ctx, 'qr', key, { name: 'Guests' });
    expect(await db.outbox.count()).toBe(1);
  });
});

import { describe, expect, it } from 'vitest';
import { isApiError } from '@/lib/api/errors';
import { type LinkEdit, linkEditOf } from '@/lib/api/inputs/links';
import type { LinkpilotDb } from '@/lib/db/schema';
import { describeChange } from '@/lib/kinds';
import { readCapability } from '@/lib/kinds/capabilities';
import { qrRow } from '@/lib/kinds/qr';
import * as actions from '@/lib/sync/actions';
import { freshDb } from './db';
import { engineFor, fakeService, type Handler } from './fake-service';
import { detailsOf, mirroredLink } from './mirrored-link';

const now = () => Date.UTC(2026, 10, 22, 12);
const setup = () => {
  const db = freshDb();
  return { db, ctx: { db, now } };
};

async function mirroredQr(db: LinkpilotDb, key = 'q9', id = 9) {
  const qr = { id, link: `https://s.test/qr/${key}`, scans: 3, name: 'Menu', date: '2026-11-01 10:00:00' };
  await db.qrs.add({ ...qrRow(qr, undefined, Date.now()), key });
  return key;
}

const ops = async (db: LinkpilotDb) => (await db.outbox.orderBy('seq').toArray()).map((e) => `${e.kind}:${e.op}`);

describe('coalescing edits and deletes of links and QR codes', () => {
  it('create + update = one create carrying the edit (a removed field is left out)', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', {
      input: { url: 'https://example.com/a', expiry: '2027-01-01 00:00:00', description: 'old' },
    });
    await actions.update(ctx, 'link', key, { url: 'https://example.com/b', custom: 'bee', expiry: null });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      op: 'create',
      payload: { input: { url: 'https://example.com/b', custom: 'bee' } },
    });
    const [entry] = entries;
    expect(entry?.kind === 'link' && entry.op === 'create' && entry.payload.input).not.toHaveProperty('expiry');
    expect(await db.links.get(key)).toMatchObject({ longurl: 'https://example.com/b', alias: 'bee' });
  });

  it('a create that may have been made already (its answer lost) keeps what it sent: the edit follows on its own', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', { input: { url: 'https://example.com/a', custom: 'ayy' } });
    const [create] = await db.outbox.toArray();
    await db.outbox.update(create!.seq!, { ambiguous: true, attempts: 1 });
    await actions.update(ctx, 'link', key, { url: 'https://example.com/b' });
    expect(await ops(db)).toEqual(['link:create', 'link:update']);
    const entries = await db.outbox.orderBy('seq').toArray();
    expect(entries[0]).toMatchObject({ payload: { input: { url: 'https://example.com/a', custom: 'ayy' } } });
    expect(entries[1]).toMatchObject({ payload: { input: { url: 'https://example.com/b' } } });
    expect(await db.links.get(key)).toMatchObject({ longurl: 'https://example.com/b' });
  });

  it('update + update = one update, later values win, and the row as it was before the first is kept', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await actions.update(ctx, 'link', key, { url: 'https://example.com/one', description: 'first' });
    await actions.update(ctx, 'link', key, { url: 'https://example.com/two' });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      op: 'update',
      ids: { [key]: 5 },
      payload: {
        input: { url: 'https://example.com/two', description: 'first' },
        was: { longurl: 'https://example.com/docs' },
      },
    });
    expect(await db.links.get(key)).toMatchObject({ longurl: 'https://example.com/two', clicks: 12, sync: 'pending' });
  });

  it('update + delete = one delete, and the link leaves the mirror at once', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await actions.update(ctx, 'link', key, { url: 'https://example.com/one' });
    await actions.remove(ctx, 'link', [key]);
    expect(await ops(db)).toEqual(['link:delete']);
    expect(await db.links.get(key)).toBeUndefined();
    // What comes back if the delete is refused is the link as the service has it, not the unsent edit.
    const [entry] = await db.outbox.toArray();
    expect(entry?.kind === 'link' && entry.op === 'delete' && entry.payload.row.longurl).toBe(
      'https://example.com/one',
    );
  });

  it('create + delete = nothing at all', async () => {
    const { db, ctx } = setup();
    const link = await actions.create(ctx, 'link', { input: { url: 'https://example.com/x' } });
    const qr = await actions.create(ctx, 'qr', { type: 'text', data: 'hello', name: 'Hi' });
    await actions.update(ctx, 'qr', qr, { name: 'Hello' });
    await actions.remove(ctx, 'link', [link]);
    await actions.remove(ctx, 'qr', [qr]);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.count()).toBe(0);
    expect(await db.qrs.count()).toBe(0);
  });

  it('QR codes: create + update = one create; update + update = one update; update + delete = a delete', async () => {
    const { db, ctx } = setup();
    const made = await actions.create(ctx, 'qr', { type: 'text', data: 'hello', name: 'Hi' });
    await actions.update(ctx, 'qr', made, { name: 'Hello' });
    expect(await db.outbox.where('key').equals(made).toArray()).toMatchObject([
      { op: 'create', payload: { type: 'text', data: 'hello', name: 'Hello' } },
    ]);
    const key = await mirroredQr(db);
    await actions.update(ctx, 'qr', key, { name: 'Lunch' });
    await actions.update(ctx, 'qr', key, { foreground: 'rgb(1,2,3)' });
    expect(await db.outbox.where('key').equals(key).toArray()).toMatchObject([
      { op: 'update', payload: { input: { name: 'Lunch', foreground: 'rgb(1,2,3)' }, was: { name: 'Menu' } } },
    ]);
    await actions.remove(ctx, 'qr', [key]);
    expect(await db.outbox.where('key').equals(key).toArray()).toMatchObject([{ op: 'delete', ids: { [key]: 9 } }]);
    expect(await db.qrs.get(key)).toBeUndefined();
  });

  it('deleteLinks queues one delete per link, in one go', async () => {
    const { db, ctx } = setup();
    const a = await mirroredLink(db, 'a', 1);
    const b = await mirroredLink(db, 'b', 2);
    await actions.remove(ctx, 'link', [a, b, 'unknown']);
    expect(await ops(db)).toEqual(['link:delete', 'link:delete']);
    expect(describeChange((await db.outbox.toArray())[0]!)).toContain('docs1');
    expect(await db.links.count()).toBe(0);
  });

  it('deleteQrCodes queues one QR delete per code, in one go', async () => {
    const { db, ctx } = setup();
    const first = await mirroredQr(db);
    const second = await actions.create(ctx, 'qr', { type: 'text', data: 'hello', name: 'Hi' });
    const third = await mirroredQr(db, 'q10', 10);
    await actions.remove(ctx, 'qr', [first, third, 'unknown']);
    expect(await ops(db)).toEqual(['qr:create', 'qr:delete', 'qr:delete']);
    expect((await db.qrs.toArray()).map((q) => q.key)).toEqual([second]);
  });
});

/** A service of the family without the edit routes, as `--without-edits` answers. */
const withoutEdits: Handler = () => ({ status: 404, body: { error: 1, message: 'Unknown API endpoint.' } });

describe('a service that does not offer edits or deletes', () => {
  it('one attempt: the capability is marked absent, the change taken back, nothing left queued', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await actions.update(ctx, 'link', key, { url: 'https://example.com/new' });
    const service = fakeService(withoutEdits);
    await engineFor(db, service).drain();
    expect(service.sent().filter((r) => r.startsWith('PUT'))).toEqual(['PUT /api/url/5/update']);
    expect(await readCapability(db, 'linkEdit')).toBe('absent');
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toMatchObject({ longurl: 'https://example.com/docs', sync: 'synced' });
    // Asked again, it is refused here, plainly, without a request.
    const again = await actions.update(ctx, 'link', key, { url: 'https://example.com/new' }).catch((e: unknown) => e);
    expect(isApiError(again) && again.wording?.key).toBe('capability.absent.linkEdit');
    expect(await db.outbox.count()).toBe(0);
  });

  it('a deleted link and QR code come back; changes queued before the answer are not sent either', async () => {
    const { db, ctx } = setup();
    const first = await mirroredLink(db, 'a', 1);
    const second = await mirroredLink(db, 'b', 2);
    const qr = await mirroredQr(db);
    await actions.remove(ctx, 'link', [first, second]);
    await actions.remove(ctx, 'qr', [qr]);
    const service = fakeService(withoutEdits);
    await engineFor(db, service).drain();
    expect(service.sent().filter((r) => r.startsWith('DELETE'))).toEqual([
      'DELETE /api/url/1/delete',
      'DELETE /api/qr/9/delete',
    ]);
    expect(await db.outbox.count()).toBe(0);
    expect((await db.links.toArray()).map((l) => l.key).sort()).toEqual(['a', 'b']);
    expect(await db.qrs.get(qr)).toMatchObject({ name: 'Menu', sync: 'synced' });
    expect(await readCapability(db, 'linkDelete')).toBe('absent');
    expect(await readCapability(db, 'linkEdit')).toBe('unknown');
  });
});

describe('a service that offers them', () => {
  it('an edit is sent once with the changed fields and the short URL it answers is kept', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await actions.update(ctx, 'link', key, { url: 'https://example.com/new', custom: 'fresh', expiry: null });
    const service = fakeService(({ method }) =>
      method === 'PUT' ? { body: { error: 0, id: 5, short: 'https://s.test/fresh' } } : withoutEdits({} as never),
    );
    await engineFor(db, service).drain();
    const put = service.requests.filter((r) => r.method === 'PUT');
    expect(put).toEqual([
      expect.objectContaining({
        path: '/api/url/5/update',
        body: { url: 'https://example.com/new', custom: 'fresh', expiry: null },
      }),
    ]);
    expect(await db.links.get(key)).toMatchObject({
      alias: 'fresh',
      shorturl: 'https://s.test/fresh',
      clicks: 12,
      sync: 'synced',
    });
  });

  it('a write that would wait for the budget after its read is not sent: read again when it goes, a destination changed elsewhere meanwhile is held', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await actions.update(ctx, 'link', key, { url: 'https://example.com/mine' });
    let reads = 0;
    const service = fakeService(({ method, path }) => {
      if (method !== 'GET' || path !== '/api/url/5')
        return { body: { error: 0, id: 5, short: 'https://s.test/docs5' } };
      reads++;
      // The read spends the window's last request; while the budget waits, another writer re-points it.
      return reads === 1
        ? {
            body: { error: 0, id: 5, details: detailsOf(5), data: 0 },
            headers: { 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': '30' },
          }
        : { body: { error: 0, id: 5, details: { ...detailsOf(5), longurl: 'https://example.com/theirs' }, data: 0 } };
    });
    const clock = { t: Date.now() };
    const { wakeAt } = await engineFor(db, service, clock).drain();
    // Nothing written after the read: the change waits for the budget.
    expect(service.sent()).toEqual(['GET /api/url/5']);
    expect(wakeAt).toBeGreaterThan(clock.t);
    clock.t = wakeAt!;
    await engineFor(db, service, clock).drain();
    expect(reads).toBe(2);
    expect(service.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    const [held] = await db.outbox.toArray();
    expect(held).toMatchObject({
      state: 'failed',
      conflict: [expect.objectContaining({ mine: 'https://example.com/mine', theirs: 'https://example.com/theirs' })],
    });
  });

  it('a delete whose record is already gone ("Link not found.") is done; a refused one brings the link back', async () => {
    const { db, ctx } = setup();
    const gone = await mirroredLink(db, 'a', 1);
    const kept = await mirroredLink(db, 'b', 2);
    await actions.remove(ctx, 'link', [gone, kept]);
    const service = fakeService(({ method, path }) =>
      // The read before a delete: link 1 is already gone, link 2 is as mirrored here.
      method === 'GET'
        ? path === '/api/url/1'
          ? { status: 404, body: { error: 1, message: 'Link not found.' } }
          : { body: { error: 0, id: 2, details: detailsOf(2), data: 0 } }
        : path === '/api/url/1/delete'
          ? { status: 404, body: { error: 1, message: 'Link not found.' } }
          : { status: 400, body: { error: 1, message: 'id: this link is locked' } },
    );
    await engineFor(db, service).drain();
    expect(await db.links.get(gone)).toBeUndefined();
    expect(await db.links.get(kept)).toMatchObject({ sync: 'failed' });
    expect(await db.outbox.toArray()).toMatchObject([{ key: kept, op: 'delete', state: 'failed' }]);
    expect(await readCapability(db, 'linkDelete')).toBe('unknown');
  });

  it('discarding a refused edit puts the link back as it was', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await actions.update(ctx, 'link', key, { url: 'https://example.com/new', custom: 'taken' });
    const service = fakeService(() => ({ status: 400, body: { error: 1, message: 'custom: alias is already taken' } }));
    await engineFor(db, service).drain();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'failed' });
    await actions.discardChange(ctx, entry!.seq!);
    expect(await db.links.get(key)).toMatchObject({
      alias: 'docs5',
      longurl: 'https://example.com/docs',
      sync: 'synced',
    });
  });
});

describe("taking a link's password away", () => {
  it('is asked for in so many words: the form never shows the password, so an empty field keeps it', () => {
    const opened = { url: 'https://example.com/docs', custom: 'docs5' };
    expect(linkEditOf(opened, { ...opened, password: '' })).toEqual({ url: 'https://example.com/docs' });
    expect(linkEditOf(opened, { ...opened, password: 'new secret' })).toEqual({
      url: 'https://example.com/docs',
      password: 'new secret',
    });
    // Chosen, it wins over whatever was typed before.
    expect(linkEditOf(opened, { ...opened, password: 'typed', removePassword: true })).toEqual({
      url: 'https://example.com/docs',
      password: null,
    });
  });

  it('sends null, and a link made here no longer holds the password it was made with', async () => {
    const { db, ctx } = setup();
    const key = await mirroredLink(db);
    await db.links.update(key, { input: { url: 'https://example.com/docs', password: 'open sesame' } });
    await actions.update(
      ctx,
      'link',
      key,
      linkEditOf(
        { url: 'https://example.com/docs' },
        {
          url: 'https://example.com/docs',
          removePassword: true,
        },
      ) as LinkEdit,
    );
    expect((await db.links.get(key))?.input).toEqual({ url: 'https://example.com/docs' });
    const service = fakeService(({ method }) =>
      method === 'GET'
        ? { body: { error: 0, id: 5, details: detailsOf(5), data: 0 } }
        : { body: { error: 0, id: 5, short: 'https://s.test/docs5' } },
    );
    await engineFor(db, service).drain();
    // The long URL, which every edit carries, is read first: it may have been re-pointed elsewhere.
    expect(service.requests).toMatchObject([
      { method: 'GET', path: '/api/url/5' },
      { method: 'PUT', path: '/api/url/5/update', body: { url: 'https://example.com/docs', password: null } },
    ]);
  });
});

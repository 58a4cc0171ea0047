import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { afterFailure } from '@/lib/engine/policy';
import * as actions from '@/lib/sync/actions';
import { claim } from '@/lib/sync/outbox';
import { nextEntry } from '@/lib/sync/queue';
import { freshDb } from './db';

const T = Date.UTC(2026, 10, 22, 12);
const ctx = (db: ReturnType<typeof freshDb>) => ({ db, now: () => T });

describe('the queue', () => {
  it('someone waiting goes first, then the oldest; a refused change holds back the later ones of its record', async () => {
    const db = freshDb();
    const refused = await actions.create(ctx(db), 'channel', { name: 'Refused' });
    await db.outbox.toCollection().modify({ state: 'failed' });
    await actions.update(ctx(db), 'channel', refused, { starred: true });
    await db.outbox.where('state').equals('pending').modify({ state: 'failed' });
    await actions.create(ctx(db), 'channel', { name: 'Older' });
    const waited = await actions.create({ ...ctx(db), priority: 0 }, 'link', { input: { url: 'https://example.com' } });
    expect((await nextEntry(db, T)).entry?.key).toBe(waited);
    await db.outbox.where('key').equals(waited).delete();
    expect((await nextEntry(db, T)).entry?.payload).toEqual({ name: 'Older' });
  });

  it('a refused change holds back its own record only, not another kind’s record with the same id', async () => {
    const db = freshDb();
    // Pulled records are keyed by their id, and the service numbers each kind on its own: campaign 3
    // and channel 3 share a key. Put straight into the mirror, as a pull writes them.
    await db.campaigns.put({ key: 's000000000000003', id: 3, name: 'Three', public: false } as never);
    await db.channels.put({ key: 's000000000000003', id: 3, name: 'Three', color: '#111111' } as never);
    await actions.update(ctx(db), 'campaign', 's000000000000003', { name: 'Held' });
    await db.outbox.toCollection().modify({ state: 'failed' });
    await actions.update(ctx(db), 'channel', 's000000000000003', { name: 'Renamed' });
    expect((await nextEntry(db, T)).entry).toMatchObject({ kind: 'channel', payload: { name: 'Renamed' } });
  });

  it('skips what waits for an id or a backoff, and says when the first backoff ends', async () => {
    const db = freshDb();
    const channel = await actions.create(ctx(db), 'channel', { name: 'Later' });
    await actions.create(ctx(db), 'link', { input: { url: 'https://example.com' }, channelKey: channel });
    await db.outbox
      .where('key')
      .equals(channel)
      .modify({ notBefore: T + 5_000 });
    expect(await nextEntry(db, T)).toMatchObject({ entry: null, nextDue: T + 5_000 });
    expect((await nextEntry(db, T + 5_000)).entry?.key).toBe(channel);
  });

  it('when the service may be back, a change held back only because it was out of reach is due; one after a 500 is not', async () => {
    const db = freshDb();
    await actions.create(ctx(db), 'channel', { name: 'After a 500' });
    await actions.create(ctx(db), 'channel', { name: 'Unreachable' });
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    const error = (kind: 'server' | 'network') => new ApiError({ kind, message: kind }).toJSON();
    await db.outbox.update(first!.seq!, { notBefore: T + 60_000, error: error('server') });
    await db.outbox.update(second!.seq!, { notBefore: T + 60_000, error: error('network') });
    expect((await nextEntry(db, T)).entry).toBeNull();
    expect((await nextEntry(db, T, 0, true)).entry?.payload).toEqual({ name: 'Unreachable' });
  });

  it('an entry is claimed as it is now: an edit folded in since it was picked is sent, a dropped one is not', async () => {
    const db = freshDb();
    const key = await actions.create(ctx(db), 'channel', { name: 'Picked' });
    const { entry } = await nextEntry(db, T);
    await actions.update(ctx(db), 'channel', key, { description: 'folded in' });
    expect((await claim(db, entry!.seq!, T))?.payload).toEqual({ name: 'Picked', description: 'folded in' });
    await actions.remove(ctx(db), 'channel', [key]);
    expect(await db.outbox.count()).toBe(2);
    await db.outbox.clear();
    expect(await claim(db, entry!.seq!, T)).toBeNull();
  });
});

describe('the failure policy', () => {
  const limits = { timeoutMs: 15_000, random: () => 0.5 };
  const entry = async (ambiguous = false) => {
    const db = freshDb();
    await actions.create(ctx(db), 'channel', { name: 'x' });
    return { ...(await db.outbox.toArray())[0]!, ambiguous };
  };

  it('a create that may have reached the service is marked ambiguous and backs off', async () => {
    const changes = afterFailure(
      await entry(),
      new ApiError({ kind: 'network', message: 'x', ambiguous: true }),
      T,
      limits,
    );
    expect(changes).toMatchObject({ state: 'pending', attempts: 1, ambiguous: true, notBefore: T + 1_500 });
  });

  it('a timed-out create is looked for only once its request must have ended', async () => {
    const changes = afterFailure(await entry(true), new ApiError({ kind: 'timeout', message: 'x' }), T, limits);
    expect(changes.notBefore).toBe(T + 30_000);
  });

  it('a 429 waits for its Retry-After; a refusal is shown; an auth failure waits for a new key', async () => {
    const e = await entry();
    expect(
      afterFailure(e, new ApiError({ kind: 'rate-limited', message: 'x', retryAt: T + 9_000 }), T, limits),
    ).toMatchObject({ notBefore: T + 9_000 });
    expect(
      afterFailure(e, new ApiError({ kind: 'validation', message: 'name: taken', retryable: false }), T, limits),
    ).toMatchObject({ state: 'failed', error: { message: 'name: taken' } });
    expect(afterFailure(e, new ApiError({ kind: 'auth', message: 'x', retryable: false }), T, limits)).toEqual({
      state: 'pending',
      ambiguous: false,
    });
  });

  it('an answer unreadable four times in a row is shown as refused', async () => {
    const garbled = new ApiError({ kind: 'bad-response', message: 'garbled', retryable: true });
    expect(afterFailure({ ...(await entry()), unreadable: 2 }, garbled, T, limits)).toMatchObject({
      state: 'pending',
      unreadable: 3,
    });
    expect(afterFailure({ ...(await entry()), unreadable: 3 }, garbled, T, limits)).toMatchObject({
      state: 'failed',
      unreadable: 0,
    });
  });
});

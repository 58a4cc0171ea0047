import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { writeMeta } from '@/lib/db/meta';
import * as actions from '@/lib/sync/actions';
import { answerTo, createAnswered } from '@/lib/sync/answer';
import { reachabilityKey } from '@/lib/sync/reachability';
import { freshDb } from './db';

const setup = () => {
  const db = freshDb();
  return { db, ctx: { db } };
};

const refusal = new ApiError({
  kind: 'validation',
  status: 400,
  field: 'custom',
  message: 'refusal.aliasTaken',
  serverMessage: 'custom: alias is already taken',
});

/** Plays the worker: after `ms`, does to the key's create what the service's answer would. */
function later(ms: number, work: () => Promise<unknown>) {
  setTimeout(() => void work(), ms);
}

describe('a form waits for the answer to its create while the service answers promptly', () => {
  it('made: the entry left the outbox', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', { input: { url: 'https://example.com/a' } });
    later(20, () => db.outbox.where('key').equals(key).delete());
    expect(await answerTo(db, key, 5_000)).toEqual({ state: 'made', fields: {} });
  });

  it('refused: the create is taken back, record and entry, and the refusal comes to the form', async () => {
    const { db } = setup();
    let key = '';
    const error = await createAnswered(
      db,
      (c) => actions.create(c, 'link', { input: { url: 'https://example.com/a', custom: 'taken' } }),
      {
        waitMs: 5_000,
        queued: (k) => {
          key = k;
          // The worker's part: the entry was handed over in flight, and the service refused it.
          later(20, () => db.outbox.where('key').equals(k).modify({ state: 'failed', error: refusal.toJSON() }));
        },
      },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ field: 'custom', message: 'refusal.aliasTaken' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toBeUndefined();
  });

  it('no answer within the wait: it stays queued, as it was', async () => {
    const { db } = setup();
    const { key, made } = await createAnswered(db, (c) => actions.create(c, 'channel', { name: 'Launch' }), {
      waitMs: 50,
    });
    expect(made).toBeNull();
    expect(await db.outbox.where('key').equals(key).count()).toBe(1);
    expect((await db.channels.get(key))?.sync).toBe('pending');
  });

  it('the service known to be out of reach: queued at once, not after the wait', async () => {
    const { db, ctx } = setup();
    await writeMeta(db, reachabilityKey, { reachable: false, since: 1, message: null });
    const key = await actions.create(ctx, 'channel', { name: 'Launch' });
    // A wait far longer than the test's own time limit: only "queued at once" passes.
    expect(await answerTo(db, key, 60_000)).toEqual({ state: 'queued' });
  });

  it('a try that failed and will be tried again (rate limit, timeout): queued', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'qr', { type: 'text', data: 'x' });
    const busy = new ApiError({ kind: 'rate-limited', message: 'service.tooMany {"seconds":30}' });
    later(20, () =>
      db.outbox
        .where('key')
        .equals(key)
        .modify({ error: busy.toJSON(), notBefore: Date.now() + 30_000 }),
    );
    expect(await answerTo(db, key, 60_000)).toEqual({ state: 'queued' });
    expect(await db.outbox.where('key').equals(key).count()).toBe(1);
  });

  it("made as soon as the worker's reply names its record, before the news of the write arrives", async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', { input: { url: 'https://example.com/a' } });
    // The entry is still there: only the reply can say it went.
    const sent = Promise.resolve({ sentKeys: [key], made: {} });
    expect(await answerTo(db, key, 60_000, sent)).toEqual({ state: 'made', fields: {} });
  });

  it("made with the service's answer when the reply carries it, before the worker wrote it", async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', { input: { url: 'https://example.com/a' } });
    const sent = Promise.resolve({ sentKeys: [], made: { [key]: { id: 7, shorturl: 'https://s.test/x' } } });
    expect(await answerTo(db, key, 60_000, sent)).toEqual({
      state: 'made',
      fields: { id: 7, shorturl: 'https://s.test/x' },
    });
  });

  it('a reply that names other records leaves the answer to the outbox', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'link', { input: { url: 'https://example.com/a' } });
    const sent = Promise.resolve({ sentKeys: ['someone-else'], made: { other: { id: 1 } } });
    expect(await answerTo(db, key, 50, sent)).toEqual({ state: 'queued' });
  });

  it('made by the time the form asks: answered at once', async () => {
    const { db } = setup();
    const made = async (c: actions.ActionContext) => {
      const key = await actions.create(c, 'campaign', { name: 'Spring' });
      await db.outbox.clear();
      return key;
    };
    expect(await createAnswered(db, made, { waitMs: 60_000 })).toMatchObject({ made: {} });
  });
});

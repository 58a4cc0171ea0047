import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import * as actions from '@/lib/sync/actions';
import { answered, answerTo } from '@/lib/sync/answer';
import { REACHABILITY_KEY } from '@/lib/sync/reachability';
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
    const key = await actions.createLink(ctx, { input: { url: 'https://example.com/a' } });
    later(20, () => db.outbox.where('key').equals(key).delete());
    expect(await answerTo(db, key, 5_000)).toEqual({ state: 'made' });
  });

  it('refused: the create is taken back, record and entry, and the refusal comes to the form', async () => {
    const { db, ctx } = setup();
    const key = await actions.createLink(ctx, { input: { url: 'https://example.com/a', custom: 'taken' } });
    later(20, () => db.outbox.where('key').equals(key).modify({ state: 'failed', error: refusal.toJSON() }));
    const error = await answered(ctx, key, 5_000).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ field: 'custom', message: 'refusal.aliasTaken' });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.links.get(key)).toBeUndefined();
  });

  it('no answer within the wait: it stays queued, as it was', async () => {
    const { db, ctx } = setup();
    const key = await actions.createChannel(ctx, { name: 'Launch' });
    expect(await answered(ctx, key, 50)).toBe(false);
    expect(await db.outbox.where('key').equals(key).count()).toBe(1);
    expect((await db.channels.get(key))?.sync).toBe('pending');
  });

  it('the service known to be out of reach: queued at once, not after the wait', async () => {
    const { db, ctx } = setup();
    await db.meta.put({ key: REACHABILITY_KEY, value: { reachable: false, since: 1, message: null } });
    const key = await actions.createChannel(ctx, { name: 'Launch' });
    // A wait far longer than the test's own time limit: only "queued at once" passes.
    expect(await answerTo(db, key, 60_000)).toEqual({ state: 'queued' });
  });

  it('a try that failed and will be tried again (rate limit, timeout): queued', async () => {
    const { db, ctx } = setup();
    const key = await actions.createQrCode(ctx, { type: 'text', data: 'x' });
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
    const key = await actions.createLink(ctx, { input: { url: 'https://example.com/a' } });
    // The entry is still there: only the reply can say it went.
    expect(await answerTo(db, key, 60_000, Promise.resolve([key]))).toEqual({ state: 'made' });
  });

  it('a reply that names other records leaves the answer to the outbox', async () => {
    const { db, ctx } = setup();
    const key = await actions.createLink(ctx, { input: { url: 'https://example.com/a' } });
    expect(await answerTo(db, key, 50, Promise.resolve(['someone-else']))).toEqual({ state: 'queued' });
  });

  it('made by the time the form asks: answered at once', async () => {
    const { db, ctx } = setup();
    const key = await actions.createCampaign(ctx, { name: 'Spring' });
    await db.outbox.clear();
    expect(await answered(ctx, key, 60_000)).toBe(true);
  });
});

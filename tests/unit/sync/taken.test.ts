import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { hostOf } from '@/lib/kinds/domain';
import * as actions from '@/lib/sync/actions';
import { freshDb } from './db';

const setup = () => {
  const db = freshDb();
  return { db, ctx: { db, now: () => Date.UTC(2026, 10, 22, 12) } };
};

/** The refusal an action threw, or null when it queued the change. */
async function refusal(action: Promise<unknown>): Promise<Pick<ApiError, 'field' | 'message'> | null> {
  try {
    await action;
    return null;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { field: error.field, message: error.message };
  }
}

describe('what the mirror knows to be taken is refused before it is queued, offline too', () => {
  it('an alias among the account’s links, whatever its case: at the alias, with nothing queued', async () => {
    const { db, ctx } = setup();
    await actions.create(ctx, 'link', { input: { url: 'https://example.com/a', custom: 'Launch' } });
    const before = await db.outbox.count();
    expect(
      await refusal(actions.create(ctx, 'link', { input: { url: 'https://example.com/b', custom: 'launch' } })),
    ).toEqual({ field: 'custom', message: 'refusal.aliasTaken' });
    expect(await db.outbox.count()).toBe(before);
    expect(await db.links.count()).toBe(1);
  });

  it('a link without an alias, or with a free one, is queued', async () => {
    const { ctx } = setup();
    await actions.create(ctx, 'link', { input: { url: 'https://example.com/a', custom: 'one' } });
    expect(await refusal(actions.create(ctx, 'link', { input: { url: 'https://example.com/a' } }))).toBeNull();
    expect(
      await refusal(actions.create(ctx, 'link', { input: { url: 'https://example.com/a', custom: 'two' } })),
    ).toBeNull();
  });

  it('a campaign or channel name already used, compared ignoring case', async () => {
    const { ctx } = setup();
    await actions.create(ctx, 'campaign', { name: 'Spring Sale' });
    await actions.create(ctx, 'channel', { name: 'Newsletter' });
    expect(await refusal(actions.create(ctx, 'campaign', { name: 'spring sale' }))).toEqual({
      field: 'name',
      message: 'refusal.campaignNameUsed',
    });
    expect(await refusal(actions.create(ctx, 'channel', { name: 'NEWSLETTER' }))).toEqual({
      field: 'name',
      message: 'refusal.channelNameUsed',
    });
    // A channel and a campaign may share a name: the service keeps them apart.
    expect(await refusal(actions.create(ctx, 'channel', { name: 'Spring Sale' }))).toBeNull();
  });

  it('a rename to a name another record holds, while keeping its own name is no conflict', async () => {
    const { ctx } = setup();
    await actions.create(ctx, 'campaign', { name: 'Spring sale' });
    const autumn = await actions.create(ctx, 'campaign', { name: 'Autumn' });
    const letter = await actions.create(ctx, 'channel', { name: 'Newsletter' });
    await actions.create(ctx, 'channel', { name: 'Launch' });
    expect(await refusal(actions.update(ctx, 'campaign', autumn, { name: 'SPRING SALE' }))).toEqual({
      field: 'name',
      message: 'refusal.campaignNameUsed',
    });
    expect(await refusal(actions.update(ctx, 'channel', letter, { name: 'launch' }))).toEqual({
      field: 'name',
      message: 'refusal.channelNameUsed',
    });
    expect(await refusal(actions.update(ctx, 'campaign', autumn, { name: 'Autumn', public: true }))).toBeNull();
    expect(await refusal(actions.update(ctx, 'channel', letter, { name: 'Newsletter (weekly)' }))).toBeNull();
  });

  it('a rotator slug already taken', async () => {
    const { ctx } = setup();
    await actions.create(ctx, 'campaign', { name: 'A', slug: 'spring' });
    expect(await refusal(actions.create(ctx, 'campaign', { name: 'B', slug: 'Spring' }))).toEqual({
      field: 'slug',
      message: 'refusal.slugTaken',
    });
  });

  it('a branded domain by its host: another scheme or a trailing slash is the same domain', async () => {
    const { ctx } = setup();
    await actions.create(ctx, 'domain', { domain: 'https://go.example.com' });
    for (const domain of ['http://go.example.com', 'https://go.example.com/'])
      expect(await refusal(actions.create(ctx, 'domain', { domain }))).toEqual({
        field: 'domain',
        message: 'refusal.domainRegistered',
      });
    expect(await refusal(actions.create(ctx, 'domain', { domain: 'https://go2.example.com' }))).toBeNull();
    expect(hostOf('https://Go.Example.com.:8443')).toBe('go.example.com:8443');
  });

  it('a record whose own create was refused holds nothing on the service, and does not count', async () => {
    const { db, ctx } = setup();
    const key = await actions.create(ctx, 'channel', { name: 'Launch' });
    await db.channels.update(key, { sync: 'failed' });
    expect(await refusal(actions.create(ctx, 'channel', { name: 'Launch' }))).toBeNull();
  });

  it('a queued create edited to a taken name is refused; its own name is not taken from itself', async () => {
    const { db, ctx } = setup();
    await actions.create(ctx, 'channel', { name: 'Launch' });
    await actions.create(ctx, 'channel', { name: 'Other' });
    const [, other] = await db.outbox.orderBy('seq').toArray();
    expect(await refusal(actions.editQueuedCreate(ctx, other!.seq!, { name: 'launch' }))).toEqual({
      field: 'name',
      message: 'refusal.channelNameUsed',
    });
    // Refused, the edit changed nothing.
    expect((await db.channels.get(other!.key))?.name).toBe('Other');
    expect(await refusal(actions.editQueuedCreate(ctx, other!.seq!, { name: 'Other', color: '#112233' }))).toBeNull();
  });
});

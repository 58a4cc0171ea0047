import { describe, expect, it } from 'vitest';
import { bulkProgress, queueLinks } from '@/lib/bulk/queue';
import * as actions from '@/lib/sync/actions';
import { freshDb } from '../sync/db';

describe('bulk shortening', () => {
  it('queues every link with its alias, channel and campaign, in one go and in order', async () => {
    const db = freshDb();
    const channel = await actions.createChannel({ db }, { name: 'Launch' });
    const items: { url: string; alias?: string }[] = Array.from({ length: 50 }, (_, i) => ({
      url: `https://example.com/${i}`,
    }));
    items[3] = { url: 'https://example.com/3', alias: 'third-one' };
    const keys = await queueLinks({ db }, items, {
      channelKey: channel,
      campaignKey: null,
      fields: { status: 'public' },
    });
    expect(keys).toHaveLength(50);
    const rows = await db.links.bulkGet(keys);
    expect(rows.map((r) => r?.longurl)).toEqual(items.map((i) => i.url));
    expect(rows[3]?.alias).toBe('third-one');
    const creates = (await db.outbox.toArray()).filter((e) => e.kind === 'link');
    expect(creates).toHaveLength(50);
    expect(await db.channelItems.where('channelKey').equals(channel).count()).toBe(50);
    expect(bulkProgress(rows)).toEqual({ done: 0, refused: 0, total: 50 });
    db.close();
  });

  it('queues nothing when one line is refused', async () => {
    const db = freshDb();
    await expect(
      queueLinks({ db }, [{ url: 'https://example.com/ok' }, { url: 'not a url' }], {
        channelKey: null,
        campaignKey: null,
      }),
    ).rejects.toThrow();
    expect(await db.links.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    db.close();
  });
});

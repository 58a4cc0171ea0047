import { describe, expect, it } from 'vitest';
import { DB_NAME } from '@/lib/db/names';
import { database, databaseNamed, showDatabase } from '@/lib/db/open';
import { placementInMirror } from '@/lib/links/queries';

describe('the database a context reads', () => {
  it('is one handle per name, and a page’s views read the database of the connection it shows', async () => {
    expect(databaseNamed('linkpilot-x')).toBe(databaseNamed('linkpilot-x'));
    expect(databaseNamed('linkpilot-x')).not.toBe(databaseNamed('linkpilot-y'));
    expect(database().name).toBe(DB_NAME);

    showDatabase('linkpilot-y');
    expect(database()).toBe(databaseNamed('linkpilot-y'));
    await database().meta.put({ key: 'seen', value: 'y' });
    expect(await databaseNamed('linkpilot-x').meta.get('seen')).toBeUndefined();

    // Not connected: the database of version 1, which the first connection takes.
    showDatabase(undefined);
    expect(database().name).toBe(DB_NAME);
  });
});

describe('a new link’s channel and campaign', () => {
  it('are kept when this mirror holds them, and left out when they belong to another connection’s', async () => {
    const mine = databaseNamed('linkpilot-mine');
    const other = databaseNamed('linkpilot-other');
    const channel = { key: 'ch', id: 1, sync: 'synced' as const, pulledAt: 1, name: 'News', description: '' };
    await mine.channels.put({ ...channel, color: null, starred: false });
    await mine.campaigns.put({
      key: 'ca',
      id: 2,
      sync: 'synced',
      pulledAt: 1,
      name: 'Spring',
      slug: null,
      public: false,
      rotator: null,
      list: '',
    });
    const placement = { channelKey: 'ch', campaignKey: 'ca', priority: 0 as const };
    expect(await placementInMirror(mine, placement)).toEqual(placement);
    expect(await placementInMirror(other, placement)).toEqual({ channelKey: null, campaignKey: null, priority: 0 });
  });
});

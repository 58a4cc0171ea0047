import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { registerOwnVisitHosts } from '@/entrypoints/background/own-visit-hosts';
import { type Connection, connectionsItem } from '@/lib/settings/connection';
import { ownVisitHostsItem, ownVisitsOnItem } from '@/lib/settings/own-visits';

const connection = (id: string, baseUrl: string): Connection => ({
  id,
  baseUrl,
  apiKey: `key-${id}`,
  connectedAt: '',
  email: null,
  accountId: null,
  database: `db-${id}`,
});

describe('the worker gives branded hosts back', () => {
  it('when a connection is removed, then when the setting is turned off', async () => {
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
    const a = connection('a', 'https://a.test');
    const b = connection('b', 'https://b.test');
    await connectionsItem.setValue({ activeId: 'a', list: [a, b] });
    await ownVisitsOnItem.setValue(true);
    await ownVisitHostsItem.setValue({ 'db-a': ['https://brand-a.test/*'], 'db-b': ['https://brand-b.test/*'] });
    registerOwnVisitHosts();
    await vi.waitFor(() => expect(ownVisitHostsItem.getValue()).resolves.toHaveProperty('db-b'));
    expect(remove).not.toHaveBeenCalled();

    await connectionsItem.setValue({ activeId: 'a', list: [a] });
    await vi.waitFor(() => expect(remove).toHaveBeenCalledWith({ origins: ['https://brand-b.test/*'] }));
    await vi.waitFor(() =>
      expect(ownVisitHostsItem.getValue()).resolves.toEqual({ 'db-a': ['https://brand-a.test/*'] }),
    );

    await ownVisitsOnItem.setValue(false);
    await vi.waitFor(() => expect(remove).toHaveBeenCalledWith({ origins: ['https://brand-a.test/*'] }));
    await vi.waitFor(() => expect(ownVisitHostsItem.getValue()).resolves.toEqual({}));
    expect(remove).toHaveBeenCalledTimes(2);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { opensWelcome, registerWelcome } from '@/entrypoints/background/welcome';

describe('the welcome page', () => {
  it('opens on a first install only', () => {
    expect(opensWelcome({ reason: 'install' })).toBe(true);
    for (const reason of ['update', 'chrome_update', 'browser_update', 'shared_module_update'])
      expect(opensWelcome({ reason })).toBe(false);
  });

  it('is opened in a tab by the worker when installed, and nothing opens on an update', async () => {
    const welcome = fakeBrowser.runtime.getURL('/welcome.html');
    const welcomeTabs = async () => (await fakeBrowser.tabs.query({})).filter((tab) => tab.url === welcome).length;
    registerWelcome();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'update', previousVersion: '1.0.0', temporary: false });
    expect(await welcomeTabs()).toBe(0);
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await vi.waitFor(async () => expect(await welcomeTabs()).toBe(1));
  });
});

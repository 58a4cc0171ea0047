import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { showSyncBadge } from '@/lib/browser/badge';

const button = () => ({
  setBadgeText: vi.fn().mockResolvedValue(undefined),
  setBadgeBackgroundColor: vi.fn().mockResolvedValue(undefined),
  setTitle: vi.fn().mockResolvedValue(undefined),
});
const fake = fakeBrowser as unknown as Record<'action' | 'browserAction', unknown>;
const { action, browserAction } = fake;

describe('the toolbar badge', () => {
  afterEach(() => {
    fake.action = action;
    fake.browserAction = browserAction;
  });

  it("counts the waiting changes on Manifest V3's action", async () => {
    const mv3 = button();
    fake.action = mv3;
    await showSyncBadge(2, 0);
    expect(mv3.setBadgeText).toHaveBeenCalledWith({ text: '2' });
  });

  it('counts them on browserAction where there is no action (the Firefox build, Manifest V2)', async () => {
    const mv2 = button();
    fake.action = undefined;
    fake.browserAction = mv2;
    await showSyncBadge(0, 1);
    expect(mv2.setBadgeText).toHaveBeenCalledWith({ text: '!' });
    expect(mv2.setBadgeBackgroundColor).toHaveBeenCalledWith({ color: '#b3261e' });
    expect(mv2.setTitle).toHaveBeenCalledTimes(1);
  });
});

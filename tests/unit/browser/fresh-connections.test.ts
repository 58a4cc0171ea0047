import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import {
  FRESH_CONNECTION_RULE_ID,
  freshConnectionRule,
  installFreshConnectionRule,
} from '@/lib/browser/fresh-connections';

describe('freshConnectionRule', () => {
  it('closes the connection after each request this extension makes, and touches no one else’s', () => {
    const rule = freshConnectionRule('abcdefghijklmnop');
    expect(rule.id).toBe(FRESH_CONNECTION_RULE_ID);
    expect(rule.action).toEqual({
      type: 'modifyHeaders',
      requestHeaders: [{ header: 'Connection', operation: 'set', value: 'close' }],
    });
    expect(rule.condition.initiatorDomains).toEqual(['abcdefghijklmnop']);
    expect(rule.condition.resourceTypes).toEqual(['xmlhttprequest']);
    expect(rule.condition).not.toHaveProperty('urlFilter');
  });
});

describe('installFreshConnectionRule', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces its one session rule, scoped to the extension’s own origin', async () => {
    const update = vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateSessionRules').mockResolvedValue(undefined);
    await expect(installFreshConnectionRule()).resolves.toBe(true);
    const host = new URL(fakeBrowser.runtime.getURL('/')).host;
    expect(host).not.toBe('');
    expect(update).toHaveBeenCalledWith({
      removeRuleIds: [FRESH_CONNECTION_RULE_ID],
      addRules: [freshConnectionRule(host)],
    });
  });

  it('says so when the browser refuses the rule, and requests still go out', async () => {
    vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateSessionRules').mockRejectedValue(
      new Error('modifyHeaders is not supported'),
    );
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await expect(installFreshConnectionRule()).resolves.toBe(false);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('reusing connections'), expect.any(Error));
  });
});

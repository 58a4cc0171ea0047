import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { isApiError } from '@/lib/api/errors';
import { connectionChangesAsked, keepSnapshot, readSnapshot } from '@/lib/browser/first-screen-snapshot';
import { errorInWords } from '@/lib/browser/problems-in-words';
import { newLocalKey } from '@/lib/db/keys';
import { SHOWN_KINDS } from '@/lib/kinds/shown';
import { refreshTargetOf, requestSchema } from '@/lib/messages/protocol';
import { sendRequest } from '@/lib/messages/send';
import { fakePage, memoryStorage } from '../browser/page-fakes';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page → worker messages', () => {
  it('accepts each known request and refuses foreign or malformed ones', () => {
    expect(requestSchema.safeParse({ type: 'sync.kick' }).success).toBe(true);
    expect(requestSchema.safeParse({ type: 'link.refresh', key: 'l1' }).success).toBe(true);
    expect(requestSchema.safeParse({ type: 'link.refresh', key: '' }).success).toBe(false);
    expect(requestSchema.safeParse({ type: 'tabs.steal' }).success).toBe(false);
    expect(requestSchema.safeParse({ type: 'link.lookup', shortUrl: 'x'.repeat(5000) }).success).toBe(false);
  });

  it('has one refresh message per kind a page may show, naming the target the worker refreshes', () => {
    for (const kind of SHOWN_KINDS) {
      const message = { type: `${kind}.refresh`, key: 'k1' } as const;
      expect(requestSchema.safeParse(message).success).toBe(true);
      expect(refreshTargetOf(message)).toEqual({ type: kind, key: 'k1' });
    }
    expect(SHOWN_KINDS).toEqual(expect.arrayContaining(['link', 'qr', 'channel']));
    expect(requestSchema.safeParse({ type: 'campaign.refresh', key: 'k1' }).success).toBe(false);
  });

  it('takes a hand-over of own changes only as named entries of a named database, boundedly', () => {
    const own = (entries: unknown, database: unknown = 'linkpilot-c1') => ({
      type: 'sync.kick',
      own: { database, entries },
    });
    expect(requestSchema.safeParse(own([{ seq: 4, key: 'l_abc' }])).success).toBe(true);
    expect(requestSchema.safeParse(own([{ seq: -1, key: 'l_abc' }])).success).toBe(false);
    expect(requestSchema.safeParse(own([{ seq: 1.5, key: 'l_abc' }])).success).toBe(false);
    expect(requestSchema.safeParse(own([{ seq: 4 }])).success).toBe(false);
    expect(requestSchema.safeParse(own([{ seq: 4, key: 'l' }], '')).success).toBe(false);
    const many = Array.from({ length: 101 }, (_, i) => ({ seq: i + 1, key: `l${i}` }));
    expect(requestSchema.safeParse(own(many)).success).toBe(false);
  });

  it('takes a link to make only under a key made here, its fields left to the API schema the worker checks', () => {
    const shorten = (key: unknown, placement: unknown = { channelKey: null, campaignKey: 'l1' }) => ({
      type: 'link.shorten',
      key,
      fields: { url: 'https://example.com/', custom: 42 },
      placement,
    });
    expect(requestSchema.safeParse(shorten(newLocalKey())).success).toBe(true);
    // A pulled record's key names a link the service made, not one this page asks for.
    expect(requestSchema.safeParse(shorten('s000000000007')).success).toBe(false);
    expect(requestSchema.safeParse(shorten(`${newLocalKey()}x`)).success).toBe(false);
    expect(requestSchema.safeParse(shorten(newLocalKey(), { channelKey: null })).success).toBe(false);
  });

  it('returns the data of a successful reply and rethrows a failed one as ApiError', async () => {
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const type = (message as { type: string }).type;
      if (type === 'sync.pull') return Promise.resolve({ ok: true, data: { started: true } });
      return Promise.resolve({ ok: false, error: { kind: 'auth', message: 'The API key was refused.' } });
    });
    await expect(sendRequest({ type: 'sync.pull' })).resolves.toEqual({ started: true });
    const error = await sendRequest({ type: 'sync.kick' }).catch((e: unknown) => e);
    expect(isApiError(error) && error.kind).toBe('auth');
  });

  it("forgets the popup's picture before asking for another connection, and only then", async () => {
    fakeBrowser.runtime.onMessage.addListener(() => Promise.resolve({ ok: true, data: {} }));
    const store = memoryStorage();
    vi.stubGlobal('localStorage', store);
    const keep = () => keepSnapshot('<p>the list</p>', 'mirror-1', 'en', fakePage().page, { store });
    keep();
    await sendRequest({ type: 'sync.pull' });
    expect(readSnapshot('en', store)).not.toBeNull();
    const asked = connectionChangesAsked();
    for (const request of [
      { type: 'connection.activate', id: 'c2' },
      { type: 'connection.remove', id: 'c2' },
      { type: 'connection.connect', serviceUrl: 'https://links.example', apiKey: 'k'.repeat(16) },
    ] as const) {
      keep();
      await sendRequest(request).catch(() => undefined);
      expect(readSnapshot('en', store)).toBeNull();
    }
    expect(connectionChangesAsked()).toBe(asked + 3);
  });

  it('explains a worker that does not answer', async () => {
    const error = await sendRequest({ type: 'sync.pull' }).catch((e: unknown) => e);
    expect(isApiError(error) && errorInWords(error, '')).toBe(
      'The background worker did not answer. Reload the extension.',
    );
  });
});

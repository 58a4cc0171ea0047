import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import background from '@/entrypoints/background';
import { ALARM_TICK, countConnectionChanges, storedConnection, wakeAlarmOf } from '@/entrypoints/background/sync';
import { readMeta, writeMeta } from '@/lib/db/meta';
import { DB_NAME } from '@/lib/db/names';
import { database, databaseNamed } from '@/lib/db/open';
import { HEAD_COLLECTIONS } from '@/lib/refresh/head';
import { COLLECTIONS, pullCursorKey, pullStatusKeys } from '@/lib/refresh/pull';
import { type Connection, connectionsItem } from '@/lib/settings/connection';
import { linkDefaultsItem } from '@/lib/settings/link-defaults';
import { utmPresetsItem } from '@/lib/settings/utm-presets';
import * as actions from '@/lib/sync/actions';
import { fakeService, page } from '../sync/fake-service';

/** Listeners the worker registers on APIs the fake browser leaves out, captured to be called as the browser would. */
const captured: Record<string, (...args: never[]) => unknown> = {};
function capture(name: string, event: { addListener: (listener: never) => void }) {
  vi.spyOn(event, 'addListener').mockImplementation((listener: (...args: never[]) => unknown) => {
    captured[name] = listener;
  });
}

const service = fakeService(({ method, path, body }) => {
  if (method === 'POST' && path === '/api/url/add' && String(body?.url).startsWith('https://blocked.example/'))
    return { status: 400, body: { error: 1, message: 'url: this domain is not allowed' } };
  if (method === 'POST' && path === '/api/channel/add')
    return { body: { error: 0, id: 7, name: 'Queued', description: '', color: null, starred: false } };
  if (method === 'POST' && path === '/api/url/add') return { body: { error: 0, id: 9, shorturl: 'https://s.test/x' } };
  if (path === '/api/account') return { body: { error: 0, data: { id: 1, email: 'a@b.test' } } };
  return page(path === '/api/overlay' ? 'cta' : (path.split('/').pop() ?? ''), []);
});
const connection = (id: string, baseUrl: string, name: string): Connection => ({
  id,
  baseUrl,
  apiKey: `key-${id}`,
  connectedAt: '',
  email: null,
  accountId: null,
  database: name,
});
const first = connection('first', 'https://s.test', DB_NAME);
const second = connection('second', 'https://t.test', `${DB_NAME}-second`);
const connect = () => connectionsItem.setValue({ activeId: first.id, list: [first] });
const ALARM_WAKE = wakeAlarmOf(first.id);
const ownPage = () => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/dashboard.html') });
/** Web Locks as the browser keeps them: one drain at a time per lock name, a second one skipped. */
const held = new Set<string>();
let taken = 0;
const locks = {
  async request<T>(name: string, _options: object, fn: (lock: object | null) => Promise<T>) {
    if (held.has(name)) return fn(null);
    held.add(name);
    taken += 1;
    try {
      return await fn({});
    } finally {
      held.delete(name);
    }
  },
};
const notifications = async () => Object.values(await fakeBrowser.notifications.getAll()).map((n) => n.title);

/** A message from the extension's own dashboard, as the worker's listener gets it; its reply. */
async function askOwn(message: unknown): Promise<unknown> {
  const reply = vi.fn();
  (captured.message as (m: unknown, s: object, r: typeof reply) => unknown)(message, ownPage(), reply);
  await vi.waitFor(() => expect(reply).toHaveBeenCalled());
  return reply.mock.calls[0]?.[0];
}

/** A mirror copied in full long ago: no copy is due, background refresh is. */
async function mirroredLongAgo(name: string): Promise<void> {
  for (const c of COLLECTIONS)
    await writeMeta(databaseNamed(name), pullStatusKeys.of(c), { lastPull: 1, page: 1, maxpage: 1, checkedAt: 1 });
}

/** Where each request went, and with which key. */
const wire: string[] = [];
const recordingFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  wire.push(`${new URL(request.url).host} ${request.headers.get('Authorization')} ${new URL(request.url).pathname}`);
  return service.fetch(input, init);
};

beforeEach(async () => {
  for (const c of [first, second]) {
    const db = databaseNamed(c.database);
    await Promise.all(db.tables.map((t) => t.clear()));
  }
  service.requests.length = 0;
  wire.length = 0;
  taken = 0;
  // Node 20 has no navigator; the worker reads navigator.onLine and takes a Web Lock for each drain.
  vi.stubGlobal('navigator', { onLine: true, locks });
  vi.stubGlobal('fetch', recordingFetch);
  vi.spyOn(fakeBrowser.declarativeNetRequest, 'updateSessionRules').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'removeAll').mockResolvedValue(undefined);
  vi.spyOn(fakeBrowser.contextMenus, 'create').mockReturnValue(1);
  // The fake browser has no omnibox: the worker's listeners are only held (tests/e2e/omnibox.spec.ts runs them).
  const holding = () => ({ addListener: vi.fn(), removeListener: vi.fn(), hasListener: vi.fn() });
  Object.assign(fakeBrowser.omnibox, {
    setDefaultSuggestion: vi.fn(async () => undefined),
    onInputStarted: holding(),
    onInputChanged: holding(),
    onInputEntered: holding(),
    onInputCancelled: holding(),
  });
  capture('menu', fakeBrowser.contextMenus.onClicked);
  capture('command', fakeBrowser.commands.onCommand);
  capture('message', fakeBrowser.runtime.onMessage);
});
afterEach(async () => {
  // A drain a test set off may still be finishing: it needs the stubs until it ends.
  await vi.waitFor(() => expect(held.size).toBe(0));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the background worker', () => {
  it("an engine's connection says whether storage has changed since it was read, the worker's own writes too", async () => {
    await connect();
    const read = storedConnection(first.id, Promise.resolve(), countConnectionChanges());
    const before = await read();
    expect(before).toMatchObject({ baseUrl: first.baseUrl, apiKey: first.apiKey });
    expect(before?.unchanged?.()).toBe(true);
    await connectionsItem.setValue({ activeId: first.id, list: [{ ...first, apiKey: 'key-new' }] });
    await vi.waitFor(() => expect(before?.unchanged?.()).toBe(false));
    const after = await read();
    expect(after).toMatchObject({ apiKey: 'key-new' });
    expect(after?.unchanged?.()).toBe(true);
    await connectionsItem.setValue({ activeId: null, list: [] });
    await vi.waitFor(() => expect(after?.unchanged?.()).toBe(false));
    expect(await read()).toBeNull();
  });

  it('on start schedules its checks, and sends what waits once connected', async () => {
    await actions.create({ db: database() }, 'channel', { name: 'Queued' });
    background.main();
    expect((await fakeBrowser.alarms.getAll()).map((a) => [a.name, a.periodInMinutes]).sort()).toEqual([
      [ALARM_TICK, 1],
    ]);
    await vi.waitFor(() => expect(held.size).toBe(0));
    expect(service.requests).toHaveLength(0);

    await connect();
    await vi.waitFor(async () => expect(await database().outbox.count()).toBe(0));
    expect(service.sent()).toEqual(['POST /api/channel/add']);
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
  });

  it('one engine per connection: a change queued for one goes to its service alone, with its key, after a switch; the badge counts the active one', async () => {
    // The second connection's service holds its answers until the end: its changes stay in flight.
    let answer = () => {};
    const held_back = new Promise<void>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (new URL(new Request(input, init).url).host === 't.test') await held_back;
      return recordingFetch(input, init);
    });
    await connectionsItem.setValue({ activeId: second.id, list: [first, second] });
    await actions.create({ db: databaseNamed(second.database) }, 'channel', { name: 'For the second' });
    await actions.create({ db: databaseNamed(second.database) }, 'channel', { name: 'Also for the second' });
    background.main();
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('2'));

    // Queued while the second is active, for the first; then the person switches to the first.
    await actions.create({ db: databaseNamed(first.database) }, 'channel', { name: 'For the first' });
    await connectionsItem.setValue({ activeId: first.id, list: [first, second] });
    await vi.waitFor(async () => expect(await databaseNamed(first.database).outbox.count()).toBe(0));
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
    expect(wire.filter((w) => w.endsWith('/api/channel/add'))).toEqual(['s.test Bearer key-first /api/channel/add']);
    expect(wire.every((w) => w.startsWith('s.test Bearer key-first '))).toBe(true);
    expect(await databaseNamed(second.database).outbox.count()).toBe(2);

    // Switching back shows the second's queue again; once its service answers, its changes go there.
    await connectionsItem.setValue({ activeId: second.id, list: [first, second] });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('2'));
    answer();
    await vi.waitFor(async () => expect(await databaseNamed(second.database).outbox.count()).toBe(0));
    await vi.waitFor(() => expect(held.size).toBe(0));
    expect(wire.filter((w) => w.endsWith('/api/channel/add'))).toEqual([
      's.test Bearer key-first /api/channel/add',
      't.test Bearer key-second /api/channel/add',
      't.test Bearer key-second /api/channel/add',
    ]);
    expect(wire.filter((w) => w.startsWith('t.test')).every((w) => w.includes('Bearer key-second'))).toBe(true);
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe(''));
  });

  it('the badge counts the queue a moment after it changed: a change gone within that moment never shows on it', async () => {
    const shown = vi.spyOn(fakeBrowser.action, 'setBadgeText');
    await connect();
    background.main();
    // The count the worker starts with.
    await vi.waitFor(() => expect(shown).toHaveBeenCalledWith({ text: '' }));
    await vi.waitFor(() => expect(held.size).toBe(0));
    shown.mockClear();

    // Queued and gone again at once (as a person's new link is, sent the instant it is made).
    await actions.create({ db: database() }, 'channel', { name: 'Quick' });
    await database().outbox.clear();
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(shown.mock.calls.map(([details]) => details.text)).not.toContain('1');

    // A change that stays is counted; so are several queued in a burst, once they are all there.
    shown.mockClear();
    for (const name of ['One', 'Two', 'Three']) await actions.create({ db: database() }, 'channel', { name });
    await vi.waitFor(async () => expect(await fakeBrowser.action.getBadgeText({})).toBe('3'));
    expect(shown.mock.calls.map(([details]) => details.text)).toEqual(['3']);
    await database().outbox.clear();
  });

  it("gives back host access to a removed connection's origin, and keeps the one still used", async () => {
    const remove = vi.spyOn(fakeBrowser.permissions, 'remove').mockResolvedValue(true);
    await connectionsItem.setValue({ activeId: first.id, list: [first, second] });
    background.main();
    await connectionsItem.setValue({ activeId: first.id, list: [first] });
    await vi.waitFor(() => expect(remove).toHaveBeenCalledWith({ origins: ['https://t.test/*'] }));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('once the mirror is copied, the tick reads each list from its newest end when due, one page each, and asks to be woken for the next', async () => {
    await connect();
    // A mirror copied long ago: every list's head check is due.
    for (const c of COLLECTIONS)
      await writeMeta(database(), pullStatusKeys.of(c), { lastPull: 1, page: 1, maxpage: 1, checkedAt: 1 });
    background.main();
    await fakeBrowser.alarms.onAlarm.trigger({ name: ALARM_TICK, scheduledTime: Date.now() });
    await vi.waitFor(async () => expect(await fakeBrowser.alarms.get(ALARM_WAKE)).toBeDefined());
    expect(service.sent().sort()).toEqual(
      [
        'GET /api/account',
        'GET /api/campaigns',
        'GET /api/channels',
        'GET /api/domains',
        'GET /api/overlay',
        'GET /api/pixels',
        'GET /api/qr',
        'GET /api/splash',
        'GET /api/urls',
      ].sort(),
    );
    expect(service.requests.filter((r) => r.path !== '/api/account').every((r) => r.query.includes('page=1'))).toBe(
      true,
    );
    expect(HEAD_COLLECTIONS).toHaveLength(service.requests.length);
    // The next head check (links, in five minutes) is what it wakes for: no full re-read is queued.
    expect((await fakeBrowser.alarms.get(ALARM_WAKE))!.scheduledTime).toBeGreaterThan(Date.now() + 4 * 60_000);
    expect(await readMeta(database(), pullCursorKey)).toBeNull();
  });

  it('answers its own pages, ignores web pages, and refuses a message it does not know', async () => {
    background.main();
    const ask = async (message: unknown, sender: object) => {
      const reply = vi.fn();
      const kept = (captured.message as (m: unknown, s: object, r: typeof reply) => unknown)(message, sender, reply);
      if (kept) await vi.waitFor(() => expect(reply).toHaveBeenCalled());
      return { kept, reply: reply.mock.calls[0]?.[0] };
    };
    // Not connected, a request about the connection is answered with why not.
    expect((await ask({ type: 'sync.pull' }, ownPage())).reply).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: 'Linkpilot is not connected to a service.' },
    });
    await connect();
    // Once the drain the new connection set off has ended, the pull asked for is what reads the service.
    await vi.waitFor(() => expect([taken > 0, held.size]).toEqual([true, 0]));
    service.requests.length = 0;
    expect(await ask({ type: 'sync.pull' }, ownPage())).toEqual({
      kept: true,
      reply: { ok: true, data: { started: true } },
    });
    await vi.waitFor(() => expect(service.sent()).toContain('GET /api/account'));
    expect(await ask({ type: 'sync.pull' }, { id: fakeBrowser.runtime.id, url: 'https://evil.test/' })).toEqual({
      kept: undefined,
      reply: undefined,
    });
    expect((await ask({ type: 'link.delete', key: 'x' }, ownPage())).reply).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: 'Unknown or malformed request.' },
    });
  });

  it('a connection added beside the active one gets its first copy at once, from its own service', async () => {
    await connect();
    await mirroredLongAgo(first.database);
    background.main();
    await vi.waitFor(() => expect(held.size).toBe(0));
    wire.length = 0;
    const reply = await askOwn({
      type: 'connection.connect',
      serviceUrl: 'https://t.test',
      apiKey: 'k'.repeat(16),
      activate: false,
    });
    expect(reply).toMatchObject({ ok: true, data: { baseUrl: 'https://t.test' } });
    // Still the first is active; the second's lists are read from its own service, with its own key.
    expect((await connectionsItem.getValue()).activeId).toBe(first.id);
    await vi.waitFor(() => expect(wire).toContain(`t.test Bearer ${'k'.repeat(16)} /api/urls`));
  });

  it('switching to a connection never copied starts its copy; switching to a copied one reads it no more than background refresh does', async () => {
    await connectionsItem.setValue({ activeId: first.id, list: [first, second] });
    await mirroredLongAgo(first.database);
    background.main();
    expect(await askOwn({ type: 'connection.activate', id: second.id })).toEqual({
      ok: true,
      data: { activated: true },
    });
    await vi.waitFor(() => expect(wire).toContain('t.test Bearer key-second /api/urls'));
    await vi.waitFor(async () => expect(await readMeta(databaseNamed(second.database), pullCursorKey)).toBeNull());
    await vi.waitFor(() => expect(held.size).toBe(0));

    // Back to the first, copied long ago: its head checks, no requested walk of every list.
    expect(await askOwn({ type: 'connection.activate', id: first.id })).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(wire.some((w) => w.startsWith('s.test'))).toBe(true));
    expect(await readMeta(databaseNamed(first.database), pullCursorKey)).toBeNull();
  });

  it('"Shorten link" in the context menu makes the link at once and says the short URL is ready', async () => {
    await connect();
    background.main();
    await fakeBrowser.runtime.onInstalled.trigger({ reason: 'install', temporary: false });
    await vi.waitFor(() => expect(fakeBrowser.contextMenus.create).toHaveBeenCalledTimes(3));
    expect(vi.mocked(fakeBrowser.contextMenus.create).mock.calls.map(([item]) => [item.id, item.contexts])).toEqual([
      ['shorten-link', ['link']],
      ['shorten-page', ['page']],
      ['replace-in-field', ['editable']],
    ]);
    // The drain every start begins has ended: the shortcut's own drain sends the link.
    await vi.waitFor(() => expect([taken > 0, held.size]).toEqual([true, 0]));
    (captured.menu as (info: object, tab?: object) => void)({
      menuItemId: 'shorten-link',
      linkUrl: 'https://example.com/x',
    });
    await vi.waitFor(async () => expect(await notifications()).toEqual(['Short URL ready']));
    expect((await database().links.toArray()).map((l) => [l.longurl, l.shorturl])).toEqual([
      ['https://example.com/x', 'https://s.test/x'],
    ]);
  });

  it('the keyboard shortcut sends the link the popup would: the tab title, the defaults, the preset used last', async () => {
    await linkDefaultsItem.setValue({
      status: 'public',
      type: 'frame',
      domain: '',
      channelKey: null,
      campaignKey: null,
    });
    await utmPresetsItem.setValue({ presets: [{ name: 'news', utm: { source: 'newsletter' } }], lastUsed: 'news' });
    await connect();
    background.main();
    await vi.waitFor(() => expect([taken > 0, held.size]).toEqual([true, 0]));
    (captured.command as (command: string, tab?: object) => void)('shorten-current-tab', {
      url: 'https://example.com/y',
      title: ' The page ',
    });
    await vi.waitFor(async () => expect(await notifications()).toEqual(['Short URL ready']));
    expect(service.requests.find((r) => r.path === '/api/url/add')?.body).toEqual({
      url: 'https://example.com/y?utm_source=newsletter',
      metatitle: 'The page',
      status: 'public',
      type: 'frame',
    });
  });

  it('the keyboard shortcut on a page the service refuses: taken back, and the notification says why', async () => {
    await connect();
    background.main();
    await vi.waitFor(() => expect([taken > 0, held.size]).toEqual([true, 0]));
    (captured.command as (command: string, tab?: object) => void)('shorten-current-tab', {
      url: 'https://blocked.example/page',
      title: 'Blocked',
    });
    await vi.waitFor(async () => expect(await notifications()).toEqual(['The service refused this link']));
    const [shown] = Object.values(await fakeBrowser.notifications.getAll());
    expect(shown?.message).toContain('this domain is not allowed');
    expect(await database().outbox.count()).toBe(0);
    expect(await database().links.count()).toBe(0);
  });

  it('the keyboard shortcut, while not connected, says so and queues nothing', async () => {
    background.main();
    (captured.command as (command: string, tab?: object) => void)('shorten-current-tab', {
      url: 'https://example.com/y',
    });
    await vi.waitFor(async () => expect(await notifications()).toEqual(['Linkpilot is not connected']));
    expect(await database().outbox.count()).toBe(0);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { browser } from 'wxt/browser';
import { startEarlyFirstScreen, takeEarlyFirstScreen } from '@/lib/browser/early-first-screen';
import { keepSnapshot, readSnapshot } from '@/lib/browser/first-screen-snapshot';
import type { LinkpilotDb } from '@/lib/db/schema';
import { linkRow } from '@/lib/kinds/link-row';
import { recentLinks } from '@/lib/links/queries';
import { type Connections, connectionsItem } from '@/lib/settings/connection';
import { themeItem } from '@/lib/settings/theme';
import { freshDb } from '../sync/db';
import { FakeDomParser, fakePage, memoryStorage } from './page-fakes';

const add = (db: LinkpilotDb, id: number) =>
  db.links.add(
    linkRow(
      {
        id,
        alias: `a${id}`,
        shorturl: `https://sho.rt/a${id}`,
        longurl: `https://example.com/${id}`,
        clicks: 0,
        title: '',
        description: '',
        // Not in id order, so that the read must follow the date index.
        date: `2026-01-${String(((id * 7) % 28) + 1).padStart(2, '0')} 00:00:00`,
      },
      undefined,
      0,
    ),
  );

const connectedTo = (database: string): Connections => ({
  activeId: 'one',
  list: [
    {
      id: 'one',
      baseUrl: 'https://links.example',
      apiKey: 'k',
      connectedAt: '',
      email: null,
      accountId: null,
      database,
    },
  ],
});

async function early(root = fakePage().root) {
  startEarlyFirstScreen(root);
  return takeEarlyFirstScreen();
}

/** Until every promise settled so far has run its callbacks: a task later. */
const aTaskLater = () => new Promise((resolve) => setTimeout(resolve));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A visible popup page with its localStorage, connected to a mirror holding one link. */
async function connectedPopup() {
  const db = freshDb();
  await add(db, 1);
  await connectionsItem.migrate();
  await connectionsItem.setValue(connectedTo(db.name));
  const store = memoryStorage();
  vi.stubGlobal('localStorage', store);
  vi.stubGlobal('DOMParser', FakeDomParser);
  vi.stubGlobal('document', { visibilityState: 'visible' });
  return { db, store };
}

describe("the popup's first screen read before its bundle", () => {
  it('reads the connections and theme as the storage items stored them, and the newest links by date', async () => {
    const db = freshDb();
    for (let id = 1; id <= 30; id++) await add(db, id);
    // As the extension's start does: an item first written from empty storage records its version.
    await connectionsItem.migrate();
    await connectionsItem.setValue(connectedTo(db.name));
    await themeItem.setValue('dark');
    const read = await early();
    expect(read?.connections).toEqual(connectedTo(db.name));
    expect(read?.theme).toBe('dark');
    const expected = await recentLinks(db, 20);
    expect(read?.recent.map((l) => l.key)).toEqual(expected.map((l) => l.key));
    expect(read?.recent).toHaveLength(20);
    // No picture kept: nothing held, and the first render draws every row.
    expect(read?.rooms).toEqual({});
    expect(read?.rowsInView).toBeUndefined();
  });

  it('reads the same rows, newest first, in a browser whose indexes hand out no records at once', async () => {
    const db = freshDb();
    for (let id = 1; id <= 30; id++) await add(db, id);
    await connectionsItem.migrate();
    await connectionsItem.setValue(connectedTo(db.name));
    const inOneRequest = (await early())?.recent.map((l) => l.key);
    const allRecords = Object.getOwnPropertyDescriptor(IDBIndex.prototype, 'getAllRecords');
    expect(allRecords).toBeDefined();
    delete (IDBIndex.prototype as { getAllRecords?: unknown }).getAllRecords;
    try {
      const byCursor = (await early())?.recent.map((l) => l.key);
      expect(byCursor).toEqual(inOneRequest);
      expect(byCursor).toEqual((await recentLinks(db, 20)).map((l) => l.key));
    } finally {
      Object.defineProperty(IDBIndex.prototype, 'getAllRecords', allRecords!);
    }
  });

  it('is null when nothing is stored, and when the mirror does not exist, which it never creates', async () => {
    expect(await early()).toBeNull();
    await connectionsItem.setValue(connectedTo('never-made'));
    expect(await early()).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain('never-made');
  });

  it('gives way to the popup when the stored connections still await a migration', async () => {
    const db = freshDb();
    await add(db, 1);
    await connectionsItem.setValue(connectedTo(db.name));
    await connectionsItem.setMeta({ v: 1 });
    expect(await early()).toBeNull();
  });

  it('draws the kept picture at once, starts the modules once its frame has left the page, and takes away one of another mirror', async () => {
    const { db, store } = await connectedPopup();
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
    const language = browser.i18n.getUILanguage();
    keepSnapshot('<p>the list</p>', db.name, language, fakePage().page, { store, rooms: { page: 90 }, rowsInView: 7 });
    const shown = fakePage();
    const started: string[] = [];
    startEarlyFirstScreen(shown.root, () => started.push(shown.root.innerHTML));
    // Before storage has answered: the page's first frame already holds it.
    expect(shown.root.innerHTML).toBe('<div inert><p>the list</p></div>');
    // With what the popup's first render draws as the picture did: its rooms, and its rows in view.
    expect(await takeEarlyFirstScreen()).toMatchObject({ rooms: { page: 90 }, rowsInView: 7 });
    // Read, and nothing asked for before the picture's frame, nor within that frame's task.
    await aTaskLater();
    expect(started).toEqual([]);
    frames.shift()?.();
    expect(started).toEqual([]);
    await vi.waitFor(() => expect(started).toEqual(['<div inert><p>the list</p></div>']));

    // Kept before another mirror became the active one, as no page that asked for it lets happen:
    // taken away once storage names the active mirror, and forgotten; the modules start at once.
    keepSnapshot('<p>another account</p>', 'another-mirror', language, fakePage().page, { store });
    const notShown = fakePage();
    const startedToo: string[] = [];
    startEarlyFirstScreen(notShown.root, () => startedToo.push(notShown.root.innerHTML));
    // The rows are the active mirror's, read once storage has named it.
    expect((await takeEarlyFirstScreen())?.recent).toHaveLength(1);
    expect(notShown.root.innerHTML).toBe('');
    expect(startedToo).toEqual(['']);
    expect(readSnapshot(language, store)).toBeNull();
  });

  it("leaves the modules out of a hidden page's load, as the toolbar popup is until that load has finished", async () => {
    const { db, store } = await connectedPopup();
    const listeners: (() => void)[] = [];
    const page = {
      visibilityState: 'hidden',
      addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
      removeEventListener: (_type: string, listener: () => void) => listeners.splice(listeners.indexOf(listener), 1),
    };
    vi.stubGlobal('document', page);
    const frames: (() => void)[] = [];
    vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
    keepSnapshot('<p>the list</p>', db.name, browser.i18n.getUILanguage(), fakePage().page, { store });
    const started: string[] = [];
    startEarlyFirstScreen(fakePage().root, () => started.push('modules'));
    await takeEarlyFirstScreen();
    // Still hidden: nothing asked for, no frame waited for, only the page's showing watched.
    for (const listener of [...listeners]) listener();
    expect(started).toEqual([]);
    expect(frames).toHaveLength(0);
    page.visibilityState = 'visible';
    for (const listener of [...listeners]) listener();
    expect(listeners).toHaveLength(0);
    await aTaskLater();
    expect(started).toEqual([]);
    frames.shift()?.();
    await vi.waitFor(() => expect(started).toEqual(['modules']));
  });

  it('starts the modules of a page that stays hidden after a second', async () => {
    const { db, store } = await connectedPopup();
    vi.stubGlobal('document', { visibilityState: 'hidden', addEventListener() {}, removeEventListener() {} });
    keepSnapshot('<p>the list</p>', db.name, browser.i18n.getUILanguage(), fakePage().page, { store });
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      const started: string[] = [];
      startEarlyFirstScreen(fakePage().root, () => started.push('modules'));
      vi.advanceTimersByTime(999);
      expect(started).toEqual([]);
      vi.advanceTimersByTime(1);
      expect(started).toEqual(['modules']);
    } finally {
      vi.useRealTimers();
    }
    await takeEarlyFirstScreen();
  });

  it('starts the modules at once when no picture is kept', async () => {
    vi.stubGlobal('localStorage', memoryStorage());
    const started: string[] = [];
    startEarlyFirstScreen(fakePage().root, () => started.push('modules'));
    expect(started).toEqual(['modules']);
    await takeEarlyFirstScreen();
    expect(started).toEqual(['modules']);
  });
});

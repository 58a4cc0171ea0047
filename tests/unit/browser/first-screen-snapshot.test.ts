import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetSnapshot,
  forgottenElsewhere,
  keepSnapshot,
  LIVE_PAINTED,
  paintSnapshot,
  readSnapshot,
  roomHeights,
  rowsInView,
  SNAPSHOT_PAINTED,
} from '@/lib/browser/first-screen-snapshot';
import { FakeDomParser, fakePage, memoryStorage } from './page-fakes';

const SCREEN = `<div class="popup"><ul data-testid="recent-links" data-ready="true"><li><span elementtiming="${LIVE_PAINTED}">Docs</span></li></ul></div>`;

describe('the picture of the popup’s first screen', () => {
  beforeEach(() => {
    vi.stubGlobal('DOMParser', FakeDomParser);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is drawn at the next opening in the language, direction and theme it was kept in, inert and without test ids', () => {
    const store = memoryStorage();
    keepSnapshot(SCREEN, 'mirror-1', 'ar', fakePage('ar', 'rtl', 'dark').page, { store });
    const snapshot = readSnapshot('ar', store);
    expect(snapshot?.database).toBe('mirror-1');
    const next = fakePage();
    paintSnapshot(next.root, snapshot!);
    expect(next.root.innerHTML).toBe(
      `<div inert><div class="popup"><ul><li><span elementtiming="${SNAPSHOT_PAINTED}">Docs</span></li></ul></div></div>`,
    );
    const page = next.root.ownerDocument.documentElement;
    expect([page.lang, page.dir, page.dataset.theme]).toEqual(['ar', 'rtl', 'dark']);
  });

  it('is not read in another language of the browser, nor when it was never kept, is unreadable or forgotten', () => {
    const store = memoryStorage();
    expect(readSnapshot('en', store)).toBeNull();
    keepSnapshot(SCREEN, 'mirror-1', 'de', fakePage('de').page, { store });
    expect(readSnapshot('en', store)).toBeNull();
    expect(readSnapshot('de', store)).not.toBeNull();
    forgetSnapshot(store);
    expect(readSnapshot('de', store)).toBeNull();
    store.setItem('linkpilot:first-screen', '{not json');
    expect(readSnapshot('de', store)).toBeNull();
    store.setItem(
      'linkpilot:first-screen',
      JSON.stringify({ v: 0, html: SCREEN, database: 'mirror-1', uiLanguage: 'de' }),
    );
    expect(readSnapshot('de', store)).toBeNull();
  });

  it('keeps how tall each held room stood, and takes from a stored value only the heights of rooms it holds', () => {
    const store = memoryStorage();
    keepSnapshot(SCREEN, 'mirror-1', 'en', fakePage().page, { store, rooms: { page: 212, banner: 64, tabs: 40 } });
    expect(roomHeights(readSnapshot('en', store)?.rooms)).toEqual({ page: 212, banner: 64, tabs: 40 });
    // Written by another build, or tampered with: what is not a height of a known room is left out.
    expect(roomHeights({ page: '212', banner: -3, tabs: Number.NaN, footer: 30 })).toEqual({});
    expect(roomHeights({ page: 0, banner: Infinity })).toEqual({ page: 0 });
    for (const value of [null, undefined, 12, 'page', []]) expect(roomHeights(value)).toEqual({});
  });

  it('keeps how many rows of the list were in view, and takes from a stored value only a count', () => {
    const store = memoryStorage();
    keepSnapshot(SCREEN, 'mirror-1', 'en', fakePage().page, { store, rowsInView: 9 });
    expect(rowsInView(readSnapshot('en', store)?.rowsInView)).toBe(9);
    keepSnapshot(SCREEN, 'mirror-1', 'en', fakePage().page, { store });
    expect(rowsInView(readSnapshot('en', store)?.rowsInView)).toBeUndefined();
    expect(rowsInView(0)).toBe(0);
    for (const value of [-1, 2.5, '9', Number.NaN, Infinity, null, undefined, [9]]) {
      expect(rowsInView(value)).toBeUndefined();
    }
  });

  it('of two popups closing, keeps the screen drawn later, whichever closes last', () => {
    const store = memoryStorage();
    const page = fakePage().page;
    const drawn = (snapshot: ReturnType<typeof readSnapshot>) => snapshot?.html.match(/<li>(\w+)/)?.[1];
    keepSnapshot('<ul><li>Newer</li></ul>', 'mirror-1', 'en', page, { drawnAt: 2_000, store });
    // A popup behind the other, its list not yet redrawn, closes after it.
    keepSnapshot('<ul><li>Older</li></ul>', 'mirror-1', 'en', page, { drawnAt: 1_000, store });
    expect(drawn(readSnapshot('en', store))).toBe('Newer');
    keepSnapshot('<ul><li>Latest</li></ul>', 'mirror-1', 'en', page, { drawnAt: 3_000, store });
    expect(drawn(readSnapshot('en', store))).toBe('Latest');
    // Another mirror's picture is not compared: this popup shows the active one.
    keepSnapshot('<ul><li>Other</li></ul>', 'mirror-2', 'en', page, { drawnAt: 1_000, store });
    expect(drawn(readSnapshot('en', store))).toBe('Other');
  });

  it('a store that refuses the write, or none at all (a worker), leaves no picture and no error', () => {
    const store = memoryStorage(true);
    expect(() => keepSnapshot(SCREEN, 'mirror-1', 'en', fakePage().page, { store })).not.toThrow();
    expect(readSnapshot('en', store)).toBeNull();
    expect(readSnapshot('en', undefined)).toBeNull();
    expect(() => forgetSnapshot(undefined)).not.toThrow();
  });

  it("knows another page's forgetting from a storage event, and nothing else for it", () => {
    expect(forgottenElsewhere({ key: 'linkpilot:first-screen', newValue: null })).toBe(true);
    // The whole store cleared.
    expect(forgottenElsewhere({ key: null, newValue: null })).toBe(true);
    expect(forgottenElsewhere({ key: 'linkpilot:first-screen', newValue: '{}' })).toBe(false);
    expect(forgottenElsewhere({ key: 'another', newValue: null })).toBe(false);
  });
});

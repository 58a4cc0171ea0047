import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import {
  connectionChangesAsked,
  forgetSnapshot,
  forgottenElsewhere,
  keepSnapshot,
  type RoomHeights,
  roomHeights,
} from '@/lib/browser/first-screen-snapshot';

/** A burst of changes (the live list arriving, a row's badge) is kept once, this long after it ends. */
const SETTLE_MS = 300;

/**
 * The first screen's parts as the popup's layout nests them, or null when one is missing or searched.
 * It is what was in view: rows below the window are left out (each costs the next opening's first
 * paint its style and layout, unseen), and how many rows it holds is said beside it, for the next
 * opening's first render to draw no more (RecentLinks). What stands above the list (the page's card:
 * the next opening may be about another page; a banner: it is read afresh) is not in it, only its
 * room, as tall as it is now: the list stands where it will.
 */
function firstScreen(root: HTMLElement, rooms: RoomHeights): { html: string; rowsInView: number } | null {
  const [header, recent, ...rest] = root.querySelectorAll('[data-first-screen]');
  if (!header || !recent || rest.length > 0) return null;
  // The next opening starts without a search: a filtered list is not its first screen.
  if (recent.querySelector<HTMLInputElement>('input[type="search"]')?.value) return null;
  const list = markup(recent, (row) => row.getBoundingClientRect().top < innerHeight);
  const above = `<div style="min-height: ${rooms.page ?? 0}px"></div>`;
  return {
    html: `<div class="popup">${markup(header).outerHTML}<main class="popup-main">${above}${list.outerHTML}</main></div>`,
    rowsInView: list.querySelectorAll('[data-testid="recent-link"]').length,
  };
}

/** How tall each held room stands now. */
function roomHeightsIn(root: HTMLElement): RoomHeights {
  const heights: Record<string, number> = {};
  for (const room of root.querySelectorAll<HTMLElement>('[data-held-room]')) {
    heights[room.dataset.heldRoom ?? ''] = Math.round(room.getBoundingClientRect().height);
  }
  return roomHeights(heights);
}

/**
 * A copy of an element with each list's choice in it (React sets a select's value, which markup leaves
 * out), and of its list items only those `shown` says were in view.
 */
function markup(part: Element, shown: (row: Element) => boolean = () => true): Element {
  const copy = part.cloneNode(true) as Element;
  const chosen = [...part.querySelectorAll('select')].map((select) => select.value);
  copy.querySelectorAll('select').forEach((select, i) => {
    for (const option of select.options) option.toggleAttribute('selected', option.value === chosen[i]);
  });
  const rows = [...part.querySelectorAll('li')];
  copy.querySelectorAll('li').forEach((row, i) => {
    if (rows[i] && !shown(rows[i])) row.remove();
  });
  return copy;
}

/**
 * Keeps the popup's first screen for its next opening (lib/browser/first-screen-snapshot.ts): after
 * each change has settled, and as the popup closes. `database`: the mirror whose links it shows; null
 * forgets any picture, as a popup with nothing connected has no list; undefined while not yet known.
 */
export function useKeptFirstScreen(database: string | null | undefined): void {
  useEffect(() => {
    if (database === undefined) return;
    if (database === null) return forgetSnapshot();
    const root = document.getElementById('root');
    if (!root) return;
    // Once this page or another has asked for another connection, the list in view may be of a mirror
    // no longer active: it is kept again only once this popup shows another mirror's.
    const changesBefore = connectionChangesAsked();
    let forgotten = false;
    const forgottenThere = (event: StorageEvent) => {
      if (forgottenElsewhere(event)) forgotten = true;
    };
    // When the picture's markup last changed: a change elsewhere on the page (a status's words) does
    // not make an older list newer than another popup's.
    let changedAt = Date.now();
    let last: { html: string; drawnAt: number } | undefined;
    const keep = () => {
      clearTimeout(timer);
      if (forgotten || connectionChangesAsked() !== changesBefore) return;
      const rooms = roomHeightsIn(root);
      const screen = firstScreen(root, rooms);
      if (!screen) return;
      if (screen.html !== last?.html) last = { html: screen.html, drawnAt: changedAt };
      keepSnapshot(screen.html, database, browser.i18n.getUILanguage(), document.documentElement, {
        drawnAt: last.drawnAt,
        rooms,
        rowsInView: screen.rowsInView,
      });
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const changed = new MutationObserver(() => {
      changedAt = Date.now();
      clearTimeout(timer);
      timer = setTimeout(keep, SETTLE_MS);
    });
    // Not kept at once: the popup's start holds what the last picture showed, and its own work comes first.
    changed.observe(root, { subtree: true, childList: true, characterData: true });
    addEventListener('pagehide', keep);
    addEventListener('storage', forgottenThere);
    return () => {
      changed.disconnect();
      clearTimeout(timer);
      removeEventListener('pagehide', keep);
      removeEventListener('storage', forgottenThere);
    };
  }, [database]);
}

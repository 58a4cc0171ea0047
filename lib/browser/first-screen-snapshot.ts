/**
 * The popup's first screen as it last looked (its header and recent list), kept in the extension's
 * localStorage: the one store a page reads synchronously, so the boot script draws it before any
 * module or the mirror has loaded (the page asks for its modules only after that paint), and the
 * browser's first paint already shows the list. It is drawn at once, before storage could say which
 * mirror is the active one, so a kept picture must be of that mirror: a page forgets it before asking
 * for another connection (lib/messages/send.ts), and an open popup stops keeping it once it or another
 * page has (entrypoints/popup/keep-first-screen.ts). The boot script still checks it against storage and
 * takes away one that is not. It is a picture, not the app: inert, until React renders the live
 * screen in its place (a root empties its container on its first commit).
 *
 * Nothing here may import Dexie, React or WXT's storage: the boot script bundles it.
 */
const KEY = 'linkpilot:first-screen';
const VERSION = 1;

/** Marks the parts of the popup a picture holds: its header and its recent list. */
export const FIRST_SCREEN_PART = { 'data-first-screen': '' } as const;

/**
 * Marks a room the popup holds for a part that comes after its first screen: `page`, all that stands
 * above the list (a banner when something keeps changes from the service, the page's own card),
 * `banner` within it, and `tabs` below the list (shortening all tabs). A picture keeps each as tall as
 * it last was (the picture draws `page` empty), and the live popup holds each that tall until what goes
 * in it has come, so that neither the picture nor a late part moves what is below it.
 */
export function heldRoom(name: RoomName) {
  return { 'data-held-room': name } as const;
}
const ROOMS = ['page', 'banner', 'tabs'] as const;
export type RoomName = (typeof ROOMS)[number];
/** How tall each held room last stood, in CSS pixels; one not in it is held at 0. */
export type RoomHeights = Partial<Record<RoomName, number>>;

/** Only the rooms' heights a stored value really has: it was written by another build, maybe. */
export function roomHeights(value: unknown): RoomHeights {
  const heights: RoomHeights = {};
  if (typeof value !== 'object' || value === null) return heights;
  for (const name of ROOMS) {
    const height = (value as Record<string, unknown>)[name];
    if (typeof height === 'number' && Number.isFinite(height) && height >= 0) heights[name] = height;
  }
  return heights;
}

/** How many of the recent list's rows a picture holds, when a stored value says it validly. */
export function rowsInView(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The Element Timing names of the recent list's text, live and in the picture: when each was painted. */
export const LIVE_PAINTED = 'linkpilot:recent';
export const SNAPSHOT_PAINTED = 'linkpilot:recent-snapshot';

export interface Snapshot {
  v: typeof VERSION;
  /** The mirror whose links it shows: taken away, and forgotten, if another is active after all. */
  database: string;
  /** The browser's UI language it was drawn in, and the page's `lang`, `dir` and theme then. */
  uiLanguage: string;
  lang: string;
  dir: string;
  theme: string | undefined;
  html: string;
  /**
   * When the screen it copies last changed (ms since the epoch). Two popups open at once keep their
   * pictures as they close, and one behind the other may not have drawn the latest change yet (a tab
   * in the background draws late): the picture of the newer screen is kept, whichever closes last.
   */
  drawnAt?: number;
  /** How tall each held room (heldRoom) stood. */
  rooms?: RoomHeights;
  /** How many rows of the recent list were in view: the live popup's first render draws as many. */
  rowsInView?: number;
}

function kept(store: Storage | undefined): Snapshot | null {
  try {
    const value = JSON.parse(store?.getItem(KEY) ?? 'null') as Partial<Snapshot> | null;
    const valid = value?.v === VERSION && typeof value.html === 'string' && typeof value.database === 'string';
    return valid ? (value as Snapshot) : null;
  } catch {
    return null;
  }
}

/** The kept picture, when there is one drawn in the browser's current language `uiLanguage`. */
export function readSnapshot(
  uiLanguage: string,
  store: Storage | undefined = globalThis.localStorage,
): Snapshot | null {
  const snapshot = kept(store);
  return snapshot?.uiLanguage === uiLanguage ? snapshot : null;
}

/** Draws the picture into `root`, with the page's language, direction and theme of then. */
export function paintSnapshot(root: HTMLElement, snapshot: Snapshot): void {
  const page = root.ownerDocument.documentElement;
  page.lang = snapshot.lang;
  page.dir = snapshot.dir;
  if (snapshot.theme) page.dataset.theme = snapshot.theme;
  // Parsed apart and moved in, rather than set as innerHTML: nothing in a parsed document runs, and
  // the extension's policy forbids inline handlers anyway; it is markup React wrote from escaped text.
  const parsed = new DOMParser().parseFromString(snapshot.html, 'text/html');
  root.replaceChildren(...root.ownerDocument.adoptNode(parsed.body).childNodes);
}

/**
 * Keeps `html` (the first screen's markup, drawn by React from escaped text) for the next opening,
 * unless the picture kept of the same mirror is of a screen drawn later than `drawnAt`.
 * It is inert, so nothing in a picture can be clicked or focused; it carries no test ids and its list
 * another Element Timing name, so that neither a test nor a benchmark mistakes the picture for the
 * screen it shows.
 */
export function keepSnapshot(
  html: string,
  database: string,
  uiLanguage: string,
  page: HTMLElement,
  {
    drawnAt = Date.now(),
    rooms = {},
    rowsInView,
    store = globalThis.localStorage,
  }: { drawnAt?: number; rooms?: RoomHeights; rowsInView?: number; store?: Storage } = {},
): void {
  const before = kept(store);
  if (before?.database === database && (before.drawnAt ?? 0) > drawnAt) return;
  const snapshot: Snapshot = {
    v: VERSION,
    database,
    uiLanguage,
    lang: page.lang,
    dir: page.dir,
    theme: page.dataset.theme,
    html: `<div inert>${html
      .replaceAll(`elementtiming="${LIVE_PAINTED}"`, `elementtiming="${SNAPSHOT_PAINTED}"`)
      .replace(/ data-(testid|ready)="[^"]*"/g, '')}</div>`,
    drawnAt,
    rooms,
    rowsInView,
  };
  try {
    store?.setItem(KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the next opening simply waits for the live list, as without a picture.
  }
}

/** No picture any more: nothing connected, or the mirror it showed is not the active one. */
export function forgetSnapshot(store: Storage | undefined = globalThis.localStorage): void {
  try {
    store?.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** How many times this page has asked for another connection: a keeper started before it stops. */
let connectionChanges = 0;

/** Forgets the picture as this page asks for another connection, which may make another mirror active. */
export function forgetBeforeConnectionChange(): void {
  connectionChanges++;
  forgetSnapshot();
}

/** Changes asked for by this page so far (forgetBeforeConnectionChange). */
export function connectionChangesAsked(): number {
  return connectionChanges;
}

/** Whether a `storage` event says another page forgot the picture, as one does before it asks for another connection. */
export function forgottenElsewhere(event: Pick<StorageEvent, 'key' | 'newValue'>): boolean {
  return (event.key === KEY || event.key === null) && event.newValue === null;
}

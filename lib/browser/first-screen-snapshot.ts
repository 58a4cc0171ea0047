/**
 * The popup's first screen as it last looked (its header and recent list), kept in the extension's
 * localStorage: the one store a page reads synchronously, so the boot script draws it before any
 * module or the mirror has loaded (the page asks for its modules only after that paint), and the
 * browser's first paint already shows the list. It is drawn only once storage has said which mirror
 * is the active one, so that it never shows another account's links, not even for a frame. It is a
 * picture, not the app: inert, until React renders the live screen in its place (a root empties its
 * container on its first commit).
 *
 * Nothing here may import Dexie, React or WXT's storage: the boot script bundles it.
 */
const KEY = 'linkpilot:first-screen';
const VERSION = 1;

/** Marks the parts of the popup a picture holds: its header and its recent list. */
export const FIRST_SCREEN_PART = { 'data-first-screen': '' } as const;

/** The Element Timing names of the recent list's text, live and in the picture: when each was painted. */
export const LIVE_PAINTED = 'linkpilot:recent';
export const SNAPSHOT_PAINTED = 'linkpilot:recent-snapshot';

export interface Snapshot {
  v: typeof VERSION;
  /** The mirror whose links it shows: drawn only while that mirror's connection is the active one. */
  database: string;
  /** The browser's UI language it was drawn in, and the page's `lang`, `dir` and theme then. */
  uiLanguage: string;
  lang: string;
  dir: string;
  theme: string | undefined;
  html: string;
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
 * Keeps `html` (the first screen's markup, drawn by React from escaped text) for the next opening.
 * It is inert, so nothing in a picture can be clicked or focused; it carries no test ids and its list
 * another Element Timing name, so that neither a test nor a benchmark mistakes the picture for the
 * screen it shows.
 */
export function keepSnapshot(
  html: string,
  database: string,
  uiLanguage: string,
  page: HTMLElement,
  store: Storage | undefined = globalThis.localStorage,
): void {
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

/** Forgets the picture if it shows the links of `database`, a mirror being removed from this browser. */
export function forgetSnapshotOf(database: string, store: Storage | undefined = globalThis.localStorage): void {
  if (kept(store)?.database === database) forgetSnapshot(store);
}

import { browser } from 'wxt/browser';
import type { LinkRow } from '../db/schema';
import { readRecentRaw } from '../links/recent-raw';
import {
  forgetSnapshot,
  paintSnapshot,
  type RoomHeights,
  readSnapshot,
  roomHeights,
  rowsInView,
  type Snapshot,
} from './first-screen-snapshot';

/**
 * The popup's first screen asked for by a tiny classic script (entrypoints/popup-boot.ts) that runs
 * while the page is parsed, before the popup's modules: the mirror's recent links are read while the
 * bundle loads, not after it. Nothing here may import Dexie, React or WXT's storage; the popup validates
 * what it takes over and reads everything itself when it is null.
 */
export interface EarlyFirstScreen {
  /** As stored under `local:connection` (version 2), unchecked: the popup checks it. */
  connections: unknown;
  theme: unknown;
  recent: LinkRow[];
  /** The held rooms' heights the picture kept (Snapshot.rooms), none without a picture. */
  rooms: RoomHeights;
  /** How many rows of the list the picture holds (Snapshot.rowsInView); undefined without a picture. */
  rowsInView: number | undefined;
}

const GLOBAL = '__linkpilotFirstScreen';
/** The version WXT's storage item `local:connection` is at; any other means a migration the popup must run. */
const CONNECTIONS_VERSION = 2;
/** As many as the popup's recent list shows before a search. */
export const FIRST_SCREEN_RECENT = 20;

type WithEarly = typeof globalThis & { [GLOBAL]?: Promise<EarlyFirstScreen | null> };

/** Keys as WXT's storage keeps `local:connection` (with its version beside it) and `local:theme`. */
async function readEarly(
  snapshot: Snapshot | null,
  takeAway: () => void,
  startApp: () => void,
): Promise<EarlyFirstScreen | null> {
  const stored = await browser.storage.local.get(['connection', 'connection$', 'theme']);
  const meta = stored.connection$ as { v?: unknown } | undefined;
  const connections = stored.connection as { activeId?: unknown; list?: unknown } | undefined;
  const list = Array.isArray(connections?.list) ? (connections.list as { id?: unknown; database?: unknown }[]) : [];
  const active = list.find((c) => c?.id === connections?.activeId);
  // Pages forget the picture before they ask for another connection (lib/messages/send.ts), so the
  // kept one is of the active mirror. Should it not be after all, it goes, and is forgotten.
  const shown = snapshot?.database === active?.database ? snapshot : null;
  if (snapshot && !shown) {
    forgetSnapshot();
    takeAway();
    startApp();
  }
  if (meta?.v !== CONNECTIONS_VERSION || !connections || !Array.isArray(connections.list)) return null;
  const recent =
    typeof active?.database === 'string' ? await readRecentRaw(indexedDB, active.database, FIRST_SCREEN_RECENT) : [];
  return recent
    ? {
        connections,
        theme: stored.theme,
        recent,
        rooms: roomHeights(shown?.rooms),
        rowsInView: rowsInView(shown?.rowsInView),
      }
    : null;
}

/** Never waits longer on a page that stays hidden. */
const HIDDEN_MAX_MS = 1_000;

/**
 * Once the page is shown. The toolbar's popup is hidden until its first load has finished, and modules
 * asked for before then are part of that load: asked for at once, they held the popup's showing back
 * until they had run (README, Decisions: the toolbar's popup is shown only once its first load has
 * finished). Waited for once shown, they leave the picture to the first frame.
 */
function whenShown(then: () => void): void {
  if (document.visibilityState === 'visible') {
    then();
    return;
  }
  const shown = () => {
    if (document.visibilityState !== 'visible') return;
    document.removeEventListener('visibilitychange', shown);
    then();
  };
  document.addEventListener('visibilitychange', shown);
}

/**
 * Run by the boot script right after the popup's root element: draws the last first screen into the
 * root at once, before the browser's first frame, and starts the reads. `startApp` asks for the popup's
 * modules, which run as they come: at once without a picture, else once the page is shown and the
 * picture's frame has left the page, so that they hold back neither the popup's showing nor that frame.
 * Not later: waited for until the picture's paint was reported (11 ms after it is on screen), the live
 * list came about 50 ms after the picture (README, Decisions 0023). Failures become null, never an
 * unhandled rejection, and the modules are started whatever happens.
 */
export function startEarlyFirstScreen(root: HTMLElement, startApp: () => void = () => {}): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp();
  };
  // Once the modules run, React's first commit replaces the picture and the root is React's.
  const takeAway = () => {
    if (!started) root.replaceChildren();
  };
  const snapshot = readSnapshot(browser.i18n.getUILanguage());
  if (snapshot) {
    paintSnapshot(root, snapshot);
    whenShown(() => requestAnimationFrame(() => setTimeout(startOnce)));
    // Nor longer on a page that stays hidden (a tab in the background), where no frame is drawn.
    setTimeout(startOnce, HIDDEN_MAX_MS);
  } else startOnce();
  (globalThis as WithEarly)[GLOBAL] = readEarly(snapshot, takeAway, startOnce).catch(() => {
    startOnce();
    return null;
  });
}

/** What the boot script read, or null when it did not run or could not read it. */
export function takeEarlyFirstScreen(): Promise<EarlyFirstScreen | null> {
  return (globalThis as WithEarly)[GLOBAL] ?? Promise.resolve(null);
}

import { browser } from 'wxt/browser';
import { readRecentRaw } from '../db/recent-raw';
import type { LinkRow } from '../db/schema';
import { forgetSnapshot, paintSnapshot, readSnapshot, type Snapshot } from './first-screen-snapshot';

/**
 * The popup's first screen asked for by a tiny classic script (entrypoints/popup-boot.ts) that runs
 * while the page is parsed, before the popup's modules, which it asks for once the picture is painted:
 * the mirror's recent links are then read while the bundle loads, not after it. Nothing here may import
 * Dexie, React or WXT's storage; the popup validates what it takes over and reads everything itself
 * when it is null.
 */
export interface EarlyFirstScreen {
  /** As stored under `local:connection` (version 2), unchecked: the popup checks it. */
  connections: unknown;
  theme: unknown;
  recent: LinkRow[];
}

const GLOBAL = '__linkpilotFirstScreen';
/** The version WXT's storage item `local:connection` is at; any other means a migration the popup must run. */
const CONNECTIONS_VERSION = 2;
/** As many as the popup's recent list shows before a search. */
export const FIRST_SCREEN_RECENT = 20;

type WithEarly = typeof globalThis & { [GLOBAL]?: Promise<EarlyFirstScreen | null> };

/** Keys as WXT's storage keeps `local:connection` (with its version beside it) and `local:theme`. */
async function readEarly(
  root: HTMLElement,
  snapshot: Snapshot | null,
  startApp: () => void,
): Promise<EarlyFirstScreen | null> {
  const stored = await browser.storage.local.get(['connection', 'connection$', 'theme']);
  const meta = stored.connection$ as { v?: unknown } | undefined;
  const connections = stored.connection as { activeId?: unknown; list?: unknown } | undefined;
  const list = Array.isArray(connections?.list) ? (connections.list as { id?: unknown; database?: unknown }[]) : [];
  const active = list.find((c) => c?.id === connections?.activeId);
  // The picture of the active mirror is drawn now, while its rows are read; any other is forgotten.
  if (snapshot && snapshot.database === active?.database) {
    paintSnapshot(root, snapshot);
    afterNextPaint(startApp);
  } else if (snapshot) {
    forgetSnapshot();
    startApp();
  }
  if (meta?.v !== CONNECTIONS_VERSION || !connections || !Array.isArray(connections.list)) return null;
  const recent =
    typeof active?.database === 'string' ? await readRecentRaw(indexedDB, active.database, FIRST_SCREEN_RECENT) : [];
  return recent ? { connections, theme: stored.theme, recent } : null;
}

/** A frame's callbacks run just before it is painted; a task queued from one runs after. */
function afterNextPaint(then: () => void): void {
  // A hidden page is never painted: nothing to wait for.
  if (document.visibilityState === 'hidden') then();
  else requestAnimationFrame(() => setTimeout(then));
}

/**
 * Run by the boot script right after the popup's root element: starts the reads, and draws the last
 * first screen into the root as soon as storage has named the active mirror (first-screen-snapshot.ts).
 * `startApp` loads the popup's modules: at once without a picture, else once the picture is painted,
 * so that evaluating them does not hold its paint back. Failures become null, never an unhandled
 * rejection, and the modules are started whatever happens.
 */
export function startEarlyFirstScreen(root: HTMLElement, startApp: () => void = () => {}): void {
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    startApp();
  };
  const snapshot = readSnapshot(browser.i18n.getUILanguage());
  if (!snapshot) startOnce();
  (globalThis as WithEarly)[GLOBAL] = readEarly(root, snapshot, startOnce).catch(() => {
    startOnce();
    return null;
  });
}

/** What the boot script read, or null when it did not run or could not read it. */
export function takeEarlyFirstScreen(): Promise<EarlyFirstScreen | null> {
  return (globalThis as WithEarly)[GLOBAL] ?? Promise.resolve(null);
}

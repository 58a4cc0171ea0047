import { FIRST_SCREEN_RECENT, takeEarlyFirstScreen } from '@/lib/browser/early-first-screen';
import type { RoomHeights } from '@/lib/browser/first-screen-snapshot';
import { showDatabase } from '@/lib/db/names';
import type { LinkRow } from '@/lib/db/schema';
import { activeConnection, type Connections, connectionsItem } from '@/lib/settings/connection';
import { type Theme, themeItem } from '@/lib/settings/theme';

const THEMES: readonly Theme[] = ['system', 'light', 'dark'];

function isConnections(value: unknown): value is Connections {
  const v = value as Partial<Connections> | null;
  return (
    typeof v === 'object' &&
    v !== null &&
    (v.activeId === null || typeof v.activeId === 'string') &&
    Array.isArray(v.list) &&
    v.list.every((c) => typeof c?.id === 'string' && typeof c.database === 'string')
  );
}

export interface FirstScreen {
  connections: Connections;
  theme: Theme;
  /** The newest links of the active connection's mirror; empty when none is connected. */
  recent: LinkRow[];
  /** How tall each held room last stood, held for what goes in it until it comes (none: nothing held). */
  rooms: RoomHeights;
  /** How many of `recent` the picture of the last first screen held in view; undefined: no picture. */
  rowsInView: number | undefined;
}

/**
 * What the popup's first screen cannot show without, asked for at once and side by side before
 * React renders: the connections and the theme from storage, then the recent list from the mirror
 * (its database opens meanwhile). The first render then shows the list instead of waiting for each
 * in turn; the live queries take over from there.
 */
export async function readFirstScreen(): Promise<FirstScreen> {
  // Read by popup-boot.js while this bundle loaded; checked here as any stored value would be.
  const early = await takeEarlyFirstScreen();
  if (early && isConnections(early.connections)) {
    const theme = THEMES.includes(early.theme as Theme) ? (early.theme as Theme) : 'system';
    showDatabase(activeConnection(early.connections)?.database);
    const { recent, rooms, rowsInView } = early;
    return { connections: early.connections, theme, recent, rooms, rowsInView };
  }
  const [connections, theme] = await Promise.all([connectionsItem.getValue(), themeItem.getValue()]);
  const active = activeConnection(connections);
  showDatabase(active?.database);
  // Only here, when the boot script's read failed, does the first screen wait for Dexie.
  const recent = active ? await readRecent() : [];
  return { connections, theme, recent, rooms: {}, rowsInView: undefined };
}

async function readRecent(): Promise<LinkRow[]> {
  const [{ database }, { recentLinks }] = await Promise.all([import('@/lib/db/open'), import('@/lib/links/queries')]);
  return recentLinks(database(), FIRST_SCREEN_RECENT);
}

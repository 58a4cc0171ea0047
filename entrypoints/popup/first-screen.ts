import { database, showDatabase } from '@/lib/db/open';
import { recentLinks } from '@/lib/db/queries';
import type { LinkRow } from '@/lib/db/schema';
import { activeConnection, type Connections, connectionsItem } from '@/lib/settings/connection';
import { type Theme, themeItem } from '@/lib/settings/theme';

/** As many as the popup's recent list shows before a search. */
const RECENT_LIMIT = 20;

export interface FirstScreen {
  connections: Connections;
  theme: Theme;
  /** The newest links of the active connection's mirror; empty when none is connected. */
  recent: LinkRow[];
}

/**
 * What the popup's first screen cannot show without, asked for at once and side by side before
 * React renders: the connections and the theme from storage, then the recent list from the mirror
 * (its database opens meanwhile). The first render then shows the list instead of waiting for each
 * in turn; the live queries take over from there.
 */
export async function readFirstScreen(): Promise<FirstScreen> {
  const [connections, theme] = await Promise.all([connectionsItem.getValue(), themeItem.getValue()]);
  const active = activeConnection(connections);
  showDatabase(active?.database);
  const recent = active ? await recentLinks(database(), RECENT_LIMIT) : [];
  return { connections, theme, recent };
}

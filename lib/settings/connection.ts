import { storage } from 'wxt/utils/storage';
import { DB_NAME } from '../db/names';

/**
 * One service and API key, and the IndexedDB database that holds its mirror and outbox. API keys
 * live only here, in extension-local storage, which web pages and content scripts cannot read (this
 * extension declares no content script that could relay them).
 */
export interface Connection {
  id: string;
  baseUrl: string;
  apiKey: string;
  connectedAt: string;
  /** As the service last reported it; null for a connection carried over from version 1 until it is read. */
  email: string | null;
  accountId: number | null;
  /** The database of this connection's mirror and outbox; no two connections share one. */
  database: string;
}

/** Every connection, and the one the popup, the dashboard, the menu, the shortcut and the badge act on. */
export interface Connections {
  activeId: string | null;
  list: Connection[];
}

/** What version 1 stored under the same key: the one connection, mirrored in the database named DB_NAME. */
interface ConnectionV1 {
  baseUrl: string;
  apiKey: string;
  connectedAt: string;
}

export const NO_CONNECTIONS: Connections = { activeId: null, list: [] };

/** Version 1's connection becomes the first of the list and keeps its database, so nothing is lost on upgrade. */
export function connectionsFromV1(old: ConnectionV1 | null): Connections {
  if (!old) return NO_CONNECTIONS;
  const first: Connection = { ...old, id: 'first', email: null, accountId: null, database: DB_NAME };
  return { activeId: first.id, list: [first] };
}

export const connectionsItem = storage.defineItem<Connections>('local:connection', {
  fallback: NO_CONNECTIONS,
  version: 2,
  migrations: { 2: connectionsFromV1 },
});

export function activeConnection(all: Connections): Connection | null {
  return all.list.find((c) => c.id === all.activeId) ?? null;
}

/**
 * A database name no connection in `list` uses. The database of version 1 goes to whichever
 * connection finds it free, so the first connection of a new install is mirrored where it always was.
 */
export function freeDatabaseName(list: Connection[], id: string): string {
  return list.some((c) => c.database === DB_NAME) ? `${DB_NAME}-${id}` : DB_NAME;
}

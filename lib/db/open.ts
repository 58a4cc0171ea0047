import { DB_NAME, LinkpilotDb } from './schema';

const opened = new Map<string, LinkpilotDb>();
let shown = DB_NAME;

/** The database named `name`, opened once per extension context (page or worker). */
export function databaseNamed(name: string): LinkpilotDb {
  let db = opened.get(name);
  if (!db) {
    db = new LinkpilotDb(name);
    opened.set(name, db);
  }
  return db;
}

/**
 * A page shows one connection at a time. Its root selects that connection's database before it
 * renders its views, keyed by the connection, so every view mounts afresh on the database selected.
 */
export function showDatabase(name: string | undefined): void {
  shown = name ?? DB_NAME;
}

/** The database of the connection this page shows. */
export function database(): LinkpilotDb {
  return databaseNamed(shown);
}

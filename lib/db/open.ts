import { shownDatabase } from './names';
import { LinkpilotDb } from './schema';

export { showDatabase } from './names';

const opened = new Map<string, LinkpilotDb>();

/** The database named `name`, opened once per extension context (page or worker). */
export function databaseNamed(name: string): LinkpilotDb {
  let db = opened.get(name);
  if (!db) {
    db = new LinkpilotDb(name);
    opened.set(name, db);
  }
  return db;
}

/** The database of the connection this page shows (see showDatabase). */
export function database(): LinkpilotDb {
  return databaseNamed(shownDatabase());
}

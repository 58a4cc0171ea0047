import { LinkpilotDb } from './schema';

let shared: LinkpilotDb | null = null;

/** The one database connection of this extension context (page or worker). */
export function database(): LinkpilotDb {
  shared ??= new LinkpilotDb();
  return shared;
}

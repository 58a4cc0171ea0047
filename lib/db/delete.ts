import Dexie from 'dexie';
import { databaseNamed } from './open';

/**
 * Deletes a connection's database. This context's handle closes first and may open again later
 * (a new connection can take the same name); other contexts close theirs when Dexie asks them to.
 */
export async function deleteDatabase(name: string): Promise<void> {
  databaseNamed(name).close({ disableAutoOpen: false });
  await Dexie.delete(name);
}

import type { LinkRow } from '../db/schema';

/**
 * The newest `limit` links of database `name`, read with IndexedDB itself rather than Dexie, so that
 * a page can ask before its bundle (Dexie included) has loaded. Null when there is no such mirror
 * (yet): opening never creates a database, and the connection is closed at once, so it never holds
 * up Dexie's own open or a version change.
 */
export function readRecentRaw(idb: IDBFactory, name: string, limit: number): Promise<LinkRow[] | null> {
  return new Promise((resolve) => {
    const request = idb.open(name);
    // Only a database that does not exist is upgraded on an open without a version: leave it so.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
    request.onsuccess = () => {
      const db = request.result;
      const rows: LinkRow[] = [];
      const finish = (result: LinkRow[] | null) => {
        db.close();
        resolve(result);
      };
      try {
        const cursor = db.transaction('links', 'readonly').objectStore('links').index('date').openCursor(null, 'prev');
        cursor.onerror = () => finish(null);
        cursor.onsuccess = () => {
          const at = cursor.result;
          if (!at || rows.length >= limit) return finish(rows);
          rows.push(at.value as LinkRow);
          at.continue();
        };
      } catch {
        finish(null);
      }
    };
  });
}

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
      const read = new Promise<LinkRow[]>((rows, fail) => {
        const byDate = db.transaction('links', 'readonly').objectStore('links').index('date');
        readNewest(byDate, limit, rows, fail);
      });
      read
        .catch(() => null)
        .then((rows) => {
          db.close();
          resolve(rows);
        });
    };
  });
}

/** An index that can hand out many records in one request (Chrome 141), in either direction. */
interface WithAllRecords {
  getAllRecords(options: { count: number; direction: IDBCursorDirection }): IDBRequest<{ value: unknown }[]>;
}

/**
 * The index's last `limit` values, newest first, in one request where the browser can. A cursor answers
 * row by row, each in its own task: in a popup's trace its twenty rows came over 15 ms of a busy main
 * thread, and the first render waited for the last of them.
 */
function readNewest(index: IDBIndex, limit: number, read: (rows: LinkRow[]) => void, fail: () => void): void {
  if ('getAllRecords' in index) {
    const all = (index as IDBIndex & WithAllRecords).getAllRecords({ count: limit, direction: 'prev' });
    all.onerror = fail;
    all.onsuccess = () => read(all.result.map((record) => record.value as LinkRow));
    return;
  }
  const rows: LinkRow[] = [];
  const cursor = index.openCursor(null, 'prev');
  cursor.onerror = fail;
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at || rows.length >= limit) return read(rows);
    rows.push(at.value as LinkRow);
    at.continue();
  };
}

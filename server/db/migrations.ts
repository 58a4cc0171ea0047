import type { Database } from 'better-sqlite3';
import { keyHash } from '../api-keys';

/**
 * Versioned schema, tracked in PRAGMA user_version. Each migration runs once, in order, inside
 * a transaction; released migrations are never edited, new ones are appended.
 */
const MIGRATIONS: ((db: Database) => void)[] = [
  (db) => {
    db.exec(`
      CREATE TABLE accounts (
        id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE COLLATE NOCASE, username TEXT NOT NULL,
        password_hash TEXT NOT NULL, status TEXT NOT NULL, expires TEXT NOT NULL, registered TEXT NOT NULL
      );
      CREATE TABLE api_keys (key TEXT PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id), expires TEXT, created TEXT NOT NULL);
      CREATE TABLE overlays (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, type TEXT NOT NULL, name TEXT NOT NULL, date TEXT NOT NULL);
      CREATE TABLE splash_pages (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, name TEXT NOT NULL, date TEXT NOT NULL);
      CREATE TABLE bio_pages (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, title TEXT NOT NULL, alias TEXT NOT NULL UNIQUE, date TEXT NOT NULL);
      CREATE TABLE channels (
        id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
        color TEXT NOT NULL, starred INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL
      );
      -- An item belongs to at most one channel: assigning it again moves it.
      CREATE TABLE channel_items (channel_id INTEGER NOT NULL, type TEXT NOT NULL, item_id INTEGER NOT NULL, date TEXT NOT NULL, PRIMARY KEY (type, item_id));
      CREATE INDEX channel_items_channel ON channel_items(channel_id);
      CREATE TABLE domains (
        id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, domain TEXT NOT NULL UNIQUE COLLATE NOCASE,
        redirectroot TEXT NOT NULL DEFAULT '', redirect404 TEXT NOT NULL DEFAULT '', created TEXT NOT NULL
      );
      CREATE TABLE campaigns (
        id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, name TEXT NOT NULL, slug TEXT UNIQUE COLLATE NOCASE,
        public INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL, rotation INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE links (
        id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, alias TEXT NOT NULL UNIQUE COLLATE NOCASE, longurl TEXT NOT NULL,
        title TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '', domain_id INTEGER, type TEXT NOT NULL DEFAULT 'direct',
        password_hash TEXT, expiry TEXT, geotarget TEXT NOT NULL DEFAULT '[]', devicetarget TEXT NOT NULL DEFAULT '[]',
        languagetarget TEXT NOT NULL DEFAULT '[]', parameters TEXT NOT NULL DEFAULT '[]', metatitle TEXT NOT NULL DEFAULT '',
        metadescription TEXT NOT NULL DEFAULT '', metaimage TEXT NOT NULL DEFAULT '', pixels TEXT NOT NULL DEFAULT '[]',
        campaign_id INTEGER, deeplink TEXT, status TEXT NOT NULL DEFAULT 'private', clicks INTEGER NOT NULL DEFAULT 0, date TEXT NOT NULL
      );
      CREATE INDEX links_account_date ON links(account_id, date);
      CREATE TABLE qr_codes (
        id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, code TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data TEXT NOT NULL,
        background TEXT, foreground TEXT, logo TEXT, name TEXT NOT NULL DEFAULT '', scans INTEGER NOT NULL DEFAULT 0, date TEXT NOT NULL
      );
      CREATE TABLE visits (
        id INTEGER PRIMARY KEY, link_id INTEGER, qr_id INTEGER, at TEXT NOT NULL, country TEXT, referrer TEXT NOT NULL,
        browser TEXT NOT NULL, os TEXT NOT NULL, visitor TEXT NOT NULL, social TEXT
      );
      CREATE INDEX visits_link ON visits(link_id);
      CREATE INDEX visits_qr ON visits(qr_id);
    `);
  },
  // 2: API keys are kept only as their SHA-256 (server/api-keys.ts). Every key of schema 1 was
  // stored as given, so each is hashed once here; the version says which rows are hashed.
  (db) => {
    db.exec('ALTER TABLE api_keys RENAME COLUMN key TO key_hash');
    const rows = db.prepare('SELECT rowid AS id, key_hash AS key FROM api_keys').all() as { id: number; key: string }[];
    const hash = db.prepare('UPDATE api_keys SET key_hash = ? WHERE rowid = ?');
    for (const { id, key } of rows) hash.run(keyHash(key), id);
  },
  // 3: tracking pixels (server/routes/pixels.ts), beyond the seed's operations.
  (db) => {
    db.exec(`
      CREATE TABLE pixels (id INTEGER PRIMARY KEY, account_id INTEGER NOT NULL, type TEXT NOT NULL, name TEXT NOT NULL, tag TEXT NOT NULL, date TEXT NOT NULL);
      CREATE INDEX pixels_account ON pixels(account_id);
    `);
  },
  // 4: ids never come back. Without AUTOINCREMENT SQLite hands the id of a deleted newest row to
  // the next insert, so an id a client (or a held request) still holds could name another
  // account's new record. Every table whose ids the API shows is rebuilt with AUTOINCREMENT.
  // Accounts are not: no route deletes one, and api_keys refers to them, so a rebuild would need
  // foreign keys off, which cannot change inside a migration's transaction. Visits' ids are never
  // shown.
  (db) => {
    for (const [table, columns, indexes] of AUTOINCREMENT_TABLES) rebuildWithAutoincrement(db, table, columns, indexes);
  },
];

/** Schema 4's tables whose ids the API shows: their columns as before, the key now AUTOINCREMENT. */
const AUTOINCREMENT_TABLES: [table: string, columns: string, indexes: string[]][] = [
  [
    'overlays',
    'id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, type TEXT NOT NULL, name TEXT NOT NULL, date TEXT NOT NULL',
    [],
  ],
  [
    'splash_pages',
    'id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, name TEXT NOT NULL, date TEXT NOT NULL',
    [],
  ],
  [
    'bio_pages',
    'id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, title TEXT NOT NULL, alias TEXT NOT NULL UNIQUE, date TEXT NOT NULL',
    [],
  ],
  [
    'channels',
    `id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, name TEXT NOT NULL, description TEXT NOT NULL DEFAULT '',
     color TEXT NOT NULL, starred INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL`,
    [],
  ],
  [
    'domains',
    `id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, domain TEXT NOT NULL UNIQUE COLLATE NOCASE,
     redirectroot TEXT NOT NULL DEFAULT '', redirect404 TEXT NOT NULL DEFAULT '', created TEXT NOT NULL`,
    [],
  ],
  [
    'campaigns',
    `id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, name TEXT NOT NULL, slug TEXT UNIQUE COLLATE NOCASE,
     public INTEGER NOT NULL DEFAULT 0, created TEXT NOT NULL, rotation INTEGER NOT NULL DEFAULT 0`,
    [],
  ],
  [
    'links',
    `id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, alias TEXT NOT NULL UNIQUE COLLATE NOCASE, longurl TEXT NOT NULL,
     title TEXT NOT NULL DEFAULT '', description TEXT NOT NULL DEFAULT '', domain_id INTEGER, type TEXT NOT NULL DEFAULT 'direct',
     password_hash TEXT, expiry TEXT, geotarget TEXT NOT NULL DEFAULT '[]', devicetarget TEXT NOT NULL DEFAULT '[]',
     languagetarget TEXT NOT NULL DEFAULT '[]', parameters TEXT NOT NULL DEFAULT '[]', metatitle TEXT NOT NULL DEFAULT '',
     metadescription TEXT NOT NULL DEFAULT '', metaimage TEXT NOT NULL DEFAULT '', pixels TEXT NOT NULL DEFAULT '[]',
     campaign_id INTEGER, deeplink TEXT, status TEXT NOT NULL DEFAULT 'private', clicks INTEGER NOT NULL DEFAULT 0, date TEXT NOT NULL`,
    ['CREATE INDEX links_account_date ON links(account_id, date)'],
  ],
  [
    'qr_codes',
    `id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, code TEXT NOT NULL UNIQUE, type TEXT NOT NULL, data TEXT NOT NULL,
     background TEXT, foreground TEXT, logo TEXT, name TEXT NOT NULL DEFAULT '', scans INTEGER NOT NULL DEFAULT 0, date TEXT NOT NULL`,
    [],
  ],
  [
    'pixels',
    'id INTEGER PRIMARY KEY AUTOINCREMENT, account_id INTEGER NOT NULL, type TEXT NOT NULL, name TEXT NOT NULL, tag TEXT NOT NULL, date TEXT NOT NULL',
    ['CREATE INDEX pixels_account ON pixels(account_id)'],
  ],
];

/**
 * Rebuilds `table` with `columns` (the same columns, in the same order), keeping its rows and
 * making `indexes` again (dropping the table took them), as SQLite's own recipe for a change
 * ALTER TABLE cannot make. No foreign key refers to these tables, so dropping one checks nothing.
 *
 * The sequence starts at the largest id the table holds: newest rows deleted before this
 * migration left no trace anywhere (that is what a table without AUTOINCREMENT keeps), so their ids
 * cannot be known and may be handed out once more; every id after that is new. A table that has a
 * sequence already (a database taken back to an older version by hand) keeps the larger of both.
 */
function rebuildWithAutoincrement(db: Database, table: string, columns: string, indexes: string[]): void {
  const rebuilt = `${table}_autoincrement`;
  db.exec(`CREATE TABLE ${rebuilt} (${columns})`);
  const names = (db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(rebuilt) as string[]).join(', ');
  db.exec(`INSERT INTO ${rebuilt} (${names}) SELECT ${names} FROM ${table}`);
  const sequence = db.prepare('SELECT seq FROM sqlite_sequence WHERE name = ?').pluck();
  const seq = Math.max(
    db.prepare(`SELECT COALESCE(MAX(id), 0) FROM ${table}`).pluck().get() as number,
    (sequence.get(table) as number | undefined) ?? 0,
  );
  db.exec(`DROP TABLE ${table}`);
  db.exec(`ALTER TABLE ${rebuilt} RENAME TO ${table}`);
  for (const index of indexes) db.exec(index);
  db.prepare('DELETE FROM sqlite_sequence WHERE name = ?').run(table);
  if (seq > 0) db.prepare('INSERT INTO sqlite_sequence (name, seq) VALUES (?, ?)').run(table, seq);
}

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Brings the database to schema `to`: the current one, or an older one as a release left it (tests). */
export function migrate(db: Database, to = SCHEMA_VERSION): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION)
    throw new Error(`The database is from a newer version (schema ${current}; this server knows ${SCHEMA_VERSION}).`);
  for (let v = current; v < Math.min(to, SCHEMA_VERSION); v++) {
    db.transaction(() => {
      MIGRATIONS[v]!(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

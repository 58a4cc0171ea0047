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
];

export const SCHEMA_VERSION = MIGRATIONS.length;

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > SCHEMA_VERSION)
    throw new Error(`The database is from a newer version (schema ${current}; this server knows ${SCHEMA_VERSION}).`);
  for (let v = current; v < SCHEMA_VERSION; v++) {
    db.transaction(() => {
      MIGRATIONS[v]!(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}

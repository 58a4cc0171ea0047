import type { IncomingMessage } from 'node:http';
import type { Database } from 'better-sqlite3';
import { keyHash, sameKeyHash } from '../api-keys';
import type { AccountRow } from '../context';
import { datetime } from '../time';

export type Auth = { ok: true; key: string; row: AccountRow } | { ok: false; message: string };

/**
 * `Authorization: Bearer KEY` (the spec's form) or, as older clients of the hosted service send
 * it, the bare `Authorization: KEY`: both name the same key. Anything else is malformed.
 */
const AUTHORIZATION = /^(?:Bearer\s+)?(\S+)$/i;

export function authenticate(db: Database, now: Date, req: IncomingMessage): Auth {
  const header = req.headers.authorization;
  if (!header) return { ok: false, message: 'Missing API key: send it as Authorization: Bearer <API_KEY>.' };
  const key = AUTHORIZATION.exec(header.trim())?.[1];
  if (!key) return { ok: false, message: 'Malformed Authorization header: use Bearer <API_KEY>.' };
  // Found by its hash (the database holds no key), and the hash compared again in constant time.
  const hash = keyHash(key);
  const found = db
    .prepare(
      'SELECT k.key_hash, k.expires AS key_expires, a.* FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?',
    )
    .get(hash) as (AccountRow & { key_hash: string; key_expires: string | null }) | undefined;
  if (!found || !sameKeyHash(found.key_hash, hash)) return { ok: false, message: 'API key is invalid.' };
  if (found.key_expires && found.key_expires <= datetime(now)) return { ok: false, message: 'API key has expired.' };
  const { key_expires: _expires, key_hash: _hash, ...row } = found;
  return { ok: true, key, row };
}

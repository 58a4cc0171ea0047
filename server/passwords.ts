import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;

/**
 * Salted scrypt; the password itself is never stored. Asynchronous: scrypt runs on libuv's
 * thread pool, so checking a guess (tens of ms of CPU) never stalls the event loop, where every
 * other request is served.
 */
function derive(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16).toString('hex');
  return `${salt}:${(await derive(password, salt)).toString('hex')}`;
}

/** "salt:hash" → its parts; null for NO_PASSWORD or anything unreadable, which no password matches. */
function readStored(stored: string): { salt: string; expected: Buffer } | null {
  const [salt, hash] = stored.split(':');
  return salt && hash ? { salt, expected: Buffer.from(hash, 'hex') } : null;
}

const same = (candidate: Buffer, expected: Buffer) =>
  candidate.length === expected.length && timingSafeEqual(candidate, expected);

/** Whether the password matches the stored hash; what every request uses. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = readStored(stored);
  return parts !== null && same(await derive(password, parts.salt), parts.expected);
}

/**
 * The same check, synchronous: it blocks the event loop for the length of a hash, so it is only
 * for tests and tools that read the database directly (the end-to-end account test does), never
 * for a request.
 */
export function checkPassword(password: string, stored: string): boolean {
  const parts = readStored(stored);
  return parts !== null && same(scryptSync(password, parts.salt, KEY_LENGTH), parts.expected);
}

/**
 * The password hash of an account that has never set one. The API signs in with keys, never with
 * passwords, so a new account needs none; no password matches it.
 */
export const NO_PASSWORD = '';

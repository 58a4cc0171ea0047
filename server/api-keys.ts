import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * API keys are stored only as the SHA-256 of the key, in hex: a copy of the database gives no key
 * that works. Keys are random (128 bits when generated), so a plain hash is enough; no salt or
 * slow hash is needed as it would be for passwords.
 */
export function keyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** Two key hashes compared in constant time. */
export function sameKeyHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === 32 && y.length === 32 && timingSafeEqual(x, y);
}

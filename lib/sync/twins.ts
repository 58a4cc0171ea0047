import type { Entity, Mirrored } from '../db/schema';

/**
 * Twins: Chromium resends a POST by itself when a reused connection closes before the answer, so
 * the service may create a record twice while the client hears of the second copy only. The API has
 * no idempotency key; records with an alias, slug or domain are protected by the service refusing
 * the copy, the others are not. A pulled record unknown here that matches, field by field, a record
 * created here moments before it (its id at most MAX_ID_GAP below ours) is flagged as a likely
 * twin, for the person to delete or keep.
 */
export const MAX_ID_GAP = 3;

/** Entities without a field the service keeps unique; the others cannot be doubled this way. */
const TWIN_PRONE = new Set<Entity>(['channel', 'qr', 'campaign']);

export function twinProne(entity: Entity): boolean {
  return TWIN_PRONE.has(entity);
}

/** Whether a pulled row (not known here) is a likely twin of `mine`, a row created here. */
export function looksLikeTwin(entity: Entity, pulled: Mirrored & Record<string, unknown>, mine: Mirrored & Record<string, unknown>): boolean {
  if (!mine.key.startsWith('l') || mine.id === null || pulled.id === null) return false;
  if (pulled.id >= mine.id || mine.id - pulled.id > MAX_ID_GAP) return false;
  // By name only: ours may have been edited since, the copy still holds what was first sent.
  if (pulled.name !== mine.name) return false;
  return entity !== 'campaign' || !mine.rotator;
}

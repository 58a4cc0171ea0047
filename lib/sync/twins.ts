import { madeHere } from '../db/keys';
import type { Entity, Mirrored } from '../db/schema';

/**
 * Twins: Chromium resends a POST by itself when a reused connection closes before the answer, so
 * the service may create a record twice while the client hears of the second copy only. The API has
 * no idempotency key; records with an alias, slug or domain are protected by the service refusing
 * the copy, the others are not. The extension prevents the resend itself by closing every
 * connection after its request (lib/browser/fresh-connections.ts); what follows is the fallback
 * where that rule cannot help, and a guard against copies made before it was set.
 *
 * A pulled record unknown here that matches, field by field, a record created here at the same
 * moment (its id at most MAX_ID_GAP from ours) is flagged as a likely twin, for the person to
 * delete or keep.
 *
 * A resend leaves one more mark: the service counts both requests against the key, so the answer's
 * X-RateLimit-Remaining is one lower than the requests sent from here explain. When a create's
 * answer showed that (`sentTwice` on the record) and the look-alike equals, field by field, what
 * was sent, the copy is ours beyond reasonable doubt and is deleted through the outbox, if the API
 * can delete that kind. Without that mark it is only flagged: it may be a record someone made
 * elsewhere with the same name.
 */
export const MAX_ID_GAP = 3;

/** Entities without a field the service keeps unique (links only without a custom alias). */
const TWIN_PRONE = new Set<Entity>(['channel', 'qr', 'campaign', 'link']);

export function twinProne(entity: Entity): boolean {
  return TWIN_PRONE.has(entity);
}

/**
 * Whether `pulled` was made around the moment `mine`, a record created here, was. Usually the
 * copy is the id just below ours (the first of the two requests); after a stopped worker's look-up
 * adopted the lower one, the copy is the id above.
 */
function madeAlongside(pulled: Mirrored, mine: Mirrored): boolean {
  if (!madeHere(mine.key) || mine.id === null || pulled.id === null) return false;
  return pulled.id !== mine.id && Math.abs(mine.id - pulled.id) <= MAX_ID_GAP;
}

/** Whether a pulled row (not known here) is a likely twin of `mine`, a row created here. */
export function looksLikeTwin(
  entity: Entity,
  pulled: Mirrored & Record<string, unknown>,
  mine: Mirrored & Record<string, unknown>,
): boolean {
  if (!madeAlongside(pulled, mine)) return false;
  if (entity === 'link') {
    // A custom alias is unique on the service: a resent copy of such a link is refused, not made.
    const input = mine.input as { custom?: string } | null | undefined;
    return !input?.custom && typeof mine.longurlKey === 'string' && pulled.longurlKey === mine.longurlKey;
  }
  // By name only: ours may have been edited since, the copy still holds what was first sent.
  if (pulled.name !== mine.name) return false;
  return entity !== 'campaign' || !mine.rotator;
}

/** Kinds the API can delete, so a proven copy can be removed rather than only shown. */
export function removable(entity: Entity): boolean {
  return entity === 'channel' || entity === 'campaign';
}

const comparable = (value: unknown) =>
  value === undefined || value === null || value === ''
    ? null
    : typeof value === 'string'
      ? value.trim().toLowerCase()
      : value;

/** Whether a pulled row holds exactly what a create sent (fields the row does not keep are not compared). */
export function holdsWhatWasSent(pulled: Record<string, unknown>, sent: Record<string, unknown>): boolean {
  return Object.entries(sent).every(
    ([field, value]) => !(field in pulled) || comparable(pulled[field]) === comparable(value),
  );
}

/** A copy to delete unasked: a likely twin of a record whose create bore the mark of a resend. */
export function provenTwin(
  entity: Entity,
  pulled: Mirrored & Record<string, unknown>,
  mine: Mirrored & Record<string, unknown>,
): boolean {
  // Compared with what was sent, not with ours as it is now: it may have been edited since.
  return (
    removable(entity) &&
    mine.sentTwice !== undefined &&
    madeAlongside(pulled, mine) &&
    holdsWhatWasSent(pulled, mine.sentTwice)
  );
}

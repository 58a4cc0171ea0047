/**
 * Local keys: every mirrored record has one, whether or not the service has given it an id yet.
 * Created locally: time-ordered ("l" + base-36 time + counter + random), so they sort by creation.
 * Pulled from the service: derived from the id ("s" + zero-padded id), so the same record always gets the same key.
 */
let lastTime = 0;
let counter = 0;

export function newLocalKey(now: number = Date.now()): string {
  if (now === lastTime) counter += 1;
  else {
    lastTime = now;
    counter = 0;
  }
  const random = Math.floor(Math.random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `l${now.toString(36).padStart(9, '0')}${counter.toString(36).padStart(3, '0')}${random}`;
}

/** Whether the record was created here (its key from newLocalKey), not first pulled from the service. */
export function madeHere(key: string): boolean {
  return key.startsWith('l');
}

/** Zero-padded, so keys of pulled records sort like their ids (the service's ids grow over time). */
export function serverKey(id: number): string {
  return `s${String(id).padStart(15, '0')}`;
}

/**
 * Newest first by key alone, without reading records: records made here ("l…", time-ordered) come
 * before pulled ones ("s…", ordered by id). Used where reading every row to sort would be too slow.
 */
export function compareKeysNewestFirst(a: string, b: string): number {
  if (a[0] !== b[0]) return a[0] === 'l' ? -1 : 1;
  return a < b ? 1 : a > b ? -1 : 0;
}

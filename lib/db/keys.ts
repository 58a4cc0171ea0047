/**
 * Local keys: every mirrored record has one, whether or not the service has given it an id yet.
 * Created locally: time-ordered ("l" + base-36 time + counter + random), so they sort by creation.
 * Pulled from the service: derived from the id ("s" + id), so the same record always gets the same key.
 */
let lastTime = 0;
let counter = 0;

export function newLocalKey(now: number = Date.now()): string {
  if (now === lastTime) counter += 1;
  else {
    lastTime = now;
    counter = 0;
  }
  const random = Math.floor(Math.random() * 36 ** 4).toString(36).padStart(4, '0');
  return `l${now.toString(36).padStart(9, '0')}${counter.toString(36).padStart(3, '0')}${random}`;
}

export function serverKey(id: number): string {
  return `s${id}`;
}

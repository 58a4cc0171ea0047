import { LinkpilotDb } from '@/lib/db/schema';

let counter = 0;
/** A fresh database per test (fake-indexeddb), so tests never share state. */
export function freshDb(): LinkpilotDb {
  counter += 1;
  return new LinkpilotDb(`test-${Date.now()}-${counter}`);
}

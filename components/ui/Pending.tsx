/**
 * Marks a part of a screen that is still coming (a view whose module loads, a stand-in for one): a
 * screen that holds room for a part waits until nothing in it is pending (useFilledIn), so that what
 * arrives late does not move what is around it.
 */
export const PENDING = { 'data-pending': '' } as const;

/** A Suspense fallback that takes no room and says that something is still coming. */
export function Pending() {
  return <span hidden {...PENDING} />;
}

/**
 * "Run unless someone else is": one drain at a time across the worker and every extension page,
 * with the Web Locks API (shared by all contexts of the extension's origin).
 */
export function exclusiveAcrossContexts(name: string) {
  return async <T>(fn: () => Promise<T>): Promise<T | undefined> => {
    const locks = (globalThis.navigator as Navigator | undefined)?.locks;
    if (!locks) return fn();
    return locks.request(name, { ifAvailable: true }, async (lock) => (lock ? fn() : undefined));
  };
}

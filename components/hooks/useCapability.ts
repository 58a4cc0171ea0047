import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';
import { type Capability, type Offered, readCapability } from '@/lib/kinds/capabilities';

/** Whether this connection's service is known not to offer an operation; follows the worker's findings live. */
export function useCapability(capability: Capability): Offered {
  const db = database();
  return useLiveQuery(() => readCapability(db, capability), [db, capability], 'unknown');
}

/** Whether each of `capabilities` may be offered (not known absent), read in one live query. */
export function useOffered<C extends Capability>(capabilities: readonly C[]): Record<C, boolean> {
  const db = database();
  const read = useLiveQuery(
    async () => Promise.all(capabilities.map((c) => readCapability(db, c))),
    [db, capabilities.join()],
  );
  return Object.fromEntries(capabilities.map((c, i) => [c, read?.[i] !== 'absent'])) as Record<C, boolean>;
}

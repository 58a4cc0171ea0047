import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';
import { type Capability, type Offered, readCapability } from '@/lib/kinds/capabilities';

/** Whether this connection's service is known not to offer an operation; follows the worker's findings live. */
export function useCapability(capability: Capability): Offered {
  const db = database();
  return useLiveQuery(() => readCapability(db, capability), [db, capability], 'unknown');
}

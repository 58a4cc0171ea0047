import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';
import { type Reachability, readReachability } from '@/lib/sync/reachability';

/**
 * How the service last answered the worker, live, for the active connection: undefined until read
 * (say nothing yet), null when it has not been asked.
 */
export function useReachability(): Reachability | null | undefined {
  const db = database();
  return useLiveQuery(() => readReachability(db), [db]);
}

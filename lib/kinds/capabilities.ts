import { metaFamily, readMeta, writeMeta } from '../db/meta';
import type { LinkpilotDb } from '../db/schema';

/**
 * Operations beyond the seed's (server/README.md, "Beyond the seed's operations"): a service of the
 * API family may or may not offer them. Learnt per connection (each has its own database), only from
 * an answer to something the person asked for, or to a list the refresh reads anyway (pixels),
 * never by probing: unknown until then, and tried.
 */
export type Capability =
  | 'linkEdit'
  | 'linkDelete'
  | 'qrEdit'
  | 'qrDelete'
  | 'pixels'
  | 'pixelAdd'
  | 'pixelEdit'
  | 'pixelDelete';

/** 'absent': the service answered that the route does not exist (lib/api/absent.ts). */
export type Offered = 'unknown' | 'absent';

export const capabilityKeys = metaFamily<Capability, Offered>('capability:', 'unknown');

export const readCapability = (db: LinkpilotDb, capability: Capability): Promise<Offered> =>
  readMeta(db, capabilityKeys.of(capability));

export const markAbsent = (db: LinkpilotDb, capability: Capability): Promise<void> =>
  writeMeta(db, capabilityKeys.of(capability), 'absent');

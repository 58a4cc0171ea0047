import type { SerializedApiError } from '../api/errors';
import type { FieldErrors } from '../api/validate-input';
import type { LinkRow } from '../db/schema';

/**
 * What the worker reports back for a sync message. Declared apart from the engine that produces
 * them, so the pages' side of the protocol (and lib/sync, which asks) never loads the engine.
 */
export interface DrainReport {
  sent: number;
  failed: number;
  /** When there is more to do and the drain stopped to wait. */
  wakeAt: number | null;
}

/** What the worker did with a person's own changes: the records whose changes went, and the service's answers. */
export interface OwnSent {
  sentKeys: string[];
  made: Record<string, Record<string, unknown>>;
}

/**
 * What sending a person's own changes did, for a page that waits on one: the records whose changes
 * went, and what the service answered to each create (its id, a link's short URL).
 */
export interface OwnReport extends DrainReport, OwnSent {}

/** A form's new link as the worker answers it (lib/links/handed.ts): a refusal as its data. */
export type ShortenedReply =
  | { state: 'invalid'; errors: FieldErrors }
  | { state: 'existing' | 'made' | 'queued'; link: LinkRow }
  | { state: 'refused'; error: SerializedApiError };

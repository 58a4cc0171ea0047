import type { SerializedApiError } from '../api/errors';
import type { LinkpilotDb } from '../db/schema';

/** A line of a list the service refused: its address, the alias asked for, and why. */
export interface RefusedLine {
  key: string;
  url: string;
  alias: string | null;
  error: SerializedApiError;
}

/**
 * The lines of a queued list (their links' keys) the service refused, in the list's order. Their
 * creates stay in the outbox, failed: a list's refusals may be many and its results go when they
 * are closed, while Sync keeps each line's address and alias to fix and send again, so nothing
 * typed is lost. The results name each one on its line, with the service's reason.
 */
export async function refusedLines(db: LinkpilotDb, keys: readonly string[]): Promise<RefusedLine[]> {
  const failed = await db.outbox
    .where('key')
    .anyOf([...keys])
    // The keys are the list's own links: their failed creates are the refusals.
    .filter((e) => e.op === 'create' && e.state === 'failed' && e.error !== undefined)
    .toArray();
  const byKey = new Map(failed.map((e) => [e.key, e]));
  return keys.flatMap((key) => {
    const entry = byKey.get(key);
    if (!entry?.error) return [];
    const input = (entry.payload as { input?: { url?: string; custom?: string } }).input ?? {};
    return [{ key, url: input.url ?? '', alias: input.custom ?? null, error: entry.error }];
  });
}

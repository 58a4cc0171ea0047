import { useLiveQuery } from 'dexie-react-hooks';
import { Pause } from 'lucide-react';
import { database } from '@/lib/db/open';
import { COLLECTIONS, PULL_CURSOR_KEY, type PullCursor, type PullStatus, pullStatusKey } from '@/lib/refresh/pull';
import { readReachability } from '@/lib/sync/reachability';

export const COLLECTION_LABEL: Record<(typeof COLLECTIONS)[number], string> = {
  account: 'Account',
  channels: 'Channels',
  campaigns: 'Campaigns',
  domains: 'Branded domains',
  overlays: 'CTA overlays',
  splash: 'Splash pages',
  qrs: 'QR codes',
  links: 'Short links',
  channelItems: 'Channel items',
};

/**
 * Progress of the copy of your data under way (nothing when none is running). When the service
 * can't be reached it says the copy is paused, and that it resumes by itself.
 */
export function MirrorProgress() {
  const state = useLiveQuery(async () => {
    const db = database();
    const cursor = (await db.meta.get(PULL_CURSOR_KEY))?.value as PullCursor | null | undefined;
    const status = cursor
      ? ((await db.meta.get(pullStatusKey(cursor.collection)))?.value as PullStatus | undefined)
      : undefined;
    return { cursor, status, reach: await readReachability(db) };
  });
  const cursor = state?.cursor;
  if (!cursor) return null;
  const index = COLLECTIONS.indexOf(cursor.collection);
  const maxpage = state?.status?.maxpage ?? null;
  // Each collection is one step; a multi-page collection fills its step page by page.
  const within = maxpage ? Math.min(1, (cursor.page - 1) / maxpage) : 0;
  const value = (index + within) / COLLECTIONS.length;
  const paused = state?.reach?.reachable === false || !navigator.onLine;
  const what = `${COLLECTION_LABEL[cursor.collection]}${maxpage && maxpage > 1 ? `, page ${cursor.page} of ${maxpage}` : ''}`;
  return (
    <div className="stack" data-testid="mirror-progress">
      {paused ? (
        <p className="muted row" data-testid="mirror-paused">
          <Pause size={14} aria-hidden="true" /> Copying your data is paused: the service can't be reached. It resumes
          by itself when it's back.
        </p>
      ) : (
        <p className="muted">
          Copying your data into this browser: step {index + 1} of {COLLECTIONS.length} ({what})
        </p>
      )}
      <progress max={1} value={value} aria-label="Copy of your data" className="progress" />
    </div>
  );
}

import { useLiveQuery } from 'dexie-react-hooks';
import { database } from '@/lib/db/open';
import { COLLECTIONS, PULL_CURSOR_KEY, type PullCursor, type PullStatus, pullStatusKey } from '@/lib/sync/pull';

const LABEL: Record<(typeof COLLECTIONS)[number], string> = {
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

/** Progress of the mirror refresh under way (nothing when none is running). */
export function MirrorProgress() {
  const state = useLiveQuery(async () => {
    const db = database();
    const cursor = (await db.meta.get(PULL_CURSOR_KEY))?.value as PullCursor | null | undefined;
    const status = cursor
      ? ((await db.meta.get(pullStatusKey(cursor.collection)))?.value as PullStatus | undefined)
      : undefined;
    return { cursor, status };
  });
  const cursor = state?.cursor;
  if (!cursor) return null;
  const index = COLLECTIONS.indexOf(cursor.collection);
  const maxpage = state?.status?.maxpage ?? null;
  // Each collection is one step; a multi-page collection fills its step page by page.
  const within = maxpage ? Math.min(1, (cursor.page - 1) / maxpage) : 0;
  const value = (index + within) / COLLECTIONS.length;
  return (
    <div className="stack" data-testid="mirror-progress">
      <label className="muted">
        Copying your data: {LABEL[cursor.collection]}
        {maxpage && maxpage > 1 ? ` (page ${cursor.page} of ${maxpage})` : ''}
        <progress max={1} value={value} aria-label="Mirror progress" style={{ width: '100%' }} />
      </label>
    </div>
  );
}

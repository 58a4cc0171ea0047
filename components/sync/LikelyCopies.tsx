import { useLiveQuery } from 'dexie-react-hooks';
import { plural, t } from '@/lib/browser/i18n';
import { database } from '@/lib/db/open';

const PLACES = [
  { table: 'channels', route: '#/channels', count: 'likelyCopies.channels' },
  { table: 'campaigns', route: '#/campaigns', count: 'likelyCopies.campaigns' },
  { table: 'qrs', route: '#/qr', count: 'likelyCopies.qrCodes' },
] as const;

/** Short links listed by name: the links table has no view of flagged ones to point to. */
const LINKS_SHOWN = 20;
const RECENT_LINKS = 500;

/** Where records flagged as likely copies wait for the person to decide (see TwinNotice). */
export function LikelyCopies() {
  const db = database();
  const counts = useLiveQuery(
    () => Promise.all(PLACES.map((p) => db.table(p.table).where('twinOf').above('').count())),
    [],
  );
  // Links are not indexed by `twinOf`: on 100k links that index slowed the table's first rows by a
  // third. A copy is made with ours, so it is among the newest; those are the ones looked through.
  const links = useLiveQuery(
    async () =>
      (await db.links.orderBy('date').reverse().limit(RECENT_LINKS).toArray())
        .filter((l) => l.twinOf !== undefined)
        .slice(0, LINKS_SHOWN),
    [],
  );
  if (!counts || !links || (counts.every((n) => n === 0) && links.length === 0)) return null;
  return (
    <div className="card stack" role="note" data-testid="likely-copies">
      <p>{t('likelyCopies.someRecordsLookLike')}</p>
      <ul>
        {PLACES.map((p, i) =>
          counts[i] ? (
            <li key={p.table}>
              <a href={p.route}>{plural(p.count, counts[i])}</a>
            </li>
          ) : null,
        )}
        {links.map((link) => (
          <li key={link.key}>{t('likelyCopies.shortLink', { short: link.shorturl, long: link.longurl })}</li>
        ))}
      </ul>
    </div>
  );
}

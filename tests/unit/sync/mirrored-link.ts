import type { LinkpilotDb } from '@/lib/db/schema';
import { linkRow } from '@/lib/kinds/link-row';

/** A link the service has (id 5, alias "docs", 12 clicks), mirrored here. */
export async function mirroredLink(db: LinkpilotDb, key = 'l5', id = 5) {
  const link = {
    id,
    alias: `docs${id}`,
    shorturl: `https://s.test/docs${id}`,
    longurl: 'https://example.com/docs',
    clicks: 12,
    title: 'Docs',
    description: '',
    date: '2026-11-01 10:00:00',
  };
  await db.links.add({ ...linkRow(link, undefined, Date.now()), key });
  return key;
}

/** The service's details of a link mirrored by `mirroredLink`, as unchanged. */
export const detailsOf = (id: number) => ({
  id,
  shorturl: `https://s.test/docs${id}`,
  longurl: 'https://example.com/docs',
  title: 'Docs',
  description: '',
  location: {},
  device: {},
  expiry: null,
  date: '2026-11-01 10:00:00',
});

import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { database } from '@/lib/db/open';
import type { LinkRow } from '@/lib/db/schema';
import { searchLinks } from '@/lib/links/queries';

/**
 * The recent list's live query, apart from the list: it brings Dexie, which the list's first paint
 * does without (it shows the rows read beforehand). Renders nothing; hands each answer to `onLinks`.
 */
export function LiveRecent({
  query,
  limit,
  onLinks,
}: {
  query: string;
  limit: number;
  onLinks: (answer: { query: string; links: LinkRow[] }) => void;
}) {
  const links = useLiveQuery(() => searchLinks(database(), query, limit), [query, limit]);
  useEffect(() => {
    if (links) onLinks({ query, links });
  }, [links, query, onLinks]);
  return null;
}

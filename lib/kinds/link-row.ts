import type { Link } from '../api/schemas/links';
import { formatDatetime } from '../api/schemas/primitives';
import { pageKey } from '../db/page-identity';
import { aliasOf, freshRow, originOf, pulledRow } from '../db/rows';
import type { LinkRow, QueuedLink } from '../db/schema';

/* A link's server record and queued create → mirror rows, and the words it is found by. */

/** A link as the service lists it; the campaign and the full create input, known only here, are kept. */
export function linkRow(link: Link, existing: LinkRow | undefined, pulledAt: number): LinkRow {
  return withLinkWords({
    ...pulledRow(link.id, existing, pulledAt),
    alias: link.alias || aliasOf(link.shorturl),
    shorturl: link.shorturl,
    longurl: link.longurl,
    longurlKey: '',
    clicks: link.clicks,
    title: link.title,
    description: link.description,
    date: link.date ?? existing?.date ?? '',
    campaignKey: existing?.campaignKey ?? null,
    // The domain a link lives on shows in its short URL (the API's listing has no other field for it).
    domain: existing?.domain || originOf(link.shorturl),
    status: existing?.status ?? null,
    input: existing?.sync === 'synced' ? null : (existing?.input ?? null),
    words: [],
  });
}

type LinkText = Pick<LinkRow, 'alias' | 'title' | 'description' | 'shorturl' | 'longurl'>;

/** Recomputes the derived fields (search words, long URL key) after any change to a link row. */
export function withLinkWords<T extends LinkText>(row: T): T & Pick<LinkRow, 'longurlKey' | 'words'> {
  return {
    ...row,
    longurlKey: pageKey(row.longurl),
    words: linkSearchWords(row),
  };
}

export const linkFromInput = ({ input, campaignKey }: QueuedLink, key: string, now: number): LinkRow =>
  withLinkWords({
    ...freshRow(key),
    alias: input.custom ?? '',
    shorturl: '',
    longurl: input.url,
    clicks: 0,
    title: input.metatitle ?? titleOf(input.url),
    description: input.description ?? '',
    date: formatDatetime(new Date(now)),
    campaignKey,
    domain: input.domain ?? '',
    status: input.status ?? null,
    input,
    longurlKey: '',
    words: [],
  });

function titleOf(url: string): string {
  try {
    const u = new URL(url);
    return u.hostname + (u.pathname === '/' ? '' : u.pathname);
  } catch {
    return url;
  }
}

/**
 * The words a record is found by: lower-cased runs of letters and digits from its alias, title,
 * description and URLs, capped so one huge title cannot blow up the index. Queries match words
 * by prefix (lib/links/queries.ts), so "exa" finds "example.com". One-letter words of the text count
 * too: "plan b" must find "Plan B". Links mirrored before they counted are re-indexed without a
 * schema upgrade: the refresh rewrites every row it reads whose derived fields differ
 * (lib/refresh/apply.ts), so each gets its one-letter words the next time its page is read.
 * Rewriting every link at once in an upgrade took 36 s at 100,000 links in Chromium, with the
 * mirror closed to every page meanwhile.
 */
const MAX_WORDS = 48;

/** Adds the words of `field` that have at least `shortest` letters, until there are MAX_WORDS. */
function addWords(words: Set<string>, field: string | null | undefined, shortest: number): void {
  if (!field) return;
  for (const word of field
    .toLowerCase()
    .slice(0, 4000)
    .split(/[^\p{L}\p{N}]+/u)) {
    if (words.size >= MAX_WORDS) return;
    if (word.length >= shortest && word.length <= 64) words.add(word);
  }
}

/** The words a link is found by: from its alias, title, description and both URLs. */
export function linkSearchWords(link: {
  alias: string;
  title: string | null | undefined;
  description: string | null | undefined;
  shorturl: string;
  longurl: string;
}): string[] {
  const words = new Set<string>();
  // A one-letter word of what people wrote is one they search for ("Plan B"). In an address it is a
  // path or parameter letter shared by many links (`?v=`, `/p/`, the digits of an IP host), which
  // only swells the index: there, words start at two letters.
  for (const field of [link.alias, link.title, link.description]) addWords(words, field, 1);
  for (const field of [link.shorturl, link.longurl]) addWords(words, withoutPort(field), 2);
  return [...words];
}

/**
 * An address without its port: nobody searches by one, and a service on a port (as a local one is)
 * gives the same number to every short URL, so that "87" found every link of a service on 8787.
 */
function withoutPort(address: string): string {
  return address.replace(/^([a-z][a-z0-9+.-]*:\/\/[^/?#]*?):\d+(?=[/?#]|$)/i, '$1');
}

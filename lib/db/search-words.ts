/**
 * The words a record is found by: lower-cased runs of letters and digits from its alias, title,
 * description and URLs, capped so one huge title cannot blow up the index. Queries match words
 * by prefix (see queries.ts), so "exa" finds "example.com". One-letter words of the text count
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

/** The words of what a person typed into a search box, longest first (the most selective). */
export function queryWords(text: string): string[] {
  return [
    ...new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter((w) => w.length >= 1),
    ),
  ].sort((a, b) => b.length - a.length);
}

/**
 * A long URL in the form used to find "the link for this page": scheme and host lower-cased,
 * default port, fragment and a trailing slash dropped. Query strings are kept: they often
 * select different content.
 */
export function normalizeLongUrl(value: string): string {
  try {
    const url = new URL(value.trim());
    url.hash = '';
    let out = url.toString();
    if (url.pathname !== '/' && out.endsWith('/') && !url.search) out = out.slice(0, -1);
    if (url.pathname === '/' && !url.search) out = out.replace(/\/$/, '');
    return out;
  } catch {
    return value.trim();
  }
}

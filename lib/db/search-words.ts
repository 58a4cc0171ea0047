/**
 * The words a record is found by: lower-cased runs of letters and digits from its alias, title,
 * description and URLs, capped so one huge title cannot blow up the index. Queries match words
 * by prefix (see queries.ts), so "exa" finds "example.com". One-letter words count too: "plan b"
 * must find "Plan B". Links mirrored before they counted are re-indexed without an upgrade: the
 * refresh rewrites every row it reads whose derived fields differ (lib/refresh/apply.ts), so each
 * gets its one-letter words the next time its page is read. Rewriting them all at once in a schema
 * upgrade took 36 s at 100,000 links in Chromium, with the mirror closed to every page meanwhile.
 */
const MAX_WORDS = 48;

export function searchWords(...fields: (string | null | undefined)[]): string[] {
  const words = new Set<string>();
  for (const field of fields) {
    if (!field) continue;
    for (const word of field
      .toLowerCase()
      .slice(0, 4000)
      .split(/[^\p{L}\p{N}]+/u)) {
      if (word.length >= 1 && word.length <= 64) words.add(word);
      if (words.size >= MAX_WORDS) return [...words];
    }
  }
  return [...words];
}

/** The words a link is found by: from its alias, title, description and both URLs. */
export function linkSearchWords(link: {
  alias: string;
  title: string | null | undefined;
  description: string | null | undefined;
  shorturl: string;
  longurl: string;
}): string[] {
  return searchWords(link.alias, link.title, link.description, link.shorturl, link.longurl);
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

/**
 * The words a record is found by: lower-cased runs of letters and digits from its alias, title,
 * description and URLs, capped so one huge title cannot blow up the index. Queries match words
 * by prefix (see queries.ts), so "exa" finds "example.com".
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
      if (word.length >= 2 && word.length <= 64) words.add(word);
      if (words.size >= MAX_WORDS) return [...words];
    }
  }
  return [...words];
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

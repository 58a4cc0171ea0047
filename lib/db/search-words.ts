/** How a search's words are read, and the long URL form that finds "the link for this page". */
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

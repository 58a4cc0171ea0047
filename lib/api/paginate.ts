import type { Page } from './schemas/envelope';

/** Asked for on every list walk; the service clamps it to its maximum and says so in `perpage`. */
export const LARGEST_PAGE_REQUEST = 1000;
/** A walk never goes past this many pages, whatever the service claims. */
export const MAX_PAGES = 10_000;

/**
 * Walks every page of a list. It trusts neither `nextpage` (whose last-page value is not
 * specified: 0, the same page, past maxpage or missing all occur) nor an endless `maxpage`:
 * it stops after maxpage, on an empty page, on a short page, or when the service repeats a page.
 */
export async function* walkPages<T>(
  fetchPage: (page: number, limit: number) => Promise<Page<T>>,
  limit = LARGEST_PAGE_REQUEST,
): AsyncGenerator<Page<T>> {
  let page = 1;
  let perpage: number | null = null;
  for (let walked = 0; walked < MAX_PAGES; walked++) {
    const result = await fetchPage(page, limit);
    // A service that ignores `page` answers with page 1 again: those records are not new.
    if (walked > 0 && result.currentpage !== page) return;
    yield result;
    perpage ??= result.perpage;
    const received = result.items.length + result.rejected.length;
    if (received === 0 || page >= result.maxpage || (perpage > 0 && received < perpage)) return;
    page += 1;
  }
}

/** Every record of a list, in order. */
export async function collectAll<T>(fetchPage: (page: number, limit: number) => Promise<Page<T>>): Promise<T[]> {
  const all: T[] = [];
  for await (const page of walkPages(fetchPage)) all.push(...page.items);
  return all;
}

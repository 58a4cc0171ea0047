import type { ApiClient } from '../api/client';
import type { LinkpilotDb } from '../db/schema';
import { type CollectionSpec, HEAD_COLLECTIONS, type HeadCollection, isListed, LISTS } from '../kinds/collections';
import { applySingle } from './apply';
import { listSource, readPage } from './lists';
import { readStatus, writeStatus } from './pull';

/**
 * Head checks: each list read from its newest end until a page holds nothing new or edited; in
 * the usual case, one request per list. Links are listed newest first (order=date); for the other
 * lists the pages tell which end is newest (their records' order), and a list shown oldest first is
 * read from its last page back. Each step is one request; a check that needs more pages keeps its
 * place in the list's status, so the outbox goes between pages and a stopped worker resumes.
 */
export { HEAD_COLLECTIONS, type HeadCollection };

/** A check that finds news on this many pages in a row leaves the rest to the reconcile walk. */
export const MAX_HEAD_PAGES = 5;

/** One request of a head check. Returns true while the check goes on (another page is due). */
export async function headStep(
  db: LinkpilotDb,
  api: ApiClient,
  collection: HeadCollection,
  at: number,
): Promise<boolean> {
  const status = await readStatus(db, collection);
  if (!isListed(collection)) {
    const spec: CollectionSpec = LISTS[collection];
    if (spec.how === 'single') await applySingle(db, spec.single, await spec.single.read(api));
    await writeStatus(db, collection, { ...status, checkedAt: at });
    return false;
  }
  const oldestFirst = status.order === 'asc';
  const head = status.head ?? {
    page: oldestFirst ? Math.max(1, status.maxpage ?? 1) : 1,
    forward: !oldestFirst,
    startedAt: at,
    boundary: null,
    pages: 0,
    top: 0,
  };
  const read = await readPage(db, api, listSource(collection), {
    page: head.page,
    at,
    previous: head.boundary,
    forward: head.forward,
    startedAt: head.startedAt,
    state: status,
  });
  const pages = head.pages + 1;
  const maxpage = read.page.maxpage;
  let next: NonNullable<typeof status.head> | undefined;
  const top = Math.max(head.top, head.page);
  if (read.state.order === 'asc' && head.forward && maxpage > head.page) {
    // Page 1 showed the list oldest first: its newest records are on the last page.
    next = { ...head, page: maxpage, forward: false, boundary: null, pages, top: maxpage };
  } else if (read.state.order === 'asc' && !head.forward && maxpage > top) {
    // The list grew by a page or more since it was last read: its newest end moved on.
    next = { ...head, page: maxpage, boundary: null, pages, top: maxpage };
  } else if (read.changed > 0 && pages < MAX_HEAD_PAGES) {
    const more = head.forward ? !read.last : head.page > 1;
    if (more) next = { ...head, page: head.page + (head.forward ? 1 : -1), boundary: read.boundary, pages, top };
  }
  await writeStatus(db, collection, {
    ...status,
    ...read.state,
    maxpage,
    checkedAt: next ? status.checkedAt : at,
    head: next,
  });
  return next !== undefined;
}

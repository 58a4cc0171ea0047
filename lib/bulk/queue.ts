import type { LinkFields } from '../api/inputs/links';
import type { LinkRow } from '../db/schema';
import { changeTables } from '../kinds';
import { ownShortUrlsAmong } from '../links/queries';
import { checkShortening, firstProblem } from '../links/shorten';
import { type ActionContext, create } from '../sync/actions';

/** What every link of a bulk list shares: where it goes (channel, campaign) and how it is made. */
export interface BulkPlacement {
  channelKey: string | null;
  campaignKey: string | null;
  fields?: Omit<LinkFields, 'url' | 'custom'>;
}

/** The most of a tab's title kept as its link's title, as the popup's Shorten form keeps. */
const TITLE_MAX = 200;

/**
 * One line of a list: its long URL, the alias and title asked for, or `reuse`, the key of an
 * existing link of the page the person chose to use instead of making another (see same-page.ts).
 */
export interface BulkLine {
  url: string;
  alias?: string;
  title?: string;
  reuse?: string;
}

/** A line the mirror already knows cannot be made (one of the account's short URLs, a taken alias): named, so the person can find it. */
export class BulkLineProblem extends Error {
  constructor(
    readonly line: BulkLine,
    readonly problem: Error,
  ) {
    super(`${line.url}: ${problem.message}`);
    this.name = 'BulkLineProblem';
  }
}

/**
 * Writes many links and their outbox entries in one transaction: a list of 1,000 is queued at
 * once (one transaction per link would take seconds), and either all of it is queued or none.
 * The engine then sends them within the budget like any other change. Returns the local keys in
 * the order given (a reused link's key where the line reuses one).
 */
export async function queueLinks(ctx: ActionContext, items: BulkLine[], placement: BulkPlacement): Promise<string[]> {
  const { db } = ctx;
  const now = new Date((ctx.now ?? Date.now)());
  // Every line checked before any is written: a list is queued whole or not at all.
  const lines: (string | LinkFields)[] = [];
  const isOwnShortUrl = await ownShortUrlsAmong(
    db,
    items.filter((item) => !item.reuse).map((item) => item.url),
  );
  for (const item of items) {
    if (item.reuse) {
      lines.push(item.reuse);
      continue;
    }
    const fields = {
      ...placement.fields,
      url: item.url,
      ...(item.alias ? { custom: item.alias } : {}),
      ...(item.title?.trim() ? { metatitle: item.title.trim().slice(0, TITLE_MAX) } : {}),
    };
    const checked = await checkShortening(db, { fields }, now, isOwnShortUrl);
    if (checked.errors) throw new BulkLineProblem(item, firstProblem(checked.errors));
    lines.push(checked.fields);
  }
  return db.transaction('rw', changeTables(db), async () => {
    const keys: string[] = [];
    for (const line of lines) {
      if (typeof line === 'string') keys.push(line);
      else
        keys.push(
          await create(ctx, 'link', {
            input: line,
            channelKey: placement.channelKey,
            campaignKey: placement.campaignKey,
          }),
        );
    }
    return keys;
  });
}

/**
 * How far a bulk list has got: links the service has made (they have a short URL), and the rest.
 * Links the list reused (`reused`, their keys) were made before it: they are not counted as shortened.
 */
export function bulkProgress(
  rows: (LinkRow | undefined)[],
  reused: ReadonlySet<string> = new Set(),
): { done: number; refused: number; total: number } {
  let done = 0;
  let refused = 0;
  let total = 0;
  for (const row of rows) {
    if (row && reused.has(row.key)) continue;
    total += 1;
    if (row?.shorturl) done += 1;
    else if (row?.sync === 'failed') refused += 1;
  }
  return { done, refused, total };
}

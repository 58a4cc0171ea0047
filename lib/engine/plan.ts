import { DEFAULT_WINDOW_MS } from '../api/rate-limit';
import type { LinkpilotDb } from '../db/schema';
import { COLLECTIONS, HEAD_COLLECTIONS, type HeadCollection, headEveryMs, isListed } from '../kinds/collections';
import { mirrored, readCursor, readStatus, startReconcile } from '../refresh/pull';
import { dueSample } from '../refresh/sample';
import { FRESH_FOR_MS, type ShownTarget, shownTargets, targetId } from '../refresh/shown';
import { refreshedAt } from '../refresh/shown-refresh';
import { available, type Budget } from './budget';
import { HOUR_MS, hourlyAllowance, usedInLastHour } from './usage';

/**
 * Background refresh at any account size, on a sliver of the allowance: which request, if any, the
 * engine should send next once no change of the outbox may go, and when to look again.
 *
 * - What is on screen first (lib/refresh/shown.ts), as the person's own requests.
 * - Head checks (lib/refresh/head.ts), each list at the pace lib/kinds/collections.ts gives it.
 * - The records people looked at, read by their ids as often as their charts need (lib/refresh/sample.ts).
 * - The reconcile walk (lib/refresh/pull.ts): one page at a time, evenly spaced, so that one full walk
 *   takes RECONCILE_CYCLE_MS, never faster, and slower when the share allows no more.
 *
 * Both kinds of background request together keep within the share of the hourly allowance the
 * person set (default 10 %), and go only while the current minute has budget left over.
 */
/**
 * One full reconcile walk every 8 hours at most: at 100,000 links (about 1,010 pages of 100) that
 * is 126 requests an hour, within the default share of 180 with the head checks' 26; a small
 * account walks in a few requests an hour.
 */
export const RECONCILE_CYCLE_MS = 8 * HOUR_MS;
/** Kept under the share by this much, so an hour's count never ends above it. */
const SHARE_MARGIN = 0.95;
/** Head checks take at most this part of the share; at a tiny share their intervals stretch. */
const HEAD_PART = 0.5;
/** Background requests go only while this part of the minute's limit is left (other tools first). */
const LEFT_OVER = 1 / 3;

export type RefreshTask =
  | { type: 'shown'; target: ShownTarget }
  | { type: 'head'; list: HeadCollection }
  | { type: 'sample'; target: ShownTarget }
  | { type: 'walk' };

export interface RefreshPlan {
  task: RefreshTask | null;
  /** When something will be due, if nothing is now. */
  wakeAt: number | null;
}

export interface RefreshContext {
  budget: Budget;
  /** Percent of the hourly allowance background refresh may use. */
  sharePercent: number;
  /** Targets being refreshed right now (by targetId), not to be asked for twice. */
  busy?: ReadonlySet<string>;
  /** What is on screen is refreshed once older than this (default FRESH_FOR_MS). */
  freshForMs?: number;
}

/** Requests an hour background refresh may send. */
export function shareAllowance(budget: Budget, sharePercent: number): number {
  return (hourlyAllowance(budget.limit) * Math.min(100, Math.max(0, sharePercent)) * SHARE_MARGIN) / 100;
}

/** How often each head check runs, stretched when the share is too small for the usual pace. */
export function headIntervals(allowance: number): Record<HeadCollection, number> {
  const perHour = HEAD_COLLECTIONS.reduce((sum, c) => sum + HOUR_MS / headEveryMs(c), 0);
  const stretch = Math.max(1, perHour / Math.max(1e-9, allowance * HEAD_PART));
  return Object.fromEntries(HEAD_COLLECTIONS.map((c) => [c, headEveryMs(c) * stretch])) as Record<
    HeadCollection,
    number
  >;
}

/** Pages one full walk reads, as the lists last said (each channel's items are at least one). */
export async function walkPages(db: LinkpilotDb): Promise<number> {
  let pages = (await db.channels.where('id').above(0).count()) + 1;
  for (const c of COLLECTIONS) if (isListed(c)) pages += Math.max(1, (await readStatus(db, c)).maxpage ?? 1);
  return pages;
}

/** Walk pages an hour: what one walk per cycle needs, at most what the share leaves the walk. */
export function walkRate(pages: number, allowance: number, intervals: Record<HeadCollection, number>): number {
  const heads = HEAD_COLLECTIONS.reduce((sum, c) => sum + HOUR_MS / intervals[c], 0);
  return Math.max(0.1, Math.min(allowance - heads, (pages * HOUR_MS) / RECONCILE_CYCLE_MS));
}

export async function planRefresh(db: LinkpilotDb, now: number, ctx: RefreshContext): Promise<RefreshPlan> {
  const freshForMs = ctx.freshForMs ?? FRESH_FOR_MS;
  for (const target of await shownTargets(db, now)) {
    if (ctx.busy?.has(targetId(target))) continue;
    const at = await refreshedAt(db, target);
    if (at !== null && now - at >= freshForMs) return { task: { type: 'shown', target }, wakeAt: null };
  }
  if (!(await mirrored(db))) return { task: null, wakeAt: null };

  const allowance = shareAllowance(ctx.budget, ctx.sharePercent);
  const usage = ctx.budget.usage ?? [];
  if (usedInLastHour(usage, now, ['refresh']) + 1 > allowance) {
    // The share is spent: look again once the oldest background request of the hour has left it.
    const oldest = usage.find((b) => b[3] > 0 && b[0] > now - HOUR_MS);
    return { task: null, wakeAt: (oldest ? oldest[0] + HOUR_MS : now) + DEFAULT_WINDOW_MS };
  }
  const leftOver = available(ctx.budget, now) > ctx.budget.limit * LEFT_OVER;
  const waitForLeftOver = ctx.budget.resetAt ?? now + DEFAULT_WINDOW_MS;

  const intervals = headIntervals(allowance);
  let wakeAt = Infinity;
  let due: { list: HeadCollection; at: number } | null = null;
  for (const list of HEAD_COLLECTIONS) {
    const status = await readStatus(db, list);
    const at = status.head ? 0 : (status.checkedAt ?? 0) + intervals[list];
    if (at <= now && (!due || at < due.at)) due = { list, at };
    else wakeAt = Math.min(wakeAt, at);
  }
  if (due)
    return leftOver
      ? { task: { type: 'head', list: due.list }, wakeAt: null }
      : { task: null, wakeAt: waitForLeftOver };

  const sample = await dueSample(db, now, ctx.busy);
  if (sample.target)
    return leftOver
      ? { task: { type: 'sample', target: sample.target }, wakeAt: null }
      : { task: null, wakeAt: waitForLeftOver };
  wakeAt = Math.min(wakeAt, sample.wakeAt);

  let cursor = await readCursor(db, 'reconcile');
  if (!cursor) {
    // One walk follows another, each spread over a cycle: it starts one step from now.
    await startReconcile(db, now);
    cursor = await readCursor(db, 'reconcile');
  }
  const spacing = HOUR_MS / walkRate(await walkPages(db), allowance, intervals);
  const walkAt = (cursor?.steppedAt ?? cursor?.startedAt ?? now) + spacing;
  if (walkAt <= now)
    return leftOver ? { task: { type: 'walk' }, wakeAt: null } : { task: null, wakeAt: waitForLeftOver };
  return { task: null, wakeAt: Math.min(wakeAt, walkAt) };
}

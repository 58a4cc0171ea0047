import { liveQuery } from 'dexie';
import { copyFromWorker, readyWorkerClipboard } from '@/lib/browser/clipboard';
import { t } from '@/lib/browser/i18n';
import { notify } from '@/lib/browser/notify';
import { errorInWords, problemInWords, storedErrorInWords } from '@/lib/browser/problems-in-words';
import { linkForPage } from '@/lib/db/queries';
import type { LinkpilotDb, LinkRow } from '@/lib/db/schema';
import { createPageLink } from '@/lib/links/page-link-action';
import { whyNotShortenable } from '@/lib/pages/shortenable';
import type { Claimed } from '@/lib/sync/outbox';
import type { BackgroundSync } from './sync';

/**
 * Shortens a URL from a browser surface (context menu, keyboard shortcut) with the active
 * connection: reuses the page's existing link when there is one, otherwise queues the one the
 * popup's "Shorten this page" would make (see lib/links/page-link.ts) at the highest priority and
 * sends it at once. The result is copied and confirmed with a notification, or the failure
 * explained; offline, the link waits in the queue and the notification says so.
 */
export async function shortenAndCopy(sync: BackgroundSync, url: string | undefined, title = ''): Promise<void> {
  if (!url) return notify(t('notify.nothingTitle'), t('notify.nothingText'));
  const why = whyNotShortenable(url);
  if (why) return notify(t('notify.cannotTitle'), problemInWords(why));
  const active = await sync.active();
  if (!active) return notify(t('notify.notConnectedTitle'), t('notify.notConnectedText'));
  const { db } = active;
  // Beside the look-up and the request, not after them: the copy at the end then waits for nothing.
  readyWorkerClipboard().catch(() => undefined);
  const existing = await linkForPage(db, url);
  let row: Pick<LinkRow, 'key' | 'shorturl'> | undefined = existing;
  if (!row) {
    let key: string;
    const claimed: Claimed[] = [];
    try {
      const ctx = { db, priority: 0 as const, claimed: (entry: Claimed) => void claimed.push(entry) };
      key = await createPageLink(ctx, { url, title });
    } catch (error) {
      return notify(t('notify.cannotTitle'), errorInWords(error, t('notify.refused')));
    }
    // Sent at once, beside whatever the drain is doing, and copied as soon as the service answers
    // (its writing need not be waited for). When it cannot go at once (offline, a backoff, the
    // budget), the drain sends it when it can, and the row says how it stands after a short wait.
    const { made } = await sync.sendOwn(db.name, claimed);
    void active.drain().catch((e: unknown) => console.error('Linkpilot: sending a shortcut link failed', e));
    const shorturl = made[key]?.shorturl;
    if (typeof shorturl === 'string' && shorturl) row = { key, shorturl };
    else row = navigator.onLine ? await sentOrStopped(db, key) : await db.links.get(key);
    if (!row) return notify(t('notify.savedTitle'), t('notify.savedText'));
  }
  if (row.shorturl) {
    const copied = await copyFromWorker(row.shorturl);
    return notify(
      copied ? t('notify.copiedTitle') : t('notify.readyTitle'),
      existing ? t('notify.alreadyShortened', { url: row.shorturl }) : row.shorturl,
    );
  }
  const entry = await db.outbox.where('key').equals(row.key).first();
  if (entry?.state === 'failed')
    return notify(t('notify.refusedTitle'), entry.error ? storedErrorInWords(entry.error) : t('notify.openSync'));
  return notify(t('notify.savedTitle'), t('notify.savedText'));
}

/** How long a shortcut waits for its link to be sent by the drain before saying it is saved. */
const WAIT_FOR_DRAIN_MS = 5_000;

/**
 * The link's row once its short URL is known or its change has stopped (refused, or to be tried
 * again later), or as it is after WAIT_FOR_DRAIN_MS.
 */
function sentOrStopped(db: LinkpilotDb, key: string): Promise<LinkRow | undefined> {
  return new Promise((resolve) => {
    let last: LinkRow | undefined;
    const finish = () => {
      clearTimeout(timer);
      subscription.unsubscribe();
      resolve(last);
    };
    const timer = setTimeout(finish, WAIT_FOR_DRAIN_MS);
    const subscription = liveQuery(async () => ({
      row: await db.links.get(key),
      entry: await db.outbox.where('key').equals(key).first(),
    })).subscribe({
      next: ({ row, entry }) => {
        last = row;
        if (row?.shorturl || !entry || entry.state === 'failed' || entry.error) finish();
      },
      error: finish,
    });
  });
}

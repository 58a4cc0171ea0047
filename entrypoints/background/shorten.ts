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
import type { Utm } from '@/lib/utm/utm';
import type { BackgroundSync } from './sync';

/** The short link of one address, or what to tell the person instead (a notification's title and text). */
export type ShortLinkOutcome =
  | { shorturl: string; existing: boolean }
  | { shorturl?: undefined; title: string; text: string };

/**
 * The short link of a URL asked for from a browser surface (context menu, keyboard shortcut, a
 * text field), with the active connection: the page's existing link when there is one, otherwise
 * the one the popup's "Shorten this page" would make (see lib/links/page-link.ts), queued at the
 * highest priority and sent at once. Offline, or when the service has not answered after a short
 * wait, the link stays queued and the outcome says it is saved.
 */
export async function shortLinkFor(
  sync: BackgroundSync,
  url: string | undefined,
  page: { title?: string; utm?: Utm } = {},
): Promise<ShortLinkOutcome> {
  if (!url) return { title: t('notify.nothingTitle'), text: t('notify.nothingText') };
  const why = whyNotShortenable(url);
  if (why) return { title: t('notify.cannotTitle'), text: problemInWords(why) };
  const active = await sync.active();
  if (!active) return { title: t('notify.notConnectedTitle'), text: t('notify.notConnectedText') };
  const { db } = active;
  const existing = await linkForPage(db, url);
  if (existing?.shorturl) return { shorturl: existing.shorturl, existing: true };
  let row: Pick<LinkRow, 'key' | 'shorturl'> | undefined = existing;
  if (!row) {
    let key: string;
    const claimed: Claimed[] = [];
    try {
      const ctx = { db, priority: 0 as const, claimed: (entry: Claimed) => void claimed.push(entry) };
      key = await createPageLink(ctx, { url, title: page.title ?? '' }, page.utm);
    } catch (error) {
      return { title: t('notify.cannotTitle'), text: errorInWords(error, t('notify.refused')) };
    }
    // Sent at once, beside whatever the drain is doing, and used as soon as the service answers
    // (its writing need not be waited for). When it cannot go at once (offline, a backoff, the
    // budget), the drain sends it when it can, and the row says how it stands after a short wait.
    const { made } = await sync.sendOwn(db.name, claimed);
    void active.drain().catch((e: unknown) => console.error('Linkpilot: sending a shortcut link failed', e));
    const shorturl = made[key]?.shorturl;
    if (typeof shorturl === 'string' && shorturl) return { shorturl, existing: false };
    row = navigator.onLine ? await sentOrStopped(db, key) : await db.links.get(key);
    if (!row) return { title: t('notify.savedTitle'), text: t('notify.savedText') };
  }
  if (row.shorturl) return { shorturl: row.shorturl, existing: false };
  const entry = await db.outbox.where('key').equals(row.key).first();
  if (entry?.state === 'failed')
    return {
      title: t('notify.refusedTitle'),
      text: entry.error ? storedErrorInWords(entry.error) : t('notify.openSync'),
    };
  return { title: t('notify.savedTitle'), text: t('notify.savedText') };
}

/** Shortens a URL from the context menu or the shortcut and copies the short link, or says why not. */
export async function shortenAndCopy(sync: BackgroundSync, url: string | undefined, title = ''): Promise<void> {
  // Beside the look-up and the request, not after them: the copy at the end then waits for nothing.
  if (url) readyWorkerClipboard().catch(() => undefined);
  const outcome = await shortLinkFor(sync, url, { title });
  if (outcome.shorturl === undefined) return notify(outcome.title, outcome.text);
  const copied = await copyFromWorker(outcome.shorturl);
  return notify(
    copied ? t('notify.copiedTitle') : t('notify.readyTitle'),
    outcome.existing ? t('notify.alreadyShortened', { url: outcome.shorturl }) : outcome.shorturl,
  );
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
